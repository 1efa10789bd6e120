/**
 * The embedded provider's renewals, run by the scheduled handler (workers/app.ts, every 15 minutes):
 * each local subscription whose period has ended is either ended (cancelled at period end, or past
 * due too long) or charged for the next period on the saved card. Stripe renews its own and tells us
 * by webhook. Each step is one D1 batch guarded by the period it renews, so overlapping runs renew
 * once, and the invoice is unique per subscription and period.
 */
import { and, eq, inArray, lte } from "drizzle-orm";
import { savedCards, subscriptions, type SubscriptionRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { isDevelopment } from "~/platform/env";
import { PAST_DUE_GRACE_DAYS, periodEnd } from "./rules";
import { syncMembership as membership } from "./subscriptions.server";

const DAY_MS = 86_400_000;
/** The test card that is always declined: a saved card ending in these digits fails its renewals. */
const DECLINING_LAST4 = new Set(["0002", "9995"]);

export interface RenewalReport {
  renewed: number;
  ended: number;
  failed: number;
}

export async function renewDueSubscriptions(app: AppContext, limit = 200): Promise<RenewalReport> {
  const due = await app.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, "local"),
        inArray(subscriptions.status, ["active", "trialing", "past_due"]),
        lte(subscriptions.currentPeriodEnd, app.now),
      ),
    )
    .limit(limit);
  const report: RenewalReport = { renewed: 0, ended: 0, failed: 0 };
  for (const sub of due) report[await renewOne(app, sub)]++;
  return report;
}

async function renewOne(app: AppContext, sub: SubscriptionRow): Promise<keyof RenewalReport> {
  const DB = app.bindings.DB;
  // Only the run that still sees this period may act on it.
  const samePeriod = "id = ?1 AND current_period_end = ?2 AND status <> 'canceled'";
  const overdueTooLong = sub.status === "past_due" && app.now - sub.currentPeriodEnd > PAST_DUE_GRACE_DAYS * DAY_MS;
  // The embedded provider charges nothing real, so in production it renews nothing: a membership it
  // sold (before the deploy ran as production) ends with its period instead of continuing for free.
  if (sub.cancelAtPeriodEnd || overdueTooLong || !isDevelopment(app.env)) {
    await DB.batch([
      DB.prepare(`UPDATE subscriptions SET status = 'canceled', canceled_at = ?3 WHERE ${samePeriod}`).bind(
        sub.id,
        sub.currentPeriodEnd,
        app.now,
      ),
      membership(app, sub.userId),
    ]);
    return "ended";
  }
  const card = await app.db.select().from(savedCards).where(eq(savedCards.userId, sub.userId)).get();
  const cardWorks = card && !DECLINING_LAST4.has(card.last4) && Date.UTC(card.expYear, card.expMonth, 1) > app.now;
  const next = periodEnd(sub.currentPeriodEnd, sub.interval);
  if (!cardWorks) {
    await DB.batch([
      DB.prepare(`UPDATE subscriptions SET status = 'past_due' WHERE ${samePeriod}`).bind(sub.id, sub.currentPeriodEnd),
      DB.prepare(
        `INSERT INTO invoices (id, subscription_id, user_id, amount_cents, status, period_start, period_end, provider_invoice_id, created_at)
         VALUES (?1, ?2, ?3, ?4, 'failed', ?5, ?6, ?2 || ':' || ?5 || ':failed', ?7) ON CONFLICT DO NOTHING`,
      ).bind(crypto.randomUUID(), sub.id, sub.userId, sub.priceCents, sub.currentPeriodEnd, next, app.now),
      membership(app, sub.userId),
    ]);
    return "failed";
  }
  await DB.batch([
    DB.prepare(
      `INSERT INTO invoices (id, subscription_id, user_id, amount_cents, status, period_start, period_end, provider_invoice_id, created_at)
       SELECT ?1, ?2, ?3, ?4, 'paid', ?5, ?6, ?2 || ':' || ?5, ?7 WHERE EXISTS (SELECT 1 FROM subscriptions WHERE id = ?2 AND current_period_end = ?5 AND status <> 'canceled')
       ON CONFLICT DO NOTHING`,
    ).bind(crypto.randomUUID(), sub.id, sub.userId, sub.priceCents, sub.currentPeriodEnd, next, app.now),
    DB.prepare(`UPDATE subscriptions SET status = 'active', current_period_end = ?3 WHERE ${samePeriod}`).bind(
      sub.id,
      sub.currentPeriodEnd,
      next,
    ),
    membership(app, sub.userId),
  ]);
  return "renewed";
}
