/** Subscription and membership state (spec 4 "Subscription state"): pure rules shared by server and screens. */

export const SUBSCRIPTION_STATUSES = ["active", "trialing", "past_due", "canceled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface SubscriptionState {
  status: SubscriptionStatus;
  trialDaysRemaining: number;
  isTrialExpired: boolean;
}

const DAY_MS = 86_400_000;

/** Whole days of trial left (rounded up, so the last hours still count as a day); 0 when over. */
export function trialDaysRemaining(trialEndsAt: number | null, now: number): number {
  if (trialEndsAt === null || trialEndsAt <= now) return 0;
  return Math.ceil((trialEndsAt - now) / DAY_MS);
}

export function isTrialExpired(trialEndsAt: number | null, now: number): boolean {
  return trialEndsAt !== null && trialEndsAt <= now;
}

/** hasActiveOrTrial: any subscription active, or with trial days left and not trial-expired. */
export function hasActiveOrTrial(subscriptions: SubscriptionState[]): boolean {
  return subscriptions.some((s) => s.status === "active" || (s.trialDaysRemaining > 0 && !s.isTrialExpired));
}

export function hasActive(subscriptions: SubscriptionState[]): boolean {
  return subscriptions.some((s) => s.status === "active");
}

/** Membership counts as active when the user's membershipStatus or the membership's status is 'active'. */
export function isActiveMember(user: { membershipStatus: string | null } | null, membership?: { status: string } | null): boolean {
  return user?.membershipStatus === "active" || membership?.status === "active";
}
