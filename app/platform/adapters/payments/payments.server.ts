/**
 * The payments adapter: Stripe Checkout when STRIPE_SECRET_KEY is set; otherwise, in development and
 * the tests only, the embedded local provider, a checkout page of our own (/checkout/pay/{id}) that
 * takes the well-known test cards. A production deploy without Stripe takes no payments at all.
 * Either way a paid checkout ends in the same fulfilment code (features/checkout/fulfil.server.ts).
 */
import type { CheckoutSessionRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { isDevelopment, type Env } from "~/platform/env";
import { localProvider } from "./local.server";
import { stripeProvider } from "./stripe.server";

export interface PaidCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CheckoutStart {
  session: CheckoutSessionRow;
  customer: { userId: string; email: string; name: string; stripeCustomerId: string | null };
  /** Absolute URLs; Stripe replaces {CHECKOUT_SESSION_ID} in the success URL. */
  successUrl: string;
  cancelUrl: string;
  /** Each line's amount after discount and credit, in cents (sums to the session total). */
  amounts: number[];
  /** When the provider should stop taking payment for it (ms); providers may keep it open a little longer. */
  expiresAt: number;
}

export interface PaymentsProvider {
  name: "local" | "stripe";
  /** Opens a payment for the checkout: where to send the buyer, and the provider's id for it. */
  createCheckout(
    app: AppContext,
    start: CheckoutStart,
  ): Promise<{ providerSessionId: string; url: string; stripeCustomerId?: string }>;
  /** Asks the provider whether a checkout was paid (the success page's check, for a late webhook). */
  retrieve(app: AppContext, providerSessionId: string): Promise<{ paid: boolean; card: PaidCard | null }>;
  /** Closes a checkout nobody should pay any more (replaced by a newer one). */
  expire(app: AppContext, session: CheckoutSessionRow): Promise<void>;
  /** Gives back (part of) what a checkout charged. Throws when the provider refuses. */
  refund(app: AppContext, session: CheckoutSessionRow, amountCents: number): Promise<void>;
}

/** Who takes payments here: Stripe, the embedded provider (development and tests), or nobody. */
export type PaymentsMode = "stripe" | "local" | "none";

export function paymentsMode(env: Pick<Env, "STRIPE_SECRET_KEY" | "ENVIRONMENT">): PaymentsMode {
  if (env.STRIPE_SECRET_KEY) return "stripe";
  return isDevelopment(env) ? "local" : "none";
}

export class PaymentProviderError extends Error {}
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
