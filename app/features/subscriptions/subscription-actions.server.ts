/** Cancel and refund for the API and the membership page: the service, with the provider that took the payment. */
import { stripeProvider } from "~/platform/adapters/payments/stripe.server";
import type { AppContext } from "~/platform/context";
import { cancelSubscription, checkoutOf, refundSubscription } from "./subscriptions.server";

export { cancelSubscription };

export function refund(app: AppContext, userId: string, input: { subscriptionId: string; reason: string; feedback: string }) {
  return refundSubscription(app, userId, input, async (checkoutSessionId, amountCents) => {
    const session = await checkoutOf(app, checkoutSessionId);
    if (!session) throw new Error("No checkout for this subscription");
    // The embedded provider charged nothing, so marking the purchase refunded is the whole refund.
    if (session.provider === "stripe") await stripeProvider.refund(app, session, amountCents);
  });
}
