// Money races inside workerd against the test D1: the last use of a discount code and one monthly
// credit, raced by many buyers (or many tabs of one buyer) at once. What 'Pay' takes is claimed in
// one D1 batch; fulfilment grants only what the checkout still holds, never a replaced checkout.
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { fulfilCheckout } from "~/features/checkout/fulfil.server";
import { DISCOUNT_MESSAGES } from "~/features/checkout/rules";
import { testApp } from "./app-context";
import {
  checkoutRow,
  count,
  html,
  monthlyCredit,
  openCheckoutPage,
  pay,
  payCard,
  product,
  purchasesOf,
  setMonthlyCredit,
  signUp,
  startPaidCheckout,
  type Browser,
} from "./commerce-helpers";

// Twenty sign-ups (PBKDF2 each) and twenty checkouts at once on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const RIFFS = "riffs-that-rock"; // $39
const HARMONY = "singing-harmony"; // $39
const PAY_PAGE = /^\/checkout\/pay\/([0-9a-f-]{36})$/;

const tag = () => crypto.randomUUID().slice(0, 6).toUpperCase();
const redemptions = async (code: string) =>
  (await env.DB.prepare("SELECT redemptions AS n FROM discount_codes WHERE code = ?")
    .bind(code)
    .first<{ n: number }>())!.n;

async function addCode(
  code: string,
  fields: {
    amountOffCents?: number;
    percentOff?: number;
    maxRedemptions?: number;
    redemptions?: number;
    maxPerUser?: number;
  },
) {
  await env.DB.prepare(
    "INSERT INTO discount_codes (code, percent_off, amount_off_cents, max_redemptions, redemptions, max_redemptions_per_user, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(
      code,
      fields.percentOff ?? null,
      fields.amountOffCents ?? null,
      fields.maxRedemptions ?? null,
      fields.redemptions ?? 0,
      fields.maxPerUser ?? null,
      Date.now(),
    )
    .run();
}

async function buyers(n: number, prefix: string): Promise<{ browser: Browser; userId: string }[]> {
  const out: { browser: Browser; userId: string }[] = [];
  for (let i = 0; i < n; i++) out.push(await signUp(`${prefix}-${i}`));
  return out;
}

