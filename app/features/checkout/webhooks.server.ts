/**
 * POST /api/webhooks/stripe: verified on the raw body (300 s tolerance), each event id recorded once.
 * Duplicates are acknowledged without work; a failure un-records the event so Stripe's retry is
 * processed. Order does not matter: fulfilment only ever moves a checkout forward, a subscription
 * takes Stripe's view only from an event newer than the last one applied (stripe_synced_at), and a
 * paid invoice stays paid. Events naming nothing of ours are acknowledged and ignored.
 */
import { and, eq, ne } from "drizzle-orm";
import type Stripe from "stripe";
import { z } from "zod";
import { checkoutSessions, paymentEvents, purchases, subscriptions } from "~/db/schema";
import { EVENTS } from "~/features/analytics/events";
import { recordEvent } from "~/features/analytics/record.server";
import { syncMembership as membershipSync } from "~/features/subscriptions/subscriptions.server";
import { paymentsProvider } from "~/platform/adapters/payments/payments.server";
import { verifyWebhook } from "~/platform/adapters/payments/stripe.server";
import type { AppContext } from "~/platform/context";
import { refundDeclined } from "./checkout.server";
import { checkoutByProviderSession, fulfilCheckout, getCheckout, saveCard } from "./fulfil.server";

/** What receiving one webhook delivery came to; the route answers it (app/routes/api.webhooks.stripe.ts). */
export type WebhookOutcome =
  | { kind: "not-configured" }
  | { kind: "bad-signature" }
  | { kind: "malformed" }
  | { kind: "duplicate" }
  | { kind: "ignored" }
  | { kind: "applied" }
  | { kind: "failed" };

/** Verifies a delivery on its raw body and signature header, then applies its event once. */
export async function receiveStripeEvent(
  app: AppContext,
  rawBody: string,
  signature: string | null,
): Promise<WebhookOutcome> {
  if (!app.env.STRIPE_WEBHOOK_SECRET) return { kind: "not-configured" };
  let event: Stripe.Event;
  try {
    event = await verifyWebhook(app, rawBody, signature);
  } catch {
    return { kind: "bad-signature" };
  }
  // Signed but not an event (no id, type, time or object): refused before anything is recorded.
  if (!eventShape.safeParse(event).success) return { kind: "malformed" };
  const [fresh] = await app.db
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type, createdAt: event.created * 1000, receivedAt: app.now })
    .onConflictDoNothing()
    .returning();
  if (!fresh) return { kind: "duplicate" };
  try {
    if ((await applyEvent(app, event)) === "not ours") return { kind: "ignored" };
  } catch (error) {
    console.error("stripe webhook: handling failed", event.id, error);
    await app.db.delete(paymentEvents).where(eq(paymentEvents.id, event.id));
    return { kind: "failed" };
  }
  return { kind: "applied" };
}

/** What every Stripe event carries and the recording reads (the event types' own fields are read where applied). */
const eventShape = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number().int().nonnegative(),
  data: z.object({ object: z.object({}).passthrough() }),
});

async function checkoutFor(
  app: AppContext,
  object: { id: string; metadata?: Stripe.Metadata | null; client_reference_id?: string | null },
) {
  const ours = object.metadata?.checkoutSessionId ?? object.client_reference_id ?? null;
  return (ours ? await getCheckout(app, ours) : null) ?? (await checkoutByProviderSession(app, object.id));
}

