// The purchase JSON API (spec 7) through the built worker: POST /api/purchase and /api/purchaseItems
// (what they answer and what they write: a checkout, then one purchase row per product once it is
// paid, never a second one on a repeat; bad input refused with nothing written), POST /api/getCardData,
// and the payment calls' failures in spec 8's words: 'Failed to create checkout session' when the
// payment provider fails, 'Failed to fetch studio payment options' when the tiers cannot be read.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_APP_ID, demoAppStatements } from "../tools/apps-sql.mjs";
import { call } from "./app-context";
import { callWith } from "./built-worker";
import {
  Browser,
  GOOD_CARD,
  ORIGIN,
  buy,
  checkoutRow,
  count,
  payCard,
  product,
  purchasesOf,
  setMonthlyCredit,
  signUp,
} from "./commerce-helpers";

// Sign-ups hash a password (PBKDF2) and several tests pay: more than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

// Classes without a crossed price: one price whatever the offer memory says.
const FLAMENCO = "flamenco-rumba-rhythms";
const BOSSA = "bossa-nova-guitar";
const RIFFS = "riffs-that-rock";
const TONE = "guitar-tone-on-any-amp";

type Json = Record<string, unknown>;

const idempotencyKey = () => `api-${crypto.randomUUID().replaceAll("-", "")}`;
const checkouts = (userId: string) => count("SELECT count(*) AS n FROM checkout_sessions WHERE user_id = ?", userId);

function purchase(browser: Browser, body: unknown, key?: string) {
  return browser.postJson("/api/purchase", body, key ? { "Idempotency-Key": key } : {});
}

describe("POST /api/purchase", () => {
  it("answers where to pay; paying there writes one purchase; repeats make no second checkout or purchase", async () => {
    const flamenco = await product(FLAMENCO);
    const { browser, userId } = await signUp("api-purchase");
    const key = idempotencyKey();

    const opened = await purchase(
      browser,
      { product_id: flamenco.id, payment_info: { utm_source: "api-mail", referrer: "bob" } },
      key,
    );
    expect(opened.status).toBe(200);
    const answer = (await opened.json()) as Json;
    const id = answer.checkoutSessionId as string;
    expect(answer).toEqual({
      success: true,
      status: "pending",
      checkoutSessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: `${ORIGIN}/checkout/pay/${id}`,
      totalCents: flamenco.priceCents,
      alreadyOwned: [],
    });
    expect(await checkoutRow(id)).toMatchObject({
      status: "open",
      lines: [{ productId: flamenco.id, priceCents: flamenco.priceCents }],
      totalCents: flamenco.priceCents,
      paymentInfo: { utm_source: "api-mail", referrer: "bob" },
    });
    // Nothing is bought before it is paid for.
    expect(await purchasesOf(userId)).toEqual([]);

    // The same Idempotency-Key (a retried request) is the same checkout.
    const retried = (await (await purchase(browser, { product_id: flamenco.id }, key)).json()) as Json;
    expect(retried).toMatchObject({ checkoutSessionId: id, status: "pending" });
    expect(await checkouts(userId)).toBe(1);

    const paid = await payCard(browser, id);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toBe(`/checkout/success?session_id=${id}`);
    const bought = [{ productId: flamenco.id, amountCents: flamenco.priceCents, checkoutSessionId: id, kind: "class" }];
    expect(await purchasesOf(userId)).toEqual(bought);

    // Retried after it was paid: the same checkout, now complete, and still one purchase.
    const after = await purchase(browser, { product_id: flamenco.id }, key);
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual({
      ...answer,
      status: "complete",
      url: `${ORIGIN}/checkout/success?session_id=${id}`,
    });
    // Asked again as a new purchase: it is already owned, and nothing is written.
    const again = await purchase(browser, { product_id: flamenco.id });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      status: "error",
      error: "You already own everything in this purchase",
      detail: "You already own everything in this purchase",
    });
    expect(await purchasesOf(userId)).toEqual(bought);
    expect(await checkouts(userId)).toBe(1);
  });

  it("completes in the call itself when the credit covers the price, and a retry buys nothing twice", async () => {
    const tone = await product(TONE);
    const { browser, userId } = await signUp("api-purchase-credit");
    await setMonthlyCredit(userId, 100);
    const key = idempotencyKey();

    const first = await purchase(browser, { product_id: tone.id, payment_info: {} }, key);
    expect(first.status).toBe(200);
    const answer = (await first.json()) as Json;
    const id = answer.checkoutSessionId as string;
    expect(answer).toEqual({
      success: true,
      status: "complete",
      checkoutSessionId: id,
      url: `${ORIGIN}/checkout/success?session_id=${id}`,
      totalCents: 0,
      alreadyOwned: [],
    });
    expect(await checkoutRow(id)).toMatchObject({ status: "complete", creditCents: tone.priceCents, totalCents: 0 });
    const bought = await purchasesOf(userId);
    expect(bought).toEqual([{ productId: tone.id, amountCents: 0, checkoutSessionId: id, kind: "class" }]);

    // A retry (its first answer lost, say) is answered the same, though the class is owned by now.
    const retried = await purchase(browser, { product_id: tone.id }, key);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual(answer);
    expect(await purchasesOf(userId)).toEqual(bought);
    expect(await checkouts(userId)).toBe(1);
  });
});

