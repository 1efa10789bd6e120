// POST /api/webhooks/stripe in workerd: signed payloads made with Stripe's own helper, against the
// built worker. Checkouts are created as the Stripe provider would leave them (open, with its id).
import { env } from "cloudflare:test";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createAccount } from "~/features/identity/accounts.server";
import { call, testApp } from "./app-context";

const SECRET = "whsec_integration";
const crypto = Stripe.createSubtleCryptoProvider();

async function buyer(tag: string) {
  const app = testApp();
  const user = await createAccount(app, {
    email: `${tag}-${Date.now()}-${Math.random().toString(16).slice(2)}@example.com`,
    password: "correct-horse-1",
    firstName: "Web",
    lastName: "Hook",
  });
  const product = await env.DB.prepare(
    "SELECT id, title, price_cents FROM products WHERE kind = 'class' ORDER BY id LIMIT 1 OFFSET ?",
  )
    .bind(Math.floor(Math.random() * 20))
    .first<{ id: string; title: string; price_cents: number }>();
  const checkoutId = crypto_id();
  const providerId = `cs_test_${checkoutId.slice(0, 12)}`;
  await env.DB.prepare(
    `INSERT INTO checkout_sessions (id, user_id, provider, provider_session_id, idempotency_key, status, source, lines, subtotal_cents, total_cents, payment_info, created_at)
     VALUES (?1, ?2, 'stripe', ?3, ?4, 'open', 'cart', ?5, ?6, ?6, '{}', ?7)`,
  )
    .bind(
      checkoutId,
      user.id,
      providerId,
      `key-${checkoutId}`,
      JSON.stringify([
        {
          productId: product!.id,
          kind: "class",
          title: product!.title,
          priceCents: product!.price_cents,
          crossedPriceCents: null,
        },
      ]),
      product!.price_cents,
      Date.now(),
    )
    .run();
  return { userId: user.id, checkoutId, providerId, productId: product!.id };
}

function crypto_id() {
  return globalThis.crypto.randomUUID();
}

function event(type: string, object: Record<string, unknown>, id = `evt_${crypto_id().replace(/-/g, "")}`) {
  return JSON.stringify({ id, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object } });
}

async function post(body: string, { timestamp = Math.floor(Date.now() / 1000), secret = SECRET, signed = body } = {}) {
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload: signed,
    secret,
    timestamp,
    cryptoProvider: crypto,
  });
  return call("/api/webhooks/stripe", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature, Origin: "https://stripe.com" },
    body,
  });
}

const completed = (b: { providerId: string; checkoutId: string }, extra: Record<string, unknown> = {}) => ({
  id: b.providerId,
  object: "checkout.session",
  payment_status: "paid",
  status: "complete",
  client_reference_id: b.checkoutId,
  metadata: { checkoutSessionId: b.checkoutId },
  customer: "cus_test_1",
  ...extra,
});

const purchaseCount = async (checkoutId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM purchases WHERE checkout_session_id = ?")
    .bind(checkoutId)
    .first<{ n: number }>())!.n;
const statusOf = async (checkoutId: string) =>
  (await env.DB.prepare("SELECT status FROM checkout_sessions WHERE id = ?")
    .bind(checkoutId)
    .first<{ status: string }>())!.status;

