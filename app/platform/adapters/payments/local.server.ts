/**
 * The embedded payment provider: no account, no network. Its checkout page is ours
 * (/checkout/pay/{id}); the card form there decides with the test-card rules and calls the same
 * fulfilment as Stripe's webhook. It never sees or stores a full card number beyond the request.
 */
import type { PaymentsProvider } from "./provider";

export const localProvider: PaymentsProvider = {
  name: "local",
  async createCheckout(_app, { session }) {
    return { providerSessionId: `cs_local_${session.id}`, url: `/checkout/pay/${session.id}` };
  },
  async retrieve() {
    // Local checkouts are completed by the card form itself; there is nothing further to ask.
    return { paid: false, card: null };
  },
  async expire() {
    // Our own card page reads the checkout's status: an expired one cannot be paid.
  },
  async refund() {
    // Nothing was charged anywhere: the refund is the purchase marked refunded, done by the caller.
  },
};
