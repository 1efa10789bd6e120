/** What every payments provider offers (payments.server.ts picks one): its interface and its refusal. */
import type { CheckoutSessionRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";

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

export class PaymentProviderError extends Error {}
