// Every Stripe event type the webhook handles, proven rather than assumed: each signed with Stripe's
// own test-header helper against the secret the integration config binds (whsec_integration) and
// posted to the built worker. Each is delivered 50 times at once and applies once; delivered out of
// order an older event changes nothing; a tampered body or a stale signature is a 400 that changes
// nothing; an event for a customer we do not know is acknowledged and ignored; and a D1 failure in
// the middle of fulfilment loses nothing: Stripe's retry completes it once.
import { env } from "cloudflare:test";
import Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import { createAccount } from "~/features/identity/accounts.server";
import { call, testApp } from "./app-context";

vi.setConfig({ testTimeout: 60_000 });

const SECRET = "whsec_integration";
const subtle = Stripe.createSubtleCryptoProvider();
const nowS = () => Math.floor(Date.now() / 1000);
const uid = () => crypto.randomUUID().replace(/-/g, "");

type Row = Record<string, unknown>;
const one = (sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<Row>();
const all = async (sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<Row>()
  ).results;

function event(type: string, object: Record<string, unknown>, { id = `evt_${uid()}`, created = nowS() } = {}) {
  return JSON.stringify({
    id,
    object: "event",
    api_version: "2025-10-29.clover",
    type,
    created,
    livemode: false,
    data: { object },
  });
}

async function post(body: string, { timestamp = nowS(), signed = body } = {}) {
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload: signed,
    secret: SECRET,
    timestamp,
    cryptoProvider: subtle,
  });
  return call("/api/webhooks/stripe", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body,
  });
}

/** 50 deliveries of one event at once: every one acknowledged, exactly one not a duplicate. */
async function storm(body: string) {
  const answers = await Promise.all(Array.from({ length: 50 }, () => post(body)));
  expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200));
  const bodies = await Promise.all(answers.map((r) => r.json() as Promise<{ duplicate?: boolean }>));
  expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);
}

async function user(tag: string) {
  return createAccount(testApp(), {
    email: `${tag}-${uid().slice(0, 10)}@example.com`,
    password: "correct-horse-1",
    firstName: "Web",
    lastName: "Hook",
  });
}

/** A class checkout as the Stripe provider leaves it: open, with Stripe's session id. */
async function classCheckout(tag: string, extra: { creditCents?: number; discountCode?: string } = {}) {
  const buyer = await user(tag);
  const product = (await one(
    "SELECT id, title, price_cents AS price FROM products WHERE kind = 'class' ORDER BY id LIMIT 1 OFFSET ?",
    Math.floor(Math.random() * 20),
  ))!;
  const id = crypto.randomUUID();
  const credit = extra.creditCents ?? 0;
  await env.DB.prepare(
    `INSERT INTO checkout_sessions (id, user_id, provider, provider_session_id, idempotency_key, status, source, lines, subtotal_cents, discount_code, discount_cents, credit_cents, total_cents, payment_info, created_at)
     VALUES (?1, ?2, 'stripe', ?3, ?4, 'open', 'cart', ?5, ?6, ?7, 0, ?8, ?9, '{}', ?10)`,
  )
    .bind(
      id,
      buyer.id,
      `cs_test_${uid()}`,
      `key-${id}`,
      JSON.stringify([
        {
          productId: product.id,
          kind: "class",
          title: product.title,
          priceCents: product.price,
          crossedPriceCents: null,
        },
      ]),
      product.price,
      extra.discountCode ?? null,
      credit,
      (product.price as number) - credit,
      Date.now(),
    )
    .run();
  const row = (await one("SELECT provider_session_id AS providerId FROM checkout_sessions WHERE id = ?", id))!;
  return { userId: buyer.id, checkoutId: id, providerId: row.providerId as string, productId: product.id as string };
}

