// Memberships end to end in workerd: plans and the free trial at checkout, the subscription the
// fulfilment makes, the embedded provider's renewals (the scheduled handler's work), cancel and
// refund through the API and the membership page, and the admin-only view of others.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { renewDueSubscriptions } from "~/features/subscriptions/renewals.server";
import { periodEnd } from "~/features/subscriptions/rules";
import { testApp } from "./app-context";
import { Browser, html, openCheckoutPage, pay, payCard, payPageId, product, signUp } from "./commerce-helpers";
import { recordedEvents } from "./recorded-events";

const DAY = 86_400_000;

type SubRow = {
  id: string;
  status: string;
  interval: string;
  price_cents: number;
  trial_ends_at: number | null;
  current_period_end: number;
  cancel_at_period_end: number;
};
const subscriptionOf = (userId: string) =>
  env.DB.prepare("SELECT * FROM subscriptions WHERE user_id = ? ORDER BY created_at DESC").bind(userId).first<SubRow>();
const membershipOf = async (userId: string) =>
  (await env.DB.prepare("SELECT membership_status AS s FROM users WHERE id = ?").bind(userId).first<{ s: string }>())!
    .s;
const invoicesOf = (subscriptionId: string) =>
  env.DB.prepare(
    "SELECT status, amount_cents, period_start, period_end FROM invoices WHERE subscription_id = ? ORDER BY period_start",
  )
    .bind(subscriptionId)
    .all<{ status: string; amount_cents: number; period_start: number; period_end: number }>()
    .then((r) => r.results);

/** Membership in the cart, checkout with ?plan=, the card form: returns the page seen and the checkout id. */
async function joinMembership(
  browser: Browser,
  plan: "year" | "month",
  card = { name: "Mia Member", number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" },
) {
  const membership = await product("membership");
  expect((await browser.cart("cta", membership.id, "/classes/studio/membership")).status).toBe(303);
  const { page, key } = await openCheckoutPage(browser, `?plan=${plan}`);
  const started = await pay(browser, key, `?plan=${plan}`);
  expect(started.status).toBe(303);
  const id = payPageId(started.headers.get("location"));
  const paid = await payCard(browser, id, card);
  expect(paid.status).toBe(303);
  return { page, id };
}

describe("joining the membership", () => {
  it("offers the yearly plan first and chosen, and a first-time member starts a 7-day free trial", async () => {
    const { browser, userId } = await signUp("member-trial");
    const membership = await product("membership");
    await browser.cart("cta", membership.id, "/classes/studio/membership");
    const page = await html(await browser.get("/checkout"));
    expect(page).toContain("Choose your plan");
    expect(page.indexOf("$168.00 a year")).toBeLessThan(page.indexOf("$20.00 a month"));
    expect(page).toMatch(/value="year"[^>]*checked|checked[^>]*value="year"/);
    expect(page).toContain("7-day free trial: nothing to pay today, then $168.00 a year");
    expect(page).toContain("Start free trial");

    const { id } = await joinMembership(browser, "month");
    const sub = (await subscriptionOf(userId))!;
    expect(sub.status).toBe("trialing");
    expect(sub.interval).toBe("month");
    expect(sub.price_cents).toBe(2000);
    expect(Math.abs(sub.trial_ends_at! - (Date.now() + 7 * DAY))).toBeLessThan(60_000);
    expect(sub.current_period_end).toBe(sub.trial_ends_at);
    expect(await membershipOf(userId)).toBe("active");
    const checkout = await env.DB.prepare("SELECT total_cents FROM checkout_sessions WHERE id = ?")
      .bind(id)
      .first<{ total_cents: number }>();
    expect(checkout!.total_cents).toBe(0);

    // Analytics: the payment and the purchase, with the spec's purchase type.
    const recorded = await recordedEvents<{ name: string; properties: Record<string, unknown> }>(
      "SELECT name, properties FROM analytics_events WHERE user_id = ? ORDER BY created_at",
      [userId],
      (rows) => rows.length >= 3,
    );
    const names = recorded.map((e) => e.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "shopping cart | item added",
        "checkout | payment submit success",
        "checkout | purchase success",
      ]),
    );
    const purchase = recorded.find((e) => e.name === "checkout | purchase success")!;
    expect(purchase.properties).toMatchObject({ type: "Subscription Purchase", checkoutSessionId: id });

    const api = (await (await browser.get("/api/subscription")).json()) as {
      status: string;
      subscription: { status: string; trialDaysRemaining: number; isTrialExpired: boolean };
    };
    expect(api.status).toBe("success");
    expect(api.subscription).toMatchObject({ status: "trialing", trialDaysRemaining: 7, isTrialExpired: false });
    const summary = (await (await browser.get("/api/payments/user-studio-subscriptions")).json()) as {
      hasActiveSubscription: boolean;
      subscriptions: unknown[];
    };
    expect(summary).toMatchObject({ hasActiveSubscription: false });
    expect(summary.subscriptions).toHaveLength(1);
  });

  it("a returning member has no second trial and pays the plan today", async () => {
    const { browser, userId } = await signUp("member-again");
    await joinMembership(browser, "month");
    const first = (await subscriptionOf(userId))!;
    const cancelled = await browser.postJson("/api/users/cancelSubscription", {
      subscriptionId: first.id,
      reason: "Other",
      feedback: "",
    });
    expect(await cancelled.json()).toMatchObject({ success: true });
    expect(await membershipOf(userId)).toBe("inactive");

    const membership = await product("membership");
    await browser.cart("cta", membership.id, "/classes/studio/membership");
    const { page } = await openCheckoutPage(browser, "?plan=year");
    expect(page).toContain("$168.00 today, then every year until you cancel.");
    expect(page).toContain("Pay $168.00");
  });
});