describe("the last use of a discount code", () => {
  it("20 buyers press Pay at once for 1 remaining use: exactly one gets it, the others are told before paying", async () => {
    const code = `LAST${tag()}`;
    await addCode(code, { amountOffCents: 1000, maxRedemptions: 5, redemptions: 4 });
    const riffs = await product(RIFFS);
    const racers = await buyers(20, "code-last");
    const keys: string[] = [];
    for (const { browser } of racers) {
      await browser.cart("add", riffs.id, riffs.href);
      const { key, total } = await openCheckoutPage(browser, `?code=${code}`);
      // Every one of them was shown the discount before pressing Pay.
      expect(total).toBe(`$${((riffs.priceCents - 1000) / 100).toFixed(2)}`);
      keys.push(key);
    }

    const answers = await Promise.all(racers.map(({ browser }, i) => pay(browser, keys[i], `?code=${code}`)));
    const winners = answers.filter((r) => r.status === 303 && PAY_PAGE.test(r.headers.get("location") ?? ""));
    expect(winners).toHaveLength(1);
    const losers = answers.filter((r) => r.status !== 303);
    expect(losers).toHaveLength(19);
    for (const loser of losers) {
      expect(loser.status).toBe(400);
      expect(await html(loser)).toContain(DISCOUNT_MESSAGES.usedUp);
    }
    const users = racers.map((r) => r.userId);
    const discounted = await count(
      `SELECT count(*) AS n FROM checkout_sessions WHERE discount_code = ? AND user_id IN (SELECT value FROM json_each(?))`,
      code,
      JSON.stringify(users),
    );
    expect(discounted).toBe(1);

    // The winner pays; the losers pay the full price without the code.
    const winnerId = winners[0].headers.get("location")!.match(PAY_PAGE)![1];
    const winner = racers.find((_, i) => answers[i] === winners[0])!;
    expect((await payCard(winner.browser, winnerId)).status).toBe(303);
    expect(await redemptions(code)).toBe(5);
    await Promise.all(
      racers.filter((r) => r !== winner).map(async ({ browser }) => payCard(browser, await startPaidCheckout(browser))),
    );
    const bought = (await Promise.all(users.map((u) => purchasesOf(u)))).flat();
    expect(bought).toHaveLength(20);
    expect(bought.filter((p) => p.amountCents === riffs.priceCents - 1000)).toHaveLength(1);
    expect(bought.filter((p) => p.amountCents === riffs.priceCents)).toHaveLength(19);
    expect(await redemptions(code)).toBe(5);
  });

  it("20 buyers press Pay one after another and their payments arrive at once: the code is granted exactly as often as it is redeemed", async () => {
    const code = `PAID${tag()}`;
    await addCode(code, { amountOffCents: 500, maxRedemptions: 1 });
    const riffs = await product(RIFFS);
    const racers = await buyers(20, "code-paid");
    const ids: (string | null)[] = [];
    for (const { browser } of racers) {
      await browser.cart("add", riffs.id, riffs.href);
      const { key } = await openCheckoutPage(browser, `?code=${code}`);
      const started = await pay(browser, key, `?code=${code}`);
      ids.push(started.headers.get("location")?.match(PAY_PAGE)?.[1] ?? null);
    }
    // Every payment lands at the same moment (as Stripe's webhooks would).
    await Promise.all(ids.map((id) => (id ? fulfilCheckout(testApp(), id) : null)));
    const users = JSON.stringify(racers.map((r) => r.userId));
    const granted = await count(
      `SELECT count(*) AS n FROM checkout_sessions WHERE status = 'complete' AND discount_code = ? AND discount_cents > 0 AND user_id IN (SELECT value FROM json_each(?))`,
      code,
      users,
    );
    expect(granted).toBe(1);
    expect(await redemptions(code)).toBe(1);
  });

  it("a held use is given back when its checkout is replaced or left for an hour, so nothing leaks", async () => {
    const code = `HOLD${tag()}`;
    await addCode(code, { amountOffCents: 500, maxRedemptions: 1 });
    const riffs = await product(RIFFS);
    const [a, b] = await buyers(2, "code-hold");
    for (const { browser } of [a, b]) await browser.cart("add", riffs.id, riffs.href);

    // A holds the only use: B is told at once.
    const held = await startPaidCheckout(a.browser, `?code=${code}`);
    const refused = await pay(b.browser, (await openCheckoutPage(b.browser, `?code=${code}`)).key, `?code=${code}`);
    expect(refused.status).toBe(400);
    expect(await html(refused)).toContain(DISCOUNT_MESSAGES.usedUp);
    expect(await html(await b.browser.get(`/checkout?code=${code}`))).toContain(DISCOUNT_MESSAGES.usedUp);

    // A starts again without the code: the old checkout is replaced and its use is free again.
    const replacing = await startPaidCheckout(a.browser);
    expect((await checkoutRow(held))!.status).toBe("expired");
    const bHeld = await startPaidCheckout(b.browser, `?code=${code}`);
    expect((await checkoutRow(bHeld))!.discountCents).toBe(500);

    // B walks away: an hour later the use is A's to take, and B's old page cannot be paid any more.
    await env.DB.prepare("UPDATE checkout_sessions SET created_at = created_at - 3600001 WHERE id = ?")
      .bind(bHeld)
      .run();
    const again = await startPaidCheckout(a.browser, `?code=${code}`);
    expect(again).not.toBe(replacing);
    expect((await checkoutRow(again))!.discountCents).toBe(500);
    const late = await payCard(b.browser, bHeld);
    expect(late.status).toBe(303);
    expect(late.headers.get("location")).toBe(`/checkout?code=${code}`);
    expect(await purchasesOf(b.userId)).toHaveLength(0);
    expect((await payCard(a.browser, again)).status).toBe(303);
    expect(await redemptions(code)).toBe(1);
  });

  it("a code with a per-buyer limit is refused to a buyer who has used it, with its own message", async () => {
    const code = `ONCE${tag()}`;
    await addCode(code, { percentOff: 10, maxPerUser: 1 });
    const [riffs, harmony] = await Promise.all([product(RIFFS), product(HARMONY)]);
    const { browser, userId } = await signUp("code-per-user");
    await browser.cart("add", riffs.id, riffs.href);
    const first = await startPaidCheckout(browser, `?code=${code}`);
    expect((await payCard(browser, first)).status).toBe(303);

    await browser.cart("add", harmony.id, harmony.href);
    const applied = await browser.post("/checkout", { intent: "apply-code", code });
    expect(applied.status).toBe(400);
    expect(await html(applied)).toContain(DISCOUNT_MESSAGES.perUser);
    const { key } = await openCheckoutPage(browser, `?code=${code}`);
    const refused = await pay(browser, key, `?code=${code}`);
    expect(refused.status).toBe(400);
    expect(await html(refused)).toContain(DISCOUNT_MESSAGES.perUser);
    expect(await count("SELECT count(*) AS n FROM checkout_sessions WHERE user_id = ?", userId)).toBe(1);
    // Two tabs racing with the code: one use between them.
    const other = await signUp("code-per-user-tabs");
    await other.browser.cart("add", riffs.id, riffs.href);
    const tabs = [
      await openCheckoutPage(other.browser, `?code=${code}`),
      await openCheckoutPage(other.browser, `?code=${code}`),
    ];
    const started = await Promise.all(tabs.map((t) => pay(other.browser, t.key, `?code=${code}`)));
    const ids = started.map((r) => r.headers.get("location")?.match(PAY_PAGE)?.[1]).filter((x): x is string => !!x);
    await Promise.all(ids.map((id) => payCard(other.browser, id)));
    expect(
      await count(
        "SELECT count(*) AS n FROM checkout_sessions WHERE user_id = ? AND status = 'complete' AND discount_cents > 0",
        other.userId,
      ),
    ).toBe(1);
  });
});

