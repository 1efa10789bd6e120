// The Stripe adapter against a local stand-in of the Stripe endpoints it uses (tests/tools/stripe-stand-in.mjs),
// and webhook verification with signatures made by Stripe's own test helper. Runs in Node: the
// adapter only needs fetch and Web Crypto, which Node has too.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutSessionRow } from "~/db/schema";
import { stripeProvider, verifyWebhook } from "~/platform/adapters/payments/stripe.server";
import type { AppContext } from "~/platform/context";
import { startStripeStandIn } from "../tools/stripe-stand-in.mjs";

let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
const WEBHOOK_SECRET = "whsec_test_secret";

function app(overrides: Record<string, string> = {}): AppContext {
  return {
    env: {
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_API_URL: standIn.url,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ...overrides,
    },
    now: Date.now(),
  } as unknown as AppContext;
}

function session(id: string): CheckoutSessionRow {
  return {
    id,
    userId: "user-1",
    provider: "stripe",
    providerSessionId: null,
    idempotencyKey: `key-${id}`,
    status: "open",
    source: "cart",
    lines: [
      {
        productId: "p1",
        kind: "class",
        title: "Fingerstyle Guitar Foundations",
        priceCents: 4900,
        crossedPriceCents: 6900,
      },
      { productId: "p2", kind: "class", title: "Blues Lead Guitar", priceCents: 9900, crossedPriceCents: null },
    ],
    subtotalCents: 14800,
    discountCode: null,
    discountCents: 0,
    creditCents: 1000,
    totalCents: 13800,
    paymentInfo: {},
    query: "",
    lastError: null,
    createdAt: Date.now(),
    completedAt: null,
    receiptSentAt: null,
    successPath: null,
    cancelPath: null,
    voidedAt: null,
    fulfilmentId: null,
  };
}

const start = (id: string, stripeCustomerId: string | null = null) => ({
  session: session(id),
  customer: { userId: "user-1", email: "ada@example.com", name: "Ada L", stripeCustomerId },
  successUrl: "http://localhost/checkout/success?session_id={CHECKOUT_SESSION_ID}",
  cancelUrl: "http://localhost/checkout",
  amounts: [4569, 9231],
  expiresAt: Date.now() + 3_600_000,
});

beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(async () => {
  await standIn.close();
});

