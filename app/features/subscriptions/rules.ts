/** Subscription and membership state (spec 4 "Subscription state"): pure rules shared by server and screens. */

export const SUBSCRIPTION_MESSAGES = {
  cancelFailed: "Failed to cancel subscription",
  refundFailed: "Failed to process refund",
  fetchFailed: "Failed to fetch subscription status",
} as const;

/** The two membership flags a page may need; null where they could not be read (not the same as no membership). */
export interface MembershipFlags {
  hasActiveSubscription: boolean;
  hasActiveOrTrialSubscription: boolean;
}

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
export function isActiveMember(
  user: { membershipStatus: string | null } | null,
  membership?: { status: string } | null,
): boolean {
  return user?.membershipStatus === "active" || membership?.status === "active";
}

export type PlanInterval = "month" | "year";

/** Spec 4 "Plans list": the yearly plan (else a 12-month one) first and selected by default; otherwise the first. */
export function orderPlans<T extends { interval: PlanInterval }>(plans: T[]): T[] {
  const yearly = plans.findIndex((p) => p.interval === "year");
  if (yearly <= 0) return plans;
  return [plans[yearly], ...plans.slice(0, yearly), ...plans.slice(yearly + 1)];
}

/** The end of a billing period that starts at `from` (calendar months; a year is 12 of them). UTC. */
export function periodEnd(from: number, interval: PlanInterval): number {
  const d = new Date(from);
  const months = interval === "year" ? 12 : 1;
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ),
  );
  // Keep the day of month, or the month's last day when it is shorter (31 Jan -> 28/29 Feb).
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.getTime();
}

/** 'then $20.00 a month' style wording for a plan. */
export const intervalWord = (interval: PlanInterval) => (interval === "year" ? "year" : "month");

/** Days a subscription may stay past due before it is cancelled. */
export const PAST_DUE_GRACE_DAYS = 14;
