/**
 * The payments adapter: Stripe Checkout when STRIPE_SECRET_KEY is set; otherwise, in development and
 * the tests only, the embedded local provider, a checkout page of our own (/checkout/pay/{id}) that
 * takes the well-known test cards. A production deploy without Stripe takes no payments at all.
 * Either way a paid checkout ends in the same fulfilment code (features/checkout/fulfil.server.ts).
 */
import type { AppContext } from "~/platform/context";
import { isDevelopment, type Env } from "~/platform/env";
import { localProvider } from "./local.server";
import { PaymentProviderError, type PaymentsProvider } from "./provider";
import { stripeProvider } from "./stripe.server";

export { PaymentProviderError, type CheckoutStart, type PaidCard, type PaymentsProvider } from "./provider";

/** Who takes payments here: Stripe, the embedded provider (development and tests), or nobody. */
export type PaymentsMode = "stripe" | "local" | "none";

export function paymentsMode(env: Pick<Env, "STRIPE_SECRET_KEY" | "ENVIRONMENT">): PaymentsMode {
  if (env.STRIPE_SECRET_KEY) return "stripe";
  return isDevelopment(env) ? "local" : "none";
}

export class PaymentsNotConfiguredError extends PaymentProviderError {}

/** The provider that takes this deploy's payments; throws when there is none (production without Stripe). */
export function paymentsProvider(app: AppContext): PaymentsProvider {
  const mode = paymentsMode(app.env);
  if (mode === "none")
    throw new PaymentsNotConfiguredError(
      "STRIPE_SECRET_KEY is not set, and the embedded provider never serves in production",
    );
  return mode === "stripe" ? stripeProvider : localProvider;
}