describe("POST /api/purchaseItems", () => {
  it("opens one checkout for several products (each once), leaving out what the buyer owns; paid, one purchase each", async () => {
    const [flamenco, bossa, riffs] = await Promise.all([product(FLAMENCO), product(BOSSA), product(RIFFS)]);
    const { browser, userId } = await signUp("api-items");
    await buy(browser, [riffs.id]);

    const response = await browser.postJson("/api/purchaseItems", {
      product_ids: [flamenco.id, bossa.id, flamenco.id, riffs.id],
      payment_info: { utm_campaign: "spring" },
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Json;
    const id = answer.checkoutSessionId as string;
    expect(answer).toEqual({
      success: true,
      status: "pending",
      checkoutSessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: `${ORIGIN}/checkout/pay/${id}`,
      totalCents: flamenco.priceCents + bossa.priceCents,
      alreadyOwned: [riffs.id],
    });
    const row = (await checkoutRow(id))!;
    expect(row.lines.map((l) => l.productId).sort()).toEqual([flamenco.id, bossa.id].sort());
    expect(row.paymentInfo).toMatchObject({ utm_campaign: "spring" });

    expect((await payCard(browser, id)).status).toBe(303);
    const bought = await purchasesOf(userId);
    expect(bought.map((p) => p.productId).sort()).toEqual([flamenco.id, bossa.id, riffs.id].sort());
    expect(bought.filter((p) => p.checkoutSessionId === id)).toHaveLength(2);

    // Again: everything is owned now, and nothing more is written.
    const again = await browser.postJson("/api/purchaseItems", { product_ids: [flamenco.id, bossa.id] });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ status: "error", error: "You already own everything in this purchase" });
    expect(await purchasesOf(userId)).toEqual(bought);
  });

  it("answers bad input with the one error body naming the problem, and writes nothing", async () => {
    const flamenco = await product(FLAMENCO);
    const { browser, userId } = await signUp("api-items-bad");
    const refusals: [body: unknown, status: number, error: string][] = [
      [{}, 400, "product_ids is required"],
      [{ product_ids: [] }, 400, "product_ids is required"],
      [{ product_ids: flamenco.id }, 400, "product_ids must be a list of ids"],
      [{ product_ids: [" "] }, 400, "product_id is required"],
      [{ product_ids: [flamenco.id], payment_info: "utm_source=x" }, 400, "payment_info must be an object"],
      ["not json", 400, "The body must be JSON or form data"],
      [{ product_ids: [flamenco.id, "no-such-product"] }, 404, "Not for sale: no-such-product"],
    ];
    for (const [body, status, error] of refusals) {
      const response = await browser.postJson("/api/purchaseItems", body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(await response.json(), JSON.stringify(body)).toMatchObject({
        status: status === 404 ? "not found" : "error",
        error,
        detail: error,
      });
    }
    const visitor = await new Browser().postJson("/api/purchaseItems", { product_ids: [flamenco.id] });
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toMatchObject({ status: "error", error: "User is not authenticated" });

    expect(await checkouts(userId)).toBe(0);
    expect(await purchasesOf(userId)).toEqual([]);
  });
});

describe("POST /api/getCardData", () => {
  it("answers the card the buyer last paid with (never its number), null before any, 401 signed out", async () => {
    const signedOut = await new Browser().postJson("/api/getCardData", {});
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({
      status: "error",
      error: "User is not authenticated",
      detail: "User is not authenticated",
    });

    const riffs = await product(RIFFS);
    const { browser } = await signUp("api-card");
    const before = await browser.postJson("/api/getCardData", {});
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ card: null });

    await buy(browser, [riffs.id]);
    // Any body, or none.
    for (const response of [
      await browser.postJson("/api/getCardData", {}),
      await browser.fetch("/api/getCardData", { method: "POST" }),
    ]) {
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ card: { brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 } });
      expect(text).not.toContain(GOOD_CARD.number.replaceAll(" ", ""));
    }
    expect((await browser.get("/api/getCardData")).status).toBe(405);
  });
});

