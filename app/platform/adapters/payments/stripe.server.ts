/**
 * Stripe Checkout. The client uses fetch (Workers have no Node http) and may target a local stand-in
 * through STRIPE_API_URL (host, port, protocol), which is how the tests exercise this file. Every
 * create carries an idempotency key, so a retried request never makes a second customer or session.
 */
import type Stripe from "stripe";
import type { AppContext } from "~/platform/context";
import { PaymentProviderError, type PaymentsProvider } from "./provider";

/**
 * The Stripe library, loaded on first use: only payment requests need it, so the build keeps it out of
 * the worker's startup module (workers/lazy-modules.mjs). workerd caches the module after the first import.
 */
const stripeLibrary = async () => (await import("stripe")).default;

export async function stripeClient(app: AppContext): Promise<Stripe> {
  const key = app.env.STRIPE_SECRET_KEY;
  if (!key) throw new PaymentProviderError("STRIPE_SECRET_KEY is not set");
  const target = app.env.STRIPE_API_URL ? new URL(app.env.STRIPE_API_URL) : null;
  const StripeLibrary = await stripeLibrary();
  return new StripeLibrary(key, {
    httpClient: StripeLibrary.createFetchHttpClient(),
    maxNetworkRetries: 2,
    ...(target
      ? {
          host: target.hostname,
          port: Number(target.port || (target.protocol === "https:" ? 443 : 80)),
          protocol: target.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  });
}

const STRIPE_MIN_EXPIRY_S = 31 * 60;

export const stripeProvider: PaymentsProvider = {
  name: "stripe",
  async createCheckout(app, { session, customer, successUrl, cancelUrl, amounts, expiresAt }) {
    const stripe = await stripeClient(app);
    let customerId = customer.stripeCustomerId;
    if (!customerId) {
      const created = await stripe.customers.create(
        { email: customer.email, name: customer.name, metadata: { userId: customer.userId } },
        { idempotencyKey: `customer-${customer.userId}` },
      );
      customerId = created.id;
    }
    // A membership makes it a subscription checkout: its plan recurs (after the trial, if any);
    // anything else in the order is a one-time line.
    const plan = session.lines.find((l) => l.plan)?.plan;
    // App plans and studio tiers recur at their interval, with no trial.
    const recurring = plan ?? session.lines.some((l) => l.interval);
    const metadata = { checkoutSessionId: session.id, userId: customer.userId };
    const checkout = await stripe.checkout.sessions.create(
      {
        mode: recurring ? "subscription" : "payment",
        customer: customerId,
        client_reference_id: session.id,
        metadata,
        ...(recurring && plan
          ? { subscription_data: { metadata, ...(plan.trialDays > 0 ? { trial_period_days: plan.trialDays } : {}) } }
          : recurring
            ? { subscription_data: { metadata } }
            : { payment_intent_data: { metadata, setup_future_usage: "off_session" as const } }),
        line_items: session.lines.map((line, i) => ({
          quantity: 1,
          price_data: line.plan
            ? {
                currency: "usd",
                unit_amount: line.plan.recurringCents,
                recurring: { interval: line.plan.interval },
                product_data: { name: line.title, metadata: { productId: line.productId } },
              }
            : line.interval
              ? {
                  currency: "usd",
                  unit_amount: line.priceCents,
                  recurring: { interval: line.interval },
                  product_data: { name: line.title, metadata: { productId: line.productId } },
                }
              : {
                  currency: "usd",
                  unit_amount: amounts[i],
                  product_data: { name: line.title, metadata: { productId: line.productId } },
                },
        })),
        success_url: successUrl,
        cancel_url: cancelUrl,
        // Stripe takes 30 minutes to 24 hours from now; a little over 30 so a slow request still fits.
        expires_at: Math.max(Math.floor(expiresAt / 1000), Math.floor(app.now / 1000) + STRIPE_MIN_EXPIRY_S),
      },
      { idempotencyKey: `checkout-${session.id}` },
    );
    if (!checkout.url) throw new PaymentProviderError("Stripe returned a checkout session without a URL");
    return { providerSessionId: checkout.id, url: checkout.url, stripeCustomerId: customerId };
  },
  async retrieve(app, providerSessionId) {
    const stripe = await stripeClient(app);
    const checkout = await stripe.checkout.sessions.retrieve(providerSessionId, {
      expand: ["payment_intent.payment_method"],
    });
    const intent = typeof checkout.payment_intent === "object" ? checkout.payment_intent : null;
    const method = intent && typeof intent.payment_method === "object" ? intent.payment_method : null;
    const card = method?.card
      ? {
          brand: method.card.brand,
          last4: method.card.last4,
          expMonth: method.card.exp_month,
          expYear: method.card.exp_year,
        }
      : null;
    return { paid: checkout.payment_status === "paid" || checkout.payment_status === "no_payment_required", card };
  },
  async expire(app, session) {
    if (session.providerSessionId) await (await stripeClient(app)).checkout.sessions.expire(session.providerSessionId);
  },
  async refund(app, session, amountCents) {
    if (!session.providerSessionId) throw new PaymentProviderError("This checkout never reached Stripe");
    const stripe = await stripeClient(app);
    const checkout = await stripe.checkout.sessions.retrieve(session.providerSessionId);
    let intent = typeof checkout.payment_intent === "string" ? checkout.payment_intent : checkout.payment_intent?.id;
    // A subscription checkout is paid through its first invoice: the payment is found there.
    const invoice = typeof checkout.invoice === "string" ? checkout.invoice : checkout.invoice?.id;
    if (!intent && invoice) {
      const payments = await stripe.invoicePayments.list({ invoice, limit: 1 });
      const paid = payments.data[0]?.payment?.payment_intent;
      intent = typeof paid === "string" ? paid : paid?.id;
    }
    if (!intent) throw new PaymentProviderError("The checkout has no payment to refund");
    await stripe.refunds.create(
      { payment_intent: intent, amount: amountCents, metadata: { checkoutSessionId: session.id } },
      { idempotencyKey: `refund-${session.id}` },
    );
  },
};

/** Ends a Stripe subscription now, or at the end of the paid period. */
export async function cancelStripeSubscription(app: AppContext, subscriptionId: string, { now }: { now: boolean }) {
  const stripe = await stripeClient(app);
  if (now) await stripe.subscriptions.cancel(subscriptionId);
  else await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
}

/** A webhook event, verified on the raw body (300 s tolerance); throws on a bad signature. */
export async function verifyWebhook(app: AppContext, rawBody: string, signature: string | null): Promise<Stripe.Event> {
  const secret = app.env.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new PaymentProviderError("STRIPE_WEBHOOK_SECRET is not set");
  if (!signature) throw new PaymentProviderError("Missing Stripe-Signature header");
  const StripeLibrary = await stripeLibrary();
  return StripeLibrary.webhooks.constructEventAsync(
    rawBody,
    signature,
    secret,
    300,
    StripeLibrary.createSubtleCryptoProvider(),
  );
}