/** A membership checkout (yearly plan, no trial) as the Stripe provider leaves it. */
async function membershipCheckout(tag: string) {
  const buyer = await user(tag);
  const plan = (await one(
    "SELECT p.id AS productId, p.title, m.id AS planId, m.price_cents AS price FROM membership_plans m JOIN products p ON p.id = m.product_id WHERE m.interval = 'year' LIMIT 1",
  ))!;
  const id = crypto.randomUUID();
  const line = {
    productId: plan.productId,
    kind: "subscription",
    title: plan.title,
    priceCents: plan.price,
    crossedPriceCents: null,
    plan: { planId: plan.planId, interval: "year", recurringCents: plan.price, trialDays: 0 },
  };
  await env.DB.prepare(
    `INSERT INTO checkout_sessions (id, user_id, provider, provider_session_id, idempotency_key, status, source, lines, subtotal_cents, total_cents, payment_info, created_at)
     VALUES (?1, ?2, 'stripe', ?3, ?4, 'open', 'cart', ?5, ?6, ?6, '{}', ?7)`,
  )
    .bind(id, buyer.id, `cs_test_${uid()}`, `key-${id}`, JSON.stringify([line]), plan.price, Date.now())
    .run();
  const row = (await one("SELECT provider_session_id AS providerId FROM checkout_sessions WHERE id = ?", id))!;
  return {
    userId: buyer.id,
    checkoutId: id,
    providerId: row.providerId as string,
    productId: plan.productId as string,
    stripeSubscriptionId: `sub_${uid().slice(0, 14)}`,
  };
}

const completedObject = (c: { providerId: string; checkoutId: string }, extra: Record<string, unknown> = {}) => ({
  id: c.providerId,
  object: "checkout.session",
  mode: "payment",
  payment_status: "paid",
  status: "complete",
  client_reference_id: c.checkoutId,
  metadata: { checkoutSessionId: c.checkoutId },
  customer: `cus_${uid().slice(0, 14)}`,
  ...extra,
});

const subscriptionObject = (
  m: { stripeSubscriptionId: string; checkoutId: string },
  fields: { status: string; periodEnd: number; cancelAtPeriodEnd?: boolean; canceledAt?: number | null },
) => ({
  id: m.stripeSubscriptionId,
  object: "subscription",
  status: fields.status,
  customer: "cus_known",
  cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
  canceled_at: fields.canceledAt ?? null,
  trial_end: null,
  metadata: { checkoutSessionId: m.checkoutId },
  items: {
    object: "list",
    data: [{ id: `si_${uid().slice(0, 14)}`, object: "subscription_item", current_period_end: fields.periodEnd }],
  },
});

const invoiceObject = (
  stripeSubscriptionId: string,
  fields: { id?: string; paid: boolean; amount: number; periodStart: number; periodEnd: number },
) => ({
  id: fields.id ?? `in_${uid().slice(0, 14)}`,
  object: "invoice",
  customer: "cus_known",
  status: fields.paid ? "paid" : "open",
  amount_paid: fields.paid ? fields.amount : 0,
  amount_due: fields.amount,
  period_start: fields.periodStart,
  period_end: fields.periodEnd,
  parent: { type: "subscription_details", subscription_details: { subscription: stripeSubscriptionId, metadata: {} } },
});

const checkoutState = (id: string) =>
  one("SELECT status, voided_at AS voidedAt FROM checkout_sessions WHERE id = ?", id);
const purchases = (id: string) =>
  all("SELECT product_id, amount_cents, refunded_info FROM purchases WHERE checkout_session_id = ?", id);
const subscriptionOf = (stripeId: string) =>
  one(
    "SELECT status, current_period_end AS periodEnd, cancel_at_period_end AS cancelAtPeriodEnd, canceled_at AS canceledAt, user_id AS userId FROM subscriptions WHERE provider_subscription_id = ?",
    stripeId,
  );
const membershipStatus = async (userId: string) =>
  (await one("SELECT membership_status AS s FROM users WHERE id = ?", userId))!.s;
const eventCount = () => one("SELECT count(*) AS n FROM payment_events");

/** A membership bought through Stripe: its checkout completed with the subscription's id. */
async function activeMembership(tag: string) {
  const m = await membershipCheckout(tag);
  expect(
    (
      await post(
        event(
          "checkout.session.completed",
          completedObject(m, { mode: "subscription", subscription: m.stripeSubscriptionId }),
        ),
      )
    ).status,
  ).toBe(200);
  expect(await subscriptionOf(m.stripeSubscriptionId)).toMatchObject({ status: "active" });
  return m;
}