describe("one $10 monthly credit", () => {
  it("20 tabs press Pay and pay at once: the credit is spent exactly once and never goes below zero", async () => {
    const riffs = await product(RIFFS);
    const { browser, userId } = await signUp("credit-tabs");
    await setMonthlyCredit(userId, 10);
    await browser.cart("add", riffs.id, riffs.href);
    const keys: string[] = [];
    for (let i = 0; i < 20; i++) keys.push((await openCheckoutPage(browser)).key);

    await Promise.all(
      keys.map(async (key) => {
        const started = await pay(browser, key);
        const id = started.headers.get("location")?.match(PAY_PAGE)?.[1];
        if (id) await payCard(browser, id);
      }),
    );
    const used = await env.DB.prepare(
      "SELECT count(*) AS n, coalesce(sum(credit_cents), 0) AS credit FROM checkout_sessions WHERE user_id = ? AND status = 'complete'",
    )
      .bind(userId)
      .first<{ n: number; credit: number }>();
    expect(used!.n).toBe(1);
    expect(used!.credit).toBe(1000);
    expect(await monthlyCredit(userId)).toBe(0);
    expect(await purchasesOf(userId)).toMatchObject([{ productId: riffs.id, amountCents: riffs.priceCents - 1000 }]);
  });

  it("a replaced checkout paid late is never fulfilled: the credit stays with the newer checkout", async () => {
    const [riffs, harmony] = await Promise.all([product(RIFFS), product(HARMONY)]);
    const { browser, userId } = await signUp("credit-replaced");
    await setMonthlyCredit(userId, 10);
    await browser.cart("add", riffs.id, riffs.href);
    const first = await startPaidCheckout(browser);
    await browser.cart("add-only", harmony.id, harmony.href);
    const second = await startPaidCheckout(browser);
    expect(await checkoutRow(first)).toMatchObject({ status: "expired", creditCents: 1000 });

    // The first checkout's payment arrives anyway (a provider that took it just before it closed).
    const late = await fulfilCheckout(testApp(), first);
    expect(late.status).toBe("declined");
    expect(await checkoutRow(first)).toMatchObject({ status: "expired" });
    expect(await purchasesOf(userId)).toHaveLength(0);
    expect(await monthlyCredit(userId)).toBe(10);

    expect((await payCard(browser, second)).status).toBe(303);
    expect(await checkoutRow(second)).toMatchObject({ status: "complete", creditCents: 1000 });
    expect(await monthlyCredit(userId)).toBe(0);
    expect(await purchasesOf(userId)).toMatchObject([
      { productId: harmony.id, amountCents: harmony.priceCents - 1000 },
    ]);
  });

  it("a checkout that expired unpaid and is paid late gets the credit only if nothing else took it", async () => {
    const [riffs, harmony] = await Promise.all([product(RIFFS), product(HARMONY)]);
    const { browser, userId } = await signUp("credit-late");
    await setMonthlyCredit(userId, 10);
    await browser.cart("add", riffs.id, riffs.href);
    const first = await startPaidCheckout(browser);
    // The provider closed it (Stripe's expiry): nothing replaced it, but it no longer holds the credit.
    await env.DB.prepare("UPDATE checkout_sessions SET status = 'expired' WHERE id = ?").bind(first).run();
    await browser.cart("add-only", harmony.id, harmony.href);
    const second = await startPaidCheckout(browser);
    expect((await payCard(browser, second)).status).toBe(303);
    expect(await monthlyCredit(userId)).toBe(0);

    const late = await fulfilCheckout(testApp(), first);
    expect(late.status).toBe("declined");
    expect(await purchasesOf(userId)).toHaveLength(1);
    expect(await monthlyCredit(userId)).toBe(0);
  });
});