describe("Stripe webhooks", () => {
  it("a completed checkout becomes the purchase, the customer id is kept, and a receipt is sent once", async () => {
    const b = await buyer("wh-complete");
    const body = event("checkout.session.completed", completed(b));
    const res = await post(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect(await purchaseCount(b.checkoutId)).toBe(1);
    expect(await statusOf(b.checkoutId)).toBe("complete");
    const user = await env.DB.prepare("SELECT stripe_customer_id, email FROM users WHERE id = ?")
      .bind(b.userId)
      .first<{ stripe_customer_id: string; email: string }>();
    expect(user!.stripe_customer_id).toBe("cus_test_1");
    const mails = await env.DB.prepare('SELECT count(*) AS n FROM outbox_emails WHERE "to" = ?')
      .bind(user!.email)
      .first<{ n: number }>();
    expect(mails!.n).toBe(1);

    const again = await post(body);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(await purchaseCount(b.checkoutId)).toBe(1);
  });

  it("the same event 50 times at once, and 50 different events for one checkout, make exactly one purchase", async () => {
    const b = await buyer("wh-storm");
    const body = event("checkout.session.completed", completed(b));
    const same = await Promise.all(Array.from({ length: 50 }, () => post(body)));
    expect(same.every((r) => r.status === 200)).toBe(true);
    const bodies = await Promise.all(same.map((r) => r.json() as Promise<{ duplicate?: boolean }>));
    expect(bodies.filter((x) => !x.duplicate)).toHaveLength(1);
    const c = await buyer("wh-storm-2");
    const different = await Promise.all(
      Array.from({ length: 50 }, () => post(event("checkout.session.completed", completed(c)))),
    );
    expect(different.every((r) => r.status === 200)).toBe(true);
    expect(await purchaseCount(b.checkoutId)).toBe(1);
    expect(await purchaseCount(c.checkoutId)).toBe(1);
  });

  it("refuses a tampered body, a stale signature and another secret, changing nothing", async () => {
    const b = await buyer("wh-bad");
    const body = event("checkout.session.completed", completed(b));
    expect((await post(body.replace('"paid"', '"paid" '), { signed: body })).status).toBe(400);
    expect((await post(body, { timestamp: Math.floor(Date.now() / 1000) - 301 })).status).toBe(400);
    expect((await post(body, { secret: "whsec_someone_else" })).status).toBe(400);
    const unsigned = await call("/api/webhooks/stripe", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
    });
    expect(unsigned.status).toBe(400);
    expect(await purchaseCount(b.checkoutId)).toBe(0);
    expect(await statusOf(b.checkoutId)).toBe("open");
  });

  it("refuses a signed body that is not an event (no time, no object), recording nothing", async () => {
    const b = await buyer("wh-malformed");
    const whole = JSON.parse(event("checkout.session.completed", completed(b))) as Record<string, unknown>;
    for (const missing of ["created", "data", "id"]) {
      const body = JSON.stringify({ ...whole, [missing]: undefined });
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "Not a Stripe event" });
    }
    expect(await purchaseCount(b.checkoutId)).toBe(0);
    expect(await statusOf(b.checkoutId)).toBe("open");
    const recorded = await env.DB.prepare("SELECT count(*) AS n FROM payment_events WHERE id = ?")
      .bind(whole.id)
      .first<{ n: number }>();
    expect(recorded!.n).toBe(0);
  });

  it("order does not matter: expiry after completion changes nothing; completion after expiry still fulfils", async () => {
    const b = await buyer("wh-order");
    await post(event("checkout.session.completed", completed(b)));
    await post(event("checkout.session.expired", { ...completed(b), payment_status: "unpaid", status: "expired" }));
    expect(await statusOf(b.checkoutId)).toBe("complete");

    const c = await buyer("wh-order-2");
    await post(event("checkout.session.expired", { ...completed(c), payment_status: "unpaid", status: "expired" }));
    expect(await statusOf(c.checkoutId)).toBe("expired");
    await post(event("checkout.session.completed", completed(c)));
    expect(await statusOf(c.checkoutId)).toBe("complete");
    expect(await purchaseCount(c.checkoutId)).toBe(1);
  });

  it("an unpaid completion (delayed payment methods) waits; async success fulfils", async () => {
    const b = await buyer("wh-async");
    await post(event("checkout.session.completed", completed(b, { payment_status: "unpaid" })));
    expect(await purchaseCount(b.checkoutId)).toBe(0);
    await post(event("checkout.session.async_payment_succeeded", completed(b)));
    expect(await purchaseCount(b.checkoutId)).toBe(1);
  });

  it("a refund marks the purchase refunded, and getUserPurchases stops listing it", async () => {
    const b = await buyer("wh-refund");
    await post(event("checkout.session.completed", completed(b)));
    await post(
      event("charge.refunded", {
        id: "ch_1",
        object: "charge",
        amount_refunded: 4900,
        metadata: { checkoutSessionId: b.checkoutId },
      }),
    );
    const row = await env.DB.prepare("SELECT refunded_info FROM purchases WHERE checkout_session_id = ?")
      .bind(b.checkoutId)
      .first<{ refunded_info: string }>();
    expect(JSON.parse(row!.refunded_info).amountCents).toBe(4900);
  });

  it("an event for a checkout that is not ours is acknowledged and ignored", async () => {
    const body = event("checkout.session.completed", {
      id: "cs_test_nobody",
      object: "checkout.session",
      payment_status: "paid",
      metadata: {},
    });
    const res = await post(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, ignored: true });
  });

  it("answers GET with 405", async () => {
    expect((await call("/api/webhooks/stripe")).status).toBe(405);
  });
});