describe("every handled event, 50 deliveries at once, applies once", () => {
  it("checkout.session.completed: one purchase, one receipt", async () => {
    const c = await classCheckout("ev-completed");
    await storm(event("checkout.session.completed", completedObject(c)));
    expect(await purchases(c.checkoutId)).toHaveLength(1);
    expect(await checkoutState(c.checkoutId)).toMatchObject({ status: "complete" });
    const email = (await one("SELECT email FROM users WHERE id = ?", c.userId))!.email;
    expect((await one(`SELECT count(*) AS n FROM outbox_emails WHERE "to" = ?`, email))!.n).toBe(1);
  });

  it("checkout.session.async_payment_succeeded: one purchase", async () => {
    const c = await classCheckout("ev-async");
    await storm(event("checkout.session.async_payment_succeeded", completedObject(c)));
    expect(await purchases(c.checkoutId)).toHaveLength(1);
  });

  it("checkout.session.expired: the open checkout expires, and can still be fulfilled once if paid", async () => {
    const c = await classCheckout("ev-expired");
    await storm(event("checkout.session.expired", completedObject(c, { payment_status: "unpaid", status: "expired" })));
    expect(await checkoutState(c.checkoutId)).toMatchObject({ status: "expired", voidedAt: null });
    expect(await purchases(c.checkoutId)).toHaveLength(0);
  });

  it("charge.refunded: the purchase is marked refunded once", async () => {
    const c = await classCheckout("ev-refund");
    await post(event("checkout.session.completed", completedObject(c)));
    await storm(
      event("charge.refunded", {
        id: `ch_${uid().slice(0, 14)}`,
        object: "charge",
        amount_refunded: 3900,
        metadata: { checkoutSessionId: c.checkoutId },
      }),
    );
    const [bought] = await purchases(c.checkoutId);
    expect(JSON.parse(bought.refunded_info as string)).toMatchObject({ amountCents: 3900 });
  });

  it("customer.subscription.created: the membership is attached to Stripe's subscription once", async () => {
    const m = await activeMembership("ev-sub-created");
    const periodEnd = nowS() + 365 * 86400;
    await storm(event("customer.subscription.created", subscriptionObject(m, { status: "active", periodEnd })));
    expect(await all("SELECT id FROM subscriptions WHERE user_id = ?", m.userId)).toHaveLength(1);
    expect(await subscriptionOf(m.stripeSubscriptionId)).toMatchObject({
      status: "active",
      periodEnd: periodEnd * 1000,
    });
  });

  it("customer.subscription.updated: past due, the membership ends", async () => {
    const m = await activeMembership("ev-sub-updated");
    const periodEnd = nowS() + 365 * 86400;
    await storm(event("customer.subscription.updated", subscriptionObject(m, { status: "past_due", periodEnd })));
    expect(await subscriptionOf(m.stripeSubscriptionId)).toMatchObject({
      status: "past_due",
      periodEnd: periodEnd * 1000,
    });
    expect(await membershipStatus(m.userId)).toBe("inactive");
  });

  it("customer.subscription.deleted: canceled, the membership ends", async () => {
    const m = await activeMembership("ev-sub-deleted");
    const canceledAt = nowS();
    await storm(
      event(
        "customer.subscription.deleted",
        subscriptionObject(m, { status: "canceled", periodEnd: canceledAt, canceledAt }),
      ),
    );
    expect(await subscriptionOf(m.stripeSubscriptionId)).toMatchObject({
      status: "canceled",
      canceledAt: canceledAt * 1000,
    });
    expect(await membershipStatus(m.userId)).toBe("inactive");
  });

  it("invoice.paid: one paid invoice for the renewal", async () => {
    const m = await activeMembership("ev-inv-paid");
    const invoice = invoiceObject(m.stripeSubscriptionId, {
      paid: true,
      amount: 12000,
      periodStart: nowS(),
      periodEnd: nowS() + 365 * 86400,
    });
    await storm(event("invoice.paid", invoice));
    expect(await all("SELECT status, amount_cents FROM invoices WHERE provider_invoice_id = ?", invoice.id)).toEqual([
      { status: "paid", amount_cents: 12000 },
    ]);
    expect(await membershipStatus(m.userId)).toBe("active");
  });

  it("invoice.payment_failed: one failed invoice, the subscription past due", async () => {
    const m = await activeMembership("ev-inv-failed");
    const invoice = invoiceObject(m.stripeSubscriptionId, {
      paid: false,
      amount: 12000,
      periodStart: nowS(),
      periodEnd: nowS() + 365 * 86400,
    });
    await storm(event("invoice.payment_failed", invoice));
    expect(await all("SELECT status, amount_cents FROM invoices WHERE provider_invoice_id = ?", invoice.id)).toEqual([
      { status: "failed", amount_cents: 12000 },
    ]);
    expect(await subscriptionOf(m.stripeSubscriptionId)).toMatchObject({ status: "past_due" });
    expect(await membershipStatus(m.userId)).toBe("inactive");
  });
});