/** Applies one event; "not ours" when it names no checkout of ours (another integration on the account). */
async function applyEvent(app: AppContext, event: Stripe.Event): Promise<"done" | "not ours"> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const object = event.data.object;
      if (object.payment_status !== "paid" && object.payment_status !== "no_payment_required") return "done";
      const session = await checkoutFor(app, object);
      if (!session) return "not ours";
      const customer = typeof object.customer === "string" ? object.customer : (object.customer?.id ?? null);
      const subscription =
        typeof object.subscription === "string" ? object.subscription : (object.subscription?.id ?? null);
      const outcome = await fulfilCheckout(app, session.id, {
        stripeCustomerId: customer,
        stripeSubscriptionId: subscription,
      });
      if (outcome.status === "declined") {
        // Paid, but it may not be granted (replaced, or its credit or code went elsewhere): give it back.
        await refundDeclined(app, outcome.session);
        return "done";
      }
      if (outcome.status === "fulfilled")
        recordEvent(
          app,
          EVENTS.paymentSubmitSuccess,
          { userId: session.userId },
          { checkoutSessionId: session.id, provider: "stripe" },
        );
      // A membership the success page fulfilled first never learnt Stripe's subscription id: keep it now,
      // so the subscription's own events find it.
      if (subscription) await attachStripeSubscription(app, session.id, subscription);
      // The card is learnt from Stripe afterwards; a failure here never undoes the purchase.
      try {
        const paid = await paymentsProvider(app).retrieve(app, object.id);
        if (paid.card) await saveCard(app, session.userId, paid.card);
      } catch (error) {
        console.error("stripe webhook: could not read the card", error);
      }
      return "done";
    }
    case "checkout.session.expired": {
      const session = await checkoutFor(app, event.data.object);
      if (!session) return "not ours";
      await app.db
        .update(checkoutSessions)
        .set({ status: "expired" })
        .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, "open")));
      return "done";
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const checkoutId = charge.metadata?.checkoutSessionId;
      if (!checkoutId || !(await getCheckout(app, checkoutId))) return "not ours";
      const refundedInfo = { refundedAt: app.now, amountCents: charge.amount_refunded, reason: "Refunded in Stripe" };
      await app.db
        .update(purchases)
        .set({ refundedInfo })
        .where(and(eq(purchases.checkoutSessionId, checkoutId), ne(purchases.kind, "subscription")));
      return "done";
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const object = event.data.object;
      const row = await subscriptionForStripe(app, object.id, object.metadata?.checkoutSessionId ?? null);
      if (!row) return "not ours";
      await syncStripeSubscription(app, row.id, row.userId, object, event.created * 1000);
      return "done";
    }
    case "invoice.payment_failed":
    case "invoice.paid": {
      const invoice = event.data.object as Stripe.Invoice & { subscription?: string | { id: string } | null };
      // Older API versions name the subscription on the invoice; newer ones under parent.
      const ref = invoice.subscription ?? invoice.parent?.subscription_details?.subscription ?? null;
      const stripeSub = typeof ref === "string" ? ref : (ref?.id ?? null);
      if (!stripeSub) return "not ours";
      const [row] = await app.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, stripeSub))
        .limit(1);
      if (!row) return "not ours";
      const paid = event.type === "invoice.paid";
      const DB = app.bindings.DB;
      // Paid is final: a failed attempt delivered after the invoice was paid (events arrive in any
      // order) neither marks it failed nor makes the subscription past due. A failure is also ignored
      // when a newer view of the subscription has been applied already.
      await DB.batch([
        DB.prepare(
          `INSERT INTO invoices (id, subscription_id, user_id, amount_cents, status, period_start, period_end, provider_invoice_id, created_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) ON CONFLICT (provider_invoice_id) DO UPDATE SET status = excluded.status, amount_cents = excluded.amount_cents WHERE invoices.status <> 'paid'`,
        ).bind(
          crypto.randomUUID(),
          row.id,
          row.userId,
          paid ? invoice.amount_paid : invoice.amount_due,
          paid ? "paid" : "failed",
          (invoice.period_start ?? 0) * 1000,
          (invoice.period_end ?? 0) * 1000,
          invoice.id,
          app.now,
        ),
        ...(paid
          ? []
          : [
              DB.prepare(
                `UPDATE subscriptions SET status = 'past_due', stripe_synced_at = ?3 WHERE id = ?1 AND status IN ('active', 'trialing')
                   AND (stripe_synced_at IS NULL OR stripe_synced_at <= ?3)
                   AND NOT EXISTS (SELECT 1 FROM invoices WHERE provider_invoice_id = ?2 AND status = 'paid')`,
              ).bind(row.id, invoice.id, event.created * 1000),
            ]),
        membershipSync(app, row.userId),
      ]);
      return "done";
    }
    default:
      return "done";
  }
}

/**
 * Our subscription for a Stripe subscription: by its id, or else by the checkout its metadata names
 * (a membership the success page fulfilled before any webhook, which never learnt the id: it is kept
 * now). Null when it is not ours; throws, so Stripe retries, when it is ours but its checkout has not
 * been fulfilled yet.
 */
async function subscriptionForStripe(app: AppContext, stripeId: string, checkoutId: string | null) {
  const [row] = await app.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, stripeId))
    .limit(1);
  if (row || !checkoutId) return row ?? null;
  const checkout = await getCheckout(app, checkoutId);
  // A checkout declined for good (replaced, refunded) never gets a membership: nothing to wait for.
  if (!checkout || checkout.voidedAt !== null) return null;
  if (checkout.status !== "complete")
    throw new Error("Subscription event before its checkout was fulfilled: retry later");
  await attachStripeSubscription(app, checkout.id, stripeId);
  const [attached] = await app.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, stripeId))
    .limit(1);
  return attached ?? null;
}

async function attachStripeSubscription(app: AppContext, checkoutId: string, stripeId: string) {
  await app.bindings.DB.prepare(
    `UPDATE subscriptions SET provider_subscription_id = ?2 WHERE checkout_session_id = ?1 AND provider_subscription_id IS NULL
       AND NOT EXISTS (SELECT 1 FROM subscriptions WHERE provider_subscription_id = ?2)`,
  )
    .bind(checkoutId, stripeId)
    .run();
}

const STRIPE_STATUS: Record<string, "active" | "trialing" | "past_due" | "canceled"> = {
  active: "active",
  trialing: "trialing",
  past_due: "past_due",
  unpaid: "past_due",
  incomplete: "past_due",
  paused: "past_due",
  canceled: "canceled",
  incomplete_expired: "canceled",
};

/**
 * Stripe's view of a subscription wins, but only if it is newer than the last one applied: events
 * may arrive out of order, so each carries its time and an older one changes nothing.
 */
async function syncStripeSubscription(
  app: AppContext,
  id: string,
  userId: string,
  object: Stripe.Subscription,
  eventAt: number,
) {
  const item = object.items?.data?.[0] as (Stripe.SubscriptionItem & { current_period_end?: number }) | undefined;
  const periodEnd =
    ((object as Stripe.Subscription & { current_period_end?: number }).current_period_end ??
      item?.current_period_end ??
      0) * 1000;
  const DB = app.bindings.DB;
  await DB.batch([
    DB.prepare(
      `UPDATE subscriptions SET status = ?2, current_period_end = CASE WHEN ?3 > 0 THEN ?3 ELSE current_period_end END, trial_ends_at = ?4,
         cancel_at_period_end = ?5, canceled_at = ?6, stripe_synced_at = ?7
       WHERE id = ?1 AND (stripe_synced_at IS NULL OR stripe_synced_at <= ?7)`,
    ).bind(
      id,
      STRIPE_STATUS[object.status] ?? "past_due",
      periodEnd,
      object.trial_end ? object.trial_end * 1000 : null,
      object.cancel_at_period_end ? 1 : 0,
      object.canceled_at ? object.canceled_at * 1000 : null,
      eventAt,
    ),
    membershipSync(app, userId),
  ]);
}
