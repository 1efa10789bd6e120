/**
 * POST /api/webhooks/stripe: verified on the raw body (300 s tolerance), each event id recorded once.
 * Duplicates are acknowledged without work; a failure un-records the event so Stripe's retry is
 * processed; order does not matter, because fulfilment only ever moves a checkout forward.
 */
import { and, eq, ne } from "drizzle-orm";
import type Stripe from "stripe";
import { checkoutSessions, paymentEvents, purchases } from "~/db/schema";
import { paymentsProvider } from "~/platform/adapters/payments/payments.server";
import { verifyWebhook } from "~/platform/adapters/payments/stripe.server";
import type { AppContext } from "~/platform/context";
import { jsonError } from "~/platform/http.server";
import { checkoutByProviderSession, fulfilCheckout, getCheckout, saveCard } from "./fulfil.server";

export async function handleStripeWebhook(app: AppContext, request: Request): Promise<Response> {
  if (!app.env.STRIPE_WEBHOOK_SECRET) return jsonError(404, "Stripe is not configured");
  const raw = await request.text();
  let event: Stripe.Event;
  try {
    event = await verifyWebhook(app, raw, request.headers.get("Stripe-Signature"));
  } catch {
    return jsonError(400, "Invalid signature");
  }
  const [fresh] = await app.db
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type, createdAt: event.created * 1000, receivedAt: app.now })
    .onConflictDoNothing()
    .returning();
  if (!fresh) return Response.json({ received: true, duplicate: true });
  try {
    if ((await applyEvent(app, event)) === "not ours") return Response.json({ received: true, ignored: true });
  } catch (error) {
    console.error("stripe webhook: handling failed", event.id, error);
    await app.db.delete(paymentEvents).where(eq(paymentEvents.id, event.id));
    return jsonError(500, "Webhook handling failed; it will be retried");
  }
  return Response.json({ received: true });
}

async function checkoutFor(app: AppContext, object: { id: string; metadata?: Stripe.Metadata | null; client_reference_id?: string | null }) {
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
      await fulfilCheckout(app, session.id, { stripeCustomerId: customer });
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
      await app.db.update(checkoutSessions).set({ status: "expired" }).where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, "open")));
      return "done";
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const checkoutId = charge.metadata?.checkoutSessionId;
      if (!checkoutId) return "not ours";
      const refundedInfo = { refundedAt: app.now, amountCents: charge.amount_refunded, reason: "Refunded in Stripe" };
      await app.db.update(purchases).set({ refundedInfo }).where(and(eq(purchases.checkoutSessionId, checkoutId), ne(purchases.kind, "subscription")));
      return "done";
    }
    default:
      return "done";
  }
}