describe("events out of order", () => {
  it("a customer.subscription.updated older than the one applied changes nothing", async () => {
    const m = await activeMembership("ev-order-sub");
    const t = nowS();
    const newer = event(
      "customer.subscription.updated",
      subscriptionObject(m, { status: "active", periodEnd: t + 400 * 86400, cancelAtPeriodEnd: true }),
      { created: t },
    );
    const older = event(
      "customer.subscription.updated",
      subscriptionObject(m, { status: "past_due", periodEnd: t + 10 * 86400 }),
      { created: t - 60 },
    );
    expect((await post(newer)).status).toBe(200);
    expect((await post(older)).status).toBe(200);
    expect(await subscriptionOf(m.stripeSubscriptionId)).toMatchObject({
      status: "active",
      periodEnd: (t + 400 * 86400) * 1000,
      cancelAtPeriodEnd: 1,
    });
    expect(await membershipStatus(m.userId)).toBe("active");
  });

  it("a customer.subscription.created delivered after the deletion does not bring the membership back", async () => {
    const m = await activeMembership("ev-order-deleted");
    const t = nowS();
    await post(
      event(
        "customer.subscription.deleted",
        subscriptionObject(m, { status: "canceled", periodEnd: t, canceledAt: t }),
        { created: t },
      ),
    );
    await post(
      event("customer.subscription.created", subscriptionObject(m, { status: "active", periodEnd: t + 365 * 86400 }), {
        created: t - 3600,
      }),
    );
    expect(await subscriptionOf(m.stripeSubscriptionId)).toMatchObject({ status: "canceled" });
    expect(await membershipStatus(m.userId)).toBe("inactive");
  });

  it("an invoice.payment_failed delivered after the same invoice was paid changes nothing", async () => {
    const m = await activeMembership("ev-order-invoice");
    const t = nowS();
    const id = `in_${uid().slice(0, 14)}`;
    const fields = { id, amount: 12000, periodStart: t, periodEnd: t + 365 * 86400 };
    await post(event("invoice.paid", invoiceObject(m.stripeSubscriptionId, { ...fields, paid: true }), { created: t }));
    await post(
      event("invoice.payment_failed", invoiceObject(m.stripeSubscriptionId, { ...fields, paid: false }), {
        created: t - 120,
      }),
    );
    expect(await all("SELECT status FROM invoices WHERE provider_invoice_id = ?", id)).toEqual([{ status: "paid" }]);
    expect(await subscriptionOf(m.stripeSubscriptionId)).toMatchObject({ status: "active" });
    expect(await membershipStatus(m.userId)).toBe("active");
  });

  it("subscription events before their checkout's completion are retried, then apply", async () => {
    const m = await membershipCheckout("ev-order-early");
    const periodEnd = nowS() + 365 * 86400;
    const early = event(
      "customer.subscription.updated",
      subscriptionObject(m, { status: "active", periodEnd, cancelAtPeriodEnd: true }),
    );
    expect((await post(early)).status).toBe(500);
    await post(
      event(
        "checkout.session.completed",
        completedObject(m, { mode: "subscription", subscription: m.stripeSubscriptionId }),
      ),
    );
    // Stripe's retry of the same event.
    expect((await post(early)).status).toBe(200);
    expect(await subscriptionOf(m.stripeSubscriptionId)).toMatchObject({ status: "active", cancelAtPeriodEnd: 1 });
  });

  it("a membership confirmed by the success page before the webhook still gets Stripe's subscription id", async () => {
    const m = await membershipCheckout("ev-order-confirmed");
    // The success page fulfilled it (it learns no subscription id); then the webhook arrives.
    const { fulfilCheckout } = await import("~/features/checkout/fulfil.server");
    expect((await fulfilCheckout(testApp(), m.checkoutId)).status).toBe("fulfilled");
    await post(
      event(
        "checkout.session.completed",
        completedObject(m, { mode: "subscription", subscription: m.stripeSubscriptionId }),
      ),
    );
    const periodEnd = nowS() + 365 * 86400;
    expect(
      (
        await post(
          event(
            "customer.subscription.updated",
            subscriptionObject(m, { status: "active", periodEnd, cancelAtPeriodEnd: true }),
          ),
        )
      ).status,
    ).toBe(200);
    expect(await subscriptionOf(m.stripeSubscriptionId)).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: 1,
      userId: m.userId,
    });
  });
});