describe("renewals (the embedded provider, run by the scheduled handler)", () => {
  it("charges the saved card when the trial ends, once, however many runs overlap", async () => {
    const { browser, userId } = await signUp("renew-ok");
    await joinMembership(browser, "month");
    const sub = (await subscriptionOf(userId))!;
    const later = testApp({ now: sub.current_period_end + 1000 });
    const runs = await Promise.all([
      renewDueSubscriptions(later),
      renewDueSubscriptions(later),
      renewDueSubscriptions(later),
    ]);
    expect(runs.reduce((n, r) => n + r.renewed, 0)).toBeGreaterThanOrEqual(1);
    const after = (await subscriptionOf(userId))!;
    expect(after.status).toBe("active");
    expect(after.current_period_end).toBe(periodEnd(sub.current_period_end, "month"));
    const bills = await invoicesOf(sub.id);
    expect(bills).toEqual([
      {
        status: "paid",
        amount_cents: 2000,
        period_start: sub.current_period_end,
        period_end: after.current_period_end,
      },
    ]);
    expect(await membershipOf(userId)).toBe("active");
    // Nothing more is due until the next period ends.
    expect((await renewDueSubscriptions(later)).renewed).toBe(0);
  });

  it("a declined card makes it past due (membership off), and after 14 days it is cancelled", async () => {
    const { browser, userId } = await signUp("renew-declined");
    await joinMembership(browser, "month");
    await env.DB.prepare("UPDATE saved_cards SET last4 = '0002' WHERE user_id = ?").bind(userId).run();
    const sub = (await subscriptionOf(userId))!;
    await renewDueSubscriptions(testApp({ now: sub.current_period_end + 1000 }));
    expect((await subscriptionOf(userId))!.status).toBe("past_due");
    expect(await membershipOf(userId)).toBe("inactive");
    expect((await invoicesOf(sub.id)).map((i) => i.status)).toEqual(["failed"]);
    await renewDueSubscriptions(testApp({ now: sub.current_period_end + 15 * DAY }));
    expect((await subscriptionOf(userId))!.status).toBe("canceled");
  });

  it("cancelling at period end keeps access until then, and then ends it", async () => {
    const { browser, userId } = await signUp("renew-cancel");
    await joinMembership(browser, "year");
    const sub = (await subscriptionOf(userId))!;
    const response = await browser.post("/account/membership", {
      intent: "cancel",
      subscriptionId: sub.id,
      reason: "Too expensive",
      feedback: "Great classes though",
    });
    expect(response.status).toBe(303);
    const after = (await subscriptionOf(userId))!;
    expect(after).toMatchObject({ status: "trialing", cancel_at_period_end: 1 });
    expect(await membershipOf(userId)).toBe("active");
    const report = await renewDueSubscriptions(testApp({ now: sub.current_period_end + 1000 }));
    expect(report.ended).toBeGreaterThanOrEqual(1);
    expect((await subscriptionOf(userId))!.status).toBe("canceled");
    expect(await membershipOf(userId)).toBe("inactive");
  });
});