/** Stripe configured, and failing: every call to it is answered 404 with a page that is not Stripe's JSON. */
const stripeDown = callWith({
  STRIPE_SECRET_KEY: "sk_test_integration_down",
  STRIPE_API_URL: env.TEST_PAGES_ORIGIN,
});

/** A JSON post from this browser to the worker whose payment provider fails. */
const postWhileStripeIsDown = (browser: Browser, path: string, body: unknown) =>
  stripeDown(path, {
    method: "POST",
    body: JSON.stringify(body),
    headers: {
      Cookie: browser.cookieHeader,
      Origin: ORIGIN,
      Host: new URL(ORIGIN).host,
      "Content-Type": "application/json",
    },
  });

const failedToCreate = {
  status: "error",
  error: "Failed to create checkout session",
  detail: "Failed to create checkout session",
};

describe("'Failed to create checkout session': the payment provider fails", () => {
  beforeAll(async () => {
    const owner = await signUp("api-app-owner");
    await env.DB.batch(demoAppStatements(Date.now(), owner.userId).map((sql: string) => env.DB.prepare(sql)));
  });

  it("POST /api/payments/create-checkout-session answers 502 in those words; no plan is bought", async () => {
    const { browser, userId } = await signUp("api-plan-down");
    const response = await postWhileStripeIsDown(browser, "/api/payments/create-checkout-session", {
      userId,
      storefrontSlug: "marisol-vega",
      appSlug: "half-marathon",
      priceOptionId: `${DEMO_APP_ID}:month`,
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual(failedToCreate);
    // The checkout it started is closed with the same words, and nothing was granted.
    expect(
      await env.DB.prepare("SELECT status, last_error AS lastError FROM checkout_sessions WHERE user_id = ?")
        .bind(userId)
        .all(),
    ).toMatchObject({ results: [{ status: "expired", lastError: "Failed to create checkout session" }] });
    expect(await count("SELECT count(*) AS n FROM app_subscriptions WHERE user_id = ?", userId)).toBe(0);
  });

  it("POST /api/purchase and /api/payments/create-studio-checkout-session answer the same; nothing is bought", async () => {
    const flamenco = await product(FLAMENCO);
    const { browser, userId } = await signUp("api-purchase-down");
    const bought = await postWhileStripeIsDown(browser, "/api/purchase", { product_id: flamenco.id });
    expect(bought.status).toBe(502);
    expect(await bought.json()).toEqual(failedToCreate);

    const tier = await postWhileStripeIsDown(browser, "/api/payments/create-studio-checkout-session", {
      price_option_id: "studio_starter_month",
      tier_slug: "starter",
      success_url: "/dashboard/builder?mode=publish",
      cancel_url: "/dashboard/builder?mode=pricing_tiers",
    });
    expect(tier.status).toBe(502);
    expect(await tier.json()).toEqual(failedToCreate);

    expect(await purchasesOf(userId)).toEqual([]);
    expect(
      await count("SELECT count(*) AS n FROM checkout_sessions WHERE user_id = ? AND status <> 'expired'", userId),
    ).toBe(0);
  });
});

describe("'Failed to fetch studio payment options': the tiers cannot be read", () => {
  it("GET /api/payments/studio-payment-options answers 500 in those words", async () => {
    const { browser } = await signUp("api-tiers-down");
    const ok = await browser.get("/api/payments/studio-payment-options");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ status: "success" });

    for (const table of ["studio_tiers", "studio_tier_prices"]) {
      // Browser.fetch expects an answer below 500: this one is called directly.
      const failing = await call("/api/payments/studio-payment-options", {
        headers: { Cookie: `${browser.cookieHeader}; studio_dev_fault=d1:${table}` },
      });
      expect(failing.status, table).toBe(500);
      expect(await failing.json(), table).toEqual({
        status: "error",
        error: "Failed to fetch studio payment options",
        detail: "Failed to fetch studio payment options",
      });
    }
  });
});