describe("a checkout that may not be granted", () => {
  it("paid on Stripe after a newer checkout replaced it: acknowledged, never fulfilled, marked for a refund", async () => {
    const c = await classCheckout("ev-replaced", { creditCents: 1000 });
    await env.DB.prepare("UPDATE users SET monthly_credit_info = '{\"monthlyCredit\":10}' WHERE id = ?")
      .bind(c.userId)
      .run();
    await env.DB.prepare(
      "UPDATE checkout_sessions SET status = 'expired', voided_at = ?2, last_error = 'A newer checkout replaced this one.' WHERE id = ?1",
    )
      .bind(c.checkoutId, Date.now())
      .run();
    await storm(event("checkout.session.completed", completedObject(c)));
    expect(await checkoutState(c.checkoutId)).toMatchObject({ status: "expired" });
    expect(await purchases(c.checkoutId)).toHaveLength(0);
    expect(
      (await one(
        "SELECT json_extract(monthly_credit_info, '$.monthlyCredit') AS credit FROM users WHERE id = ?",
        c.userId,
      ))!.credit,
    ).toBe(10);
    // The tests run without Stripe keys, so the refund is left to do by hand, and says so.
    expect((await one("SELECT last_error AS e FROM checkout_sessions WHERE id = ?", c.checkoutId))!.e).toBe(
      "A newer checkout replaced this one. The payment must be refunded in Stripe.",
    );
  });
});

describe("refused deliveries change nothing", () => {
  it("every event type: a tampered body and a signature older than 300 s are each a 400", async () => {
    const c = await classCheckout("ev-bad");
    const m = await activeMembership("ev-bad-sub");
    const before = {
      checkout: await checkoutState(c.checkoutId),
      subscription: await subscriptionOf(m.stripeSubscriptionId),
      events: await eventCount(),
    };
    const periodEnd = nowS() + 30 * 86400;
    const bodies = [
      event("checkout.session.completed", completedObject(c)),
      event("checkout.session.async_payment_succeeded", completedObject(c)),
      event("checkout.session.expired", completedObject(c, { payment_status: "unpaid", status: "expired" })),
      event("charge.refunded", {
        id: "ch_bad",
        object: "charge",
        amount_refunded: 100,
        metadata: { checkoutSessionId: c.checkoutId },
      }),
      event("customer.subscription.created", subscriptionObject(m, { status: "canceled", periodEnd })),
      event("customer.subscription.updated", subscriptionObject(m, { status: "past_due", periodEnd })),
      event(
        "customer.subscription.deleted",
        subscriptionObject(m, { status: "canceled", periodEnd, canceledAt: nowS() }),
      ),
      event(
        "invoice.paid",
        invoiceObject(m.stripeSubscriptionId, { paid: true, amount: 1, periodStart: nowS(), periodEnd }),
      ),
      event(
        "invoice.payment_failed",
        invoiceObject(m.stripeSubscriptionId, { paid: false, amount: 1, periodStart: nowS(), periodEnd }),
      ),
    ];
    for (const body of bodies) {
      const tampered = body.replace(/"type":"([^"]+)"/, '"type":"$1" ');
      expect((await post(tampered, { signed: body })).status).toBe(400);
      expect((await post(body.replace('"livemode":false', '"livemode":true'), { signed: body })).status).toBe(400);
      expect((await post(body, { timestamp: nowS() - 301 })).status).toBe(400);
    }
    expect({
      checkout: await checkoutState(c.checkoutId),
      subscription: await subscriptionOf(m.stripeSubscriptionId),
      events: await eventCount(),
    }).toEqual(before);
    expect(await purchases(c.checkoutId)).toHaveLength(0);
    expect(
      await all("SELECT id FROM invoices WHERE provider_invoice_id NOT LIKE '%:first' AND user_id = ?", m.userId),
    ).toHaveLength(0);
  });
});