describe("Stripe Checkout through the adapter", () => {
  it("creates the customer and the session with idempotency keys and the amounts after credit", async () => {
    const opened = await stripeProvider.createCheckout(app(), start("chk-1"));
    expect(opened.url).toMatch(/^http:\/\/stripe\.stand-in\/pay\/cs_test_/);
    expect(opened.stripeCustomerId).toMatch(/^cus_/);
    const created = standIn.sessions.get(opened.providerSessionId);
    expect(
      created.line_items.map((l: { price_data: { unit_amount: string } }) => Number(l.price_data.unit_amount)),
    ).toEqual([4569, 9231]);
    expect(created.amount_total).toBe(13800);
    expect(created.metadata.checkoutSessionId).toBe("chk-1");
    // Stripe stops taking payment when the checkout stops holding its credit and code (an hour).
    expect(Number(created.expires_at)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 3590);
    expect(created.success_url).toBe(`http://localhost/checkout/success?session_id=${opened.providerSessionId}`);
    const posts = standIn.requests.filter((r) => r.method === "POST");
    expect(posts.map((r) => r.idempotencyKey)).toEqual(["customer-user-1", "checkout-chk-1"]);
  });

  it("a retried create returns the same session and never a second customer", async () => {
    const first = await stripeProvider.createCheckout(app(), start("chk-2"));
    const again = await stripeProvider.createCheckout(app(), start("chk-2"));
    expect(again.providerSessionId).toBe(first.providerSessionId);
    expect(standIn.customers.size).toBe(1);
  });

  it("reuses a known Stripe customer", async () => {
    const before = standIn.requests.filter((r) => r.path === "/v1/customers").length;
    const first = await stripeProvider.createCheckout(app(), start("chk-3"));
    await stripeProvider.createCheckout(app(), start("chk-4", first.stripeCustomerId ?? null));
    expect(standIn.requests.filter((r) => r.path === "/v1/customers").length).toBe(before + 1);
  });

  it("reports a session paid only once the buyer has paid, with the card's brand and last 4", async () => {
    const opened = await stripeProvider.createCheckout(app(), start("chk-5"));
    expect(await stripeProvider.retrieve(app(), opened.providerSessionId)).toEqual({ paid: false, card: null });
    standIn.pay(opened.providerSessionId);
    expect(await stripeProvider.retrieve(app(), opened.providerSessionId)).toEqual({
      paid: true,
      card: { brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 },
    });
  });

  it("refunds the payment of a paid checkout, once per checkout", async () => {
    const opened = await stripeProvider.createCheckout(app(), start("chk-7"));
    standIn.pay(opened.providerSessionId);
    const row = { ...session("chk-7"), providerSessionId: opened.providerSessionId };
    await stripeProvider.refund(app(), row, 4569);
    await stripeProvider.refund(app(), row, 4569);
    expect(
      standIn.refunds.filter(
        (r: { metadata: { checkoutSessionId?: string } }) => r.metadata.checkoutSessionId === "chk-7",
      ),
    ).toHaveLength(1);
    expect(standIn.refunds.at(-1).amount).toBe(4569);
    await expect(stripeProvider.refund(app(), { ...session("chk-8"), providerSessionId: null }, 100)).rejects.toThrow(
      /never reached Stripe/,
    );
  });

  it("expires an open session (a newer checkout replaced it); an expired one cannot be expired again", async () => {
    const opened = await stripeProvider.createCheckout(app(), start("chk-9"));
    const row = { ...session("chk-9"), providerSessionId: opened.providerSessionId };
    await stripeProvider.expire(app(), row);
    expect(standIn.sessions.get(opened.providerSessionId).status).toBe("expired");
    await expect(stripeProvider.expire(app(), { ...row, id: "chk-9b" })).rejects.toThrow(/status of open/);
  });

  it("a membership is a subscription checkout (recurring plan, trial), refunded through its first invoice's payment", async () => {
    const member = {
      ...session("chk-10"),
      lines: [
        {
          productId: "m",
          kind: "subscription" as const,
          title: "Studio Membership",
          priceCents: 2000,
          crossedPriceCents: null,
          plan: { planId: "plan-studio-monthly", interval: "month" as const, recurringCents: 2000, trialDays: 7 },
        },
      ],
      subtotalCents: 2000,
      creditCents: 0,
      totalCents: 2000,
    };
    const opened = await stripeProvider.createCheckout(app(), { ...start("chk-10"), session: member, amounts: [2000] });
    const created = standIn.sessions.get(opened.providerSessionId);
    expect(created.mode).toBe("subscription");
    expect(created.line_items[0].price_data).toMatchObject({ unit_amount: "2000", recurring: { interval: "month" } });
    const posted = standIn.requests.find(
      (r) => r.path === "/v1/checkout/sessions" && r.idempotencyKey === "checkout-chk-10",
    )!;
    expect(new URLSearchParams(posted.body).get("subscription_data[trial_period_days]")).toBe("7");
    standIn.pay(opened.providerSessionId);
    await stripeProvider.refund(app(), { ...member, providerSessionId: opened.providerSessionId }, 2000);
    expect(standIn.refunds.at(-1)).toMatchObject({
      amount: 2000,
      payment_intent: standIn.sessions.get(opened.providerSessionId).invoice_payment_intent,
    });
  });

  it("surfaces Stripe's errors (a wrong key) instead of pretending", async () => {
    await expect(
      stripeProvider.createCheckout(app({ STRIPE_SECRET_KEY: "sk_test_wrong" }), start("chk-6")),
    ).rejects.toThrow(/Invalid API Key/);
  });
});

describe("webhook signatures", () => {
  const payload = JSON.stringify({
    id: "evt_1",
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: "cs_test_1" } },
  });
  const sign = (body: string, timestamp = Math.floor(Date.now() / 1000)) =>
    Stripe.webhooks.generateTestHeaderStringAsync({
      payload: body,
      secret: WEBHOOK_SECRET,
      timestamp,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });

  it("accepts a correctly signed body", async () => {
    const event = await verifyWebhook(app(), payload, await sign(payload));
    expect(event.id).toBe("evt_1");
  });

  it("refuses a tampered body, a stale timestamp, another secret and a missing header", async () => {
    const header = await sign(payload);
    await expect(verifyWebhook(app(), payload.replace("evt_1", "evt_2"), header)).rejects.toThrow();
    await expect(
      verifyWebhook(app(), payload, await sign(payload, Math.floor(Date.now() / 1000) - 301)),
    ).rejects.toThrow(/tolerance/i);
    await expect(verifyWebhook(app({ STRIPE_WEBHOOK_SECRET: "whsec_other" }), payload, header)).rejects.toThrow();
    await expect(verifyWebhook(app(), payload, null)).rejects.toThrow(/Stripe-Signature/);
  });
});
