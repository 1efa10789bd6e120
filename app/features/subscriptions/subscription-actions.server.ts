/** Cancel and refund for the API and the membership page: the service, with the provider that took the payment. */
import { cancelStripeSubscription, stripeProvider } from "~/platform/adapters/payments/stripe.server";
import { eq } from "drizzle-orm";
import { subscriptions } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { cancelSubscription as cancelInDb, checkoutOf, refundSubscription } from "./subscriptions.server";

/** A Stripe membership is cancelled at Stripe first (its webhook confirms); a local one only here. */
export function cancelSubscription(
  app: AppContext,
  userId: string,
  input: { subscriptionId: string; reason: string; feedback: string; shouldUnenroll: boolean },
) {
  return cancelInDb(app, userId, input, async (row, now) => {
    if (row.provider === "stripe" && row.providerSubscriptionId)
      await cancelStripeSubscription(app, row.providerSubscriptionId, { now });
  });
}

export function refund(
  app: AppContext,
  userId: string,
  input: { subscriptionId: string; reason: string; feedback: string },
) {
  return refundSubscription(app, userId, input, async (checkoutSessionId, amountCents) => {
    const session = await checkoutOf(app, checkoutSessionId);
    if (!session) throw new Error("No checkout for this subscription");
    // The embedded provider charged nothing, so marking the purchase refunded is the whole refund.
    if (session.provider !== "stripe") return;
    await stripeProvider.refund(app, session, amountCents);
    const sub = await app.db.select().from(subscriptions).where(eq(subscriptions.id, input.subscriptionId)).get();
    if (sub?.providerSubscriptionId) await cancelStripeSubscription(app, sub.providerSubscriptionId, { now: true });
  });
}