describe("events for a customer we do not know", () => {
  it("every event type is acknowledged and ignored", async () => {
    const stranger = {
      providerId: `cs_test_${uid()}`,
      checkoutId: crypto.randomUUID(),
      stripeSubscriptionId: `sub_${uid().slice(0, 14)}`,
    };
    const periodEnd = nowS() + 30 * 86400;
    const bodies = [
      event("checkout.session.completed", completedObject(stranger)),
      event(
        "checkout.session.async_payment_succeeded",
        completedObject(stranger, { metadata: {}, client_reference_id: null }),
      ),
      event("checkout.session.expired", completedObject(stranger, { payment_status: "unpaid", status: "expired" })),
      event("charge.refunded", {
        id: "ch_stranger",
        object: "charge",
        amount_refunded: 100,
        metadata: { checkoutSessionId: stranger.checkoutId },
      }),
      event("customer.subscription.created", subscriptionObject(stranger, { status: "active", periodEnd })),
      event("customer.subscription.updated", {
        ...subscriptionObject(stranger, { status: "active", periodEnd }),
        metadata: {},
      }),
      event(
        "customer.subscription.deleted",
        subscriptionObject(stranger, { status: "canceled", periodEnd, canceledAt: nowS() }),
      ),
      event(
        "invoice.paid",
        invoiceObject(stranger.stripeSubscriptionId, { paid: true, amount: 1, periodStart: nowS(), periodEnd }),
      ),
      event(
        "invoice.payment_failed",
        invoiceObject(stranger.stripeSubscriptionId, { paid: false, amount: 1, periodStart: nowS(), periodEnd }),
      ),
    ];
    const counts = async () => ({
      checkouts: (await one("SELECT count(*) AS n FROM checkout_sessions"))!.n,
      purchases: (await one("SELECT count(*) AS n FROM purchases"))!.n,
      subscriptions: (await one("SELECT count(*) AS n FROM subscriptions"))!.n,
      invoices: (await one("SELECT count(*) AS n FROM invoices"))!.n,
    });
    const before = await counts();
    for (const body of bodies) {
      const answer = await post(body);
      expect(answer.status, body.slice(0, 120)).toBe(200);
      expect(await answer.json()).toEqual({ received: true, ignored: true });
    }
    expect(await counts()).toEqual(before);
  });
});

describe("a D1 failure in the middle of fulfilment", () => {
  it("rolls the whole fulfilment back; Stripe's retry completes it once", async () => {
    const code = `WH${uid().slice(0, 8).toUpperCase()}`;
    await env.DB.prepare(
      "INSERT INTO discount_codes (code, amount_off_cents, max_redemptions, created_at) VALUES (?, 500, 10, ?)",
    )
      .bind(code, Date.now())
      .run();
    const c = await classCheckout("ev-d1-failure", { creditCents: 1000, discountCode: code });
    await env.DB.prepare("UPDATE users SET monthly_credit_info = '{\"monthlyCredit\":10}' WHERE id = ?")
      .bind(c.userId)
      .run();
    // The failure: the purchase insert, in the middle of the batch (after the checkout was closed, the
    // credit spent and the code redeemed), is refused by the database.
    const trigger = `fail_purchase_${uid().slice(0, 8)}`;
    await env.DB.prepare(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON purchases WHEN NEW.checkout_session_id = '${c.checkoutId}' BEGIN SELECT RAISE(ABORT, 'injected D1 failure'); END`,
    ).run();
    const body = event("checkout.session.completed", completedObject(c));
    const failed = await post(body);
    expect(failed.status).toBe(500);
    expect(await checkoutState(c.checkoutId)).toMatchObject({ status: "open" });
    expect(await purchases(c.checkoutId)).toHaveLength(0);
    expect(
      (await one(
        "SELECT json_extract(monthly_credit_info, '$.monthlyCredit') AS credit FROM users WHERE id = ?",
        c.userId,
      ))!.credit,
    ).toBe(10);
    expect((await one("SELECT redemptions FROM discount_codes WHERE code = ?", code))!.redemptions).toBe(0);

    await env.DB.prepare(`DROP TRIGGER ${trigger}`).run();
    // Stripe retries the same event (same id), several times at once.
    const retries = await Promise.all(Array.from({ length: 10 }, () => post(body)));
    expect(retries.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await checkoutState(c.checkoutId)).toMatchObject({ status: "complete" });
    expect(await purchases(c.checkoutId)).toHaveLength(1);
    expect(
      (await one(
        "SELECT json_extract(monthly_credit_info, '$.monthlyCredit') AS credit FROM users WHERE id = ?",
        c.userId,
      ))!.credit,
    ).toBe(0);
    expect((await one("SELECT redemptions FROM discount_codes WHERE code = ?", code))!.redemptions).toBe(1);
    expect((await post(body)).status).toBe(200);
    expect(await purchases(c.checkoutId)).toHaveLength(1);
  });
});
