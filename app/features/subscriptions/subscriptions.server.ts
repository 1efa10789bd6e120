/**
 * Studio subscriptions (memberships): listing them with their state, cancelling and refunding. The
 * user's membershipStatus follows: active while any subscription is active or in its trial.
 */
import { and, desc, eq, inArray, sql, type Placeholder, type SQLWrapper } from "drizzle-orm";
import { checkoutSessions, purchases, subscriptions, users, type SubscriptionRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import {
  isTrialExpired,
  SUBSCRIPTION_MESSAGES,
  trialDaysRemaining,
  type MembershipFlags,
  type SubscriptionState,
} from "./rules";

export { SUBSCRIPTION_MESSAGES };

/** How long after buying a membership it can be refunded in full. */
export const REFUND_WINDOW_DAYS = 30;

export interface SubscriptionView extends SubscriptionState {
  id: string;
  productId: string;
  interval: "month" | "year";
  priceCents: number;
  currentPeriodEnd: string;
  trialEndsAt: string | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
  createdAt: string;
  refundable: boolean;
}

export function subscriptionView(row: SubscriptionRow, now: number, refunded = false): SubscriptionView {
  return {
    id: row.id,
    productId: row.productId,
    interval: row.interval,
    priceCents: row.priceCents,
    status: row.status,
    trialDaysRemaining: trialDaysRemaining(row.trialEndsAt, now),
    isTrialExpired: isTrialExpired(row.trialEndsAt, now),
    currentPeriodEnd: new Date(row.currentPeriodEnd).toISOString(),
    trialEndsAt: row.trialEndsAt ? new Date(row.trialEndsAt).toISOString() : null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    canceledAt: row.canceledAt ? new Date(row.canceledAt).toISOString() : null,
    createdAt: new Date(row.createdAt).toISOString(),
    // A trial has charged nothing: cancelling is what ends it.
    refundable:
      !refunded &&
      row.status !== "canceled" &&
      row.status !== "trialing" &&
      now - row.createdAt <= REFUND_WINDOW_DAYS * 86_400_000,
  };
}

/** The user's subscriptions, newest first, with their state; the summary GET user-studio-subscriptions returns. */
export async function userSubscriptions(
  app: AppContext,
  userId: string,
): Promise<{ subscriptions: SubscriptionView[]; hasActiveSubscription: boolean }> {
  const rows = await app.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt));
  const refunded = await refundedCheckouts(
    app,
    rows.map((r) => r.checkoutSessionId).filter((id): id is string => Boolean(id)),
  );
  const views = rows.map((r) =>
    subscriptionView(r, app.now, r.checkoutSessionId ? refunded.has(r.checkoutSessionId) : false),
  );
  return { subscriptions: views, hasActiveSubscription: views.some((s) => s.status === "active") };
}

async function refundedCheckouts(app: AppContext, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await app.db
    .select({ id: purchases.checkoutSessionId, refunded: purchases.refundedInfo })
    .from(purchases)
    .where(inArray(purchases.checkoutSessionId, ids));
  return new Set(rows.filter((r) => r.refunded).map((r) => r.id));
}

async function ownedSubscription(app: AppContext, userId: string, subscriptionId: string) {
  return (
    (await app.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)))
      .get()) ?? null
  );
}

/** membershipStatus follows the subscriptions: active while one is active or trialing (one statement, for a batch). */
export function syncMembership(app: AppContext, userId: string) {
  return app.bindings.DB.prepare(
    `UPDATE users SET membership_status = CASE WHEN EXISTS (SELECT 1 FROM subscriptions WHERE user_id = ?1 AND status IN ('active', 'trialing')) THEN 'active' ELSE 'inactive' END
     WHERE id = ?1 AND membership_status <> 'suspended'`,
  ).bind(userId);
}

export type SubscriptionChange =
  { success: true; message: string; subscription: SubscriptionView } | { success: false; message: string };

/**
 * POST /api/users/cancelSubscription: with shouldUnenroll (the default) access ends now; without it
 * the membership runs to the end of the paid period and does not renew.
 */
export async function cancelSubscription(
  app: AppContext,
  userId: string,
  input: { subscriptionId: string; reason: string; feedback: string; shouldUnenroll: boolean },
  cancelAtProvider: (row: SubscriptionRow, now: boolean) => Promise<void> = async () => undefined,
): Promise<SubscriptionChange> {
  const row = await ownedSubscription(app, userId, input.subscriptionId);
  if (!row || row.status === "canceled") return { success: false, message: SUBSCRIPTION_MESSAGES.cancelFailed };
  try {
    await cancelAtProvider(row, input.shouldUnenroll);
  } catch (error) {
    console.error("cancel: the payment provider failed", error);
    return { success: false, message: SUBSCRIPTION_MESSAGES.cancelFailed };
  }
  const DB = app.bindings.DB;
  const change = input.shouldUnenroll
    ? DB.prepare(
        `UPDATE subscriptions SET status = 'canceled', canceled_at = ?2, cancel_at_period_end = 0, cancel_reason = ?3, cancel_feedback = ?4 WHERE id = ?1 AND status <> 'canceled'`,
      )
    : DB.prepare(
        `UPDATE subscriptions SET cancel_at_period_end = 1, canceled_at = ?2, cancel_reason = ?3, cancel_feedback = ?4 WHERE id = ?1 AND status <> 'canceled'`,
      );
  await DB.batch([change.bind(row.id, app.now, input.reason, input.feedback), syncMembership(app, userId)]);
  const after = (await ownedSubscription(app, userId, row.id))!;
  return {
    success: true,
    message: input.shouldUnenroll
      ? "Your membership has been cancelled."
      : "Your membership will end at the end of the period you paid for.",
    subscription: subscriptionView(after, app.now),
  };
}