describe("cancel and refund: bad input and other people's subscriptions", () => {
  it("answers the spec's failure messages and changes nothing", async () => {
    const owner = await signUp("sub-owner");
    await joinMembership(owner.browser, "year");
    const sub = (await subscriptionOf(owner.userId))!;
    const stranger = await signUp("sub-stranger");

    const cancel = await stranger.browser.postJson("/api/users/cancelSubscription", { subscriptionId: sub.id });
    expect(cancel.status).toBe(400);
    expect(await cancel.json()).toEqual({ success: false, message: "Failed to cancel subscription" });
    const refund = await stranger.browser.postJson("/api/users/refundSubscription", { subscriptionId: sub.id });
    expect(await refund.json()).toEqual({ success: false, message: "Failed to process refund" });
    // A trial has charged nothing, so it cannot be refunded (only cancelled).
    expect(
      await (await owner.browser.postJson("/api/users/refundSubscription", { subscriptionId: sub.id })).json(),
    ).toEqual({ success: false, message: "Failed to process refund" });

    expect((await owner.browser.postJson("/api/users/cancelSubscription", {})).status).toBe(400);
    expect(
      (
        await owner.browser.postJson("/api/users/cancelSubscription", {
          subscriptionId: sub.id,
          shouldUnenroll: "maybe",
        })
      ).status,
    ).toBe(400);
    expect((await new Browser().postJson("/api/users/cancelSubscription", { subscriptionId: sub.id })).status).toBe(
      401,
    );
    expect((await owner.browser.get("/api/users/cancelSubscription")).status).toBe(405);
    expect((await subscriptionOf(owner.userId))!.status).toBe("trialing");
  });

  it("refunds a paid membership once: access ends, the purchase is refunded and no longer listed", async () => {
    const { browser, userId } = await signUp("sub-refund");
    await joinMembership(browser, "month");
    await env.DB.prepare("UPDATE subscriptions SET status = 'active', trial_ends_at = NULL WHERE user_id = ?")
      .bind(userId)
      .run();
    await env.DB.prepare("UPDATE purchases SET amount_cents = 2000 WHERE user_id = ?").bind(userId).run();
    const sub = (await subscriptionOf(userId))!;
    const first = await browser.postJson("/api/users/refundSubscription", {
      subscriptionId: sub.id,
      reason: "Changed my mind",
      feedback: "",
    });
    expect(await first.json()).toMatchObject({ success: true });
    expect((await subscriptionOf(userId))!.status).toBe("canceled");
    expect(await membershipOf(userId)).toBe("inactive");
    expect(await (await browser.postJson("/api/users/refundSubscription", { subscriptionId: sub.id })).json()).toEqual({
      success: false,
      message: "Failed to process refund",
    });
    const purchases = (await (await browser.get("/api/getUserPurchases")).json()) as { purchases: unknown[] };
    expect(purchases.purchases).toHaveLength(0);
    const page = await html(await browser.get("/account/membership"));
    expect(page).toContain("(refunded)");
  });

  it("lets only admins look at another user's subscriptions", async () => {
    const member = await signUp("sub-seen");
    await joinMembership(member.browser, "year");
    const nosy = await signUp("sub-nosy");
    expect(
      (
        await nosy.browser.get(
          `/api/payments/user-studio-subscriptions?asUserEmail=${encodeURIComponent(member.email)}`,
        )
      ).status,
    ).toBe(403);
    await env.DB.prepare("UPDATE users SET is_admin = 1 WHERE id = ?").bind(nosy.userId).run();
    const seen = (await (
      await nosy.browser.get(`/api/payments/user-studio-subscriptions?asUserEmail=${encodeURIComponent(member.email)}`)
    ).json()) as { subscriptions: unknown[] };
    expect(seen.subscriptions).toHaveLength(1);
    expect((await nosy.browser.get(`/api/payments/user-studio-subscriptions?asUserId=nobody`)).status).toBe(404);
    expect((await nosy.browser.get(`/api/payments/user-studio-subscriptions?asUserEmail=not-an-email`)).status).toBe(
      400,
    );
  });
});