/**
 * POST /api/users/refundSubscription: within the refund window, the membership's payment is
 * refunded, the subscription cancelled and access ends. Once only.
 */
export async function refundSubscription(
  app: AppContext,
  userId: string,
  input: { subscriptionId: string; reason: string; feedback: string },
  refundPayment: (checkoutSessionId: string, amountCents: number) => Promise<void>,
): Promise<SubscriptionChange> {
  const row = await ownedSubscription(app, userId, input.subscriptionId);
  if (!row || !row.checkoutSessionId) return { success: false, message: SUBSCRIPTION_MESSAGES.refundFailed };
  const view = subscriptionView(
    row,
    app.now,
    (await refundedCheckouts(app, [row.checkoutSessionId])).has(row.checkoutSessionId),
  );
  if (!view.refundable) return { success: false, message: SUBSCRIPTION_MESSAGES.refundFailed };
  const purchase = await app.db
    .select()
    .from(purchases)
    .where(and(eq(purchases.checkoutSessionId, row.checkoutSessionId), eq(purchases.productId, row.productId)))
    .get();
  if (!purchase || purchase.amountCents <= 0) return { success: false, message: SUBSCRIPTION_MESSAGES.refundFailed };
  try {
    await refundPayment(row.checkoutSessionId, purchase.amountCents);
  } catch (error) {
    console.error("refund: the payment provider failed", error);
    return { success: false, message: SUBSCRIPTION_MESSAGES.refundFailed };
  }
  const DB = app.bindings.DB;
  const refundedInfo = JSON.stringify({ refundedAt: app.now, amountCents: purchase.amountCents, reason: input.reason });
  await DB.batch([
    DB.prepare(`UPDATE purchases SET refunded_info = ?2 WHERE id = ?1 AND refunded_info IS NULL`).bind(
      purchase.id,
      refundedInfo,
    ),
    DB.prepare(
      `UPDATE subscriptions SET status = 'canceled', canceled_at = ?2, cancel_reason = ?3, cancel_feedback = ?4 WHERE id = ?1`,
    ).bind(row.id, app.now, input.reason, input.feedback),
    syncMembership(app, userId),
  ]);
  const after = (await ownedSubscription(app, userId, row.id))!;
  return { success: true, message: "Your refund is on its way.", subscription: subscriptionView(after, app.now, true) };
}

/** The checkout a subscription was bought in (for the provider's refund). */
export async function checkoutOf(app: AppContext, checkoutSessionId: string) {
  return (await app.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, checkoutSessionId)).get()) ?? null;
}

/** Admins may look at another user's subscriptions (asUserEmail / asUserId). */
export async function findUserId(app: AppContext, by: { email?: string; id?: string }): Promise<string | null> {
  if (by.id) return (await app.db.select({ id: users.id }).from(users).where(eq(users.id, by.id)).get())?.id ?? null;
  if (by.email)
    return (
      (await app.db.select({ id: users.id }).from(users).where(eq(users.email, by.email.toLowerCase())).get())?.id ??
      null
    );
  return null;
}

/**
 * The two flags every screen may need, as columns of a query about one user (an id, or the users.id
 * column of a query that joins users): index look-ups, so they ride along in the root loader's one
 * query (features/shell/shell.server.ts).
 */
export function membershipFlagColumns(userId: SQLWrapper | string, now: number | Placeholder) {
  return {
    hasActiveSubscription:
      sql<boolean>`(SELECT coalesce(max(status = 'active'), 0) FROM subscriptions WHERE user_id = ${userId})`.mapWith(
        Boolean,
      ),
    hasActiveOrTrialSubscription:
      sql<boolean>`(SELECT coalesce(max(status = 'active' OR (status = 'trialing' AND trial_ends_at > ${now})), 0) FROM subscriptions WHERE user_id = ${userId})`.mapWith(
        Boolean,
      ),
  };
}

/** The two flags of one user: hasActive and hasActiveOrTrial (false for a user who is not there). */
export async function subscriptionFlags(app: AppContext, userId: string): Promise<MembershipFlags> {
  const row = await app.db.select(membershipFlagColumns(userId, app.now)).from(users).where(eq(users.id, userId)).get();
  return row ?? { hasActiveSubscription: false, hasActiveOrTrialSubscription: false };
}
