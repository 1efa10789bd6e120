import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { analyticsReport } from "~/features/analytics/report.server";
import { FUNNEL_STEPS, orderedFunnel, parseRange } from "~/features/analytics/rules";
import { testApp } from "./app-context";
import { Browser, html, payCard, product, signUp, startPaidCheckout } from "./commerce-helpers";

const DAY = 86_400_000;
const FEB_1 = Date.UTC(2021, 1, 1);
const at = (day: number, hours = 12) => FEB_1 + day * DAY + hours * 3_600_000;

async function admin(): Promise<Browser> {
  const { browser, userId } = await signUp("analytics-admin");
  await env.DB.prepare("UPDATE users SET is_admin = 1 WHERE id = ?").bind(userId).run();
  return browser;
}

let n = 0;
function event(
  name: string,
  createdAt: number,
  who: { user?: string; anon?: string },
  properties: Record<string, unknown> | string = {},
) {
  return env.DB.prepare(
    "INSERT INTO analytics_events (id, name, user_id, anonymous_id, properties, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  ).bind(
    `it-${++n}`,
    name,
    who.user ?? null,
    who.anon ?? null,
    typeof properties === "string" ? properties : JSON.stringify(properties),
    createdAt,
  );
}

function checkout(
  userId: string,
  status: string,
  totalCents: number,
  completedAt: number | null,
  paymentInfo: Record<string, string> = {},
) {
  const id = crypto.randomUUID();
  return env.DB.prepare(
    `INSERT INTO checkout_sessions (id, user_id, provider, idempotency_key, status, source, lines, subtotal_cents, total_cents, payment_info, created_at, completed_at)
     VALUES (?1, ?2, 'local', ?1, ?3, 'cart', '[]', ?4, ?4, ?5, ?6, ?7)`,
  ).bind(id, userId, status, totalCents, JSON.stringify(paymentInfo), (completedAt ?? at(0)) - 60_000, completedAt);
}

describe("/admin/analytics", () => {
  it("sends visitors to Log In and refuses signed-in non-admins with 403", async () => {
    const visitor = await new Browser().get("/admin/analytics?from=2021-02-01");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/?auth=Login&redirect=%2Fadmin%2Fanalytics");
    const { browser } = await signUp("analytics-learner");
    expect((await browser.get("/admin/analytics")).status).toBe(403);
    // The page's data through Remix's single-fetch address is refused the same way.
    expect((await browser.get("/admin/analytics.data")).status).toBe(403);
  });

  it("answers a range it cannot read with 400 and the reason, showing the last 30 days instead", async () => {
    const browser = await admin();
    const cases: [string, string][] = [
      ["from=yesterday", "The From date is not a real date."],
      ["to=2021-02-30", "The To date is not a real date."],
      ["from=2021-02-07&to=2021-02-01", "The From date must be on or before the To date."],
      ["from=2019-01-01&to=2021-01-01", "Choose at most 366 days at a time (this range has 732)."],
      ["from=2999-01-01&to=2999-01-02", "The To date is not a real date."],
      ["from=2999-01-01", "The From date is not a real date."],
      [`from=${"9".repeat(500)}`, "The dates are too long to be dates."],
    ];
    for (const [query, message] of cases) {
      const response = await browser.get(`/admin/analytics?${query}`);
      expect(response.status, query).toBe(400);
      const page = await html(response);
      expect(page, query).toContain(message);
      expect(page).toContain("Showing the last 30 days instead.");
      expect(page).toContain("<h1>Analytics</h1>");
    }
    const fine = await browser.get("/admin/analytics");
    expect(fine.status).toBe(200);
    expect(await html(fine)).toContain("(30 days). Days are in UTC.");
  });

  it("counts the seeded events per UTC day, the funnel by people and the sources, with revenue from completed checkouts", async () => {
    const browser = await admin();
    const { userId: buyer } = await signUp("analytics-buyer");
    await env.DB.batch([
      // Day 0: three page views (the experiment exposure is not one), from google and direct.
      event("home landing page | viewed", at(0), { anon: "a1" }, { utm_source: "google" }),
      event("home landing page | viewed", at(0), { anon: "a2" }, { utm_source: "Google " }),
      event("library page | viewed", at(0, 23.99), { user: "u1" }),
      event("experiment | viewed", at(0), { anon: "a1" }, { utm_source: "google" }),
      // Day 1: a sign-up from a referrer, two cart adds, a class page seen twice by one person.
      event("create account | success", at(1), { user: "u1" }, { ref: "guitar-blog" }),
      event("shopping cart | item added", at(1), { user: "u1" }),
      event("shopping cart | item added", at(1), { anon: "a2" }),
      event("product landing page | viewed", at(1), { anon: "a1" }, { source: "newsletter" }),
      event("product landing page | viewed", at(1, 13), { anon: "a1" }, { source: "newsletter" }),
      event("product landing page | viewed", at(1), { user: "u1" }),
      // Day 3: checkout seen, paid, purchased; a row whose properties are not JSON still counts.
      event("checkout | viewed", at(3), { user: "u1" }),
      event("checkout | payment submit success", at(3), { user: "u1" }),
      event("checkout | purchase success", at(3), { user: "u1" }, { totalCents: 4900, utm_source: "google" }),
      event("browse landing page | viewed", at(3), { anon: "a3" }, "not json"),
      // Day 6 (the last day), and just outside the range on both sides.
      event("home landing page | viewed", at(6, 23.999), { anon: "a3" }),
      event("home landing page | viewed", FEB_1 - 1, { anon: "early" }),
      event("home landing page | viewed", at(7, 0), { anon: "late" }),
      // Money: completed checkouts by completed_at; open ones and ones outside the range do not count.
      checkout(buyer, "complete", 4900, at(3), { utm_source: "google" }),
      checkout(buyer, "complete", 1550, at(5), { referrer: "guitar-blog" }),
      checkout(buyer, "open", 9900, null),
      checkout(buyer, "complete", 2000, at(7, 0)),
    ]);

    const answer = parseRange({ from: "2021-02-01", to: "2021-02-07" }, Date.now());
    expect(answer.ok).toBe(true);
    const report = await analyticsReport(testApp(), answer.range);
    const values = (points: { value: number }[]) => points.map((p) => p.value);
    expect(values(report.daily.pageViews)).toEqual([3, 3, 0, 2, 0, 0, 1]);
    expect(values(report.daily.signUps)).toEqual([0, 1, 0, 0, 0, 0, 0]);
    expect(values(report.daily.cartAdds)).toEqual([0, 2, 0, 0, 0, 0, 0]);
    expect(values(report.daily.checkouts)).toEqual([0, 0, 0, 1, 0, 0, 0]);
    expect(values(report.daily.revenueCents)).toEqual([0, 0, 0, 4900, 0, 1550, 0]);
    expect(report.daily.pageViews.map((p) => p.date)).toEqual([
      "2021-02-01",
      "2021-02-02",
      "2021-02-03",
      "2021-02-04",
      "2021-02-05",
      "2021-02-06",
      "2021-02-07",
    ]);
    expect(report.totals).toEqual({
      pageViews: 9,
      signUps: 1,
      cartAdds: 2,
      checkouts: 1,
      purchases: 2,
      revenueCents: 6450,
    });
    // Ordered: only a1 went on from home to a class page; u1 came in at a class page (an entry point).
    expect(report.funnel.map((s) => [s.key, s.people, s.fromPrevious, s.entered])).toEqual([
      ["home", 3, null, 3],
      ["class", 1, 33.3, 1],
      ["cart", 0, 0, 0],
      ["checkout", 0, null, 0],
      ["purchase", 0, null, 0],
    ]);
    expect(report.sources).toEqual([
      { source: "(direct)", pageViews: 5, signUps: 0, purchases: 0, revenueCents: 0 },
      { source: "google", pageViews: 2, signUps: 0, purchases: 1, revenueCents: 4900 },
      { source: "guitar-blog", pageViews: 0, signUps: 1, purchases: 1, revenueCents: 1550 },
      { source: "newsletter", pageViews: 2, signUps: 0, purchases: 0, revenueCents: 0 },
    ]);

    // The page shows the same numbers (and the table behind each chart).
    const response = await browser.get("/admin/analytics?from=2021-02-01&to=2021-02-07");
    expect(response.status).toBe(200);
    const page = await html(response);
    const tile = (label: string) =>
      page.match(new RegExp(`<dt class="tiles__label">${label}</dt><dd class="tiles__value">([^<]+)</dd>`))?.[1];
    expect([tile("Page views"), tile("Sign-ups"), tile("Cart adds"), tile("Checkouts"), tile("Revenue")]).toEqual([
      "9",
      "1",
      "2",
      "1",
      "$64.50",
    ]);
    expect(page).toContain("Feb 1, 2021 – Feb 7, 2021 (7 days)");
    expect(page).toContain("9 page views from Feb 1, 2021 to Feb 7, 2021; the busiest day was Feb 1, 2021 with 3.");
    expect(page).toContain(
      "$64.50 in revenue from Feb 1, 2021 to Feb 7, 2021; the busiest day was Feb 4, 2021 with $49.00.",
    );
    expect(page.match(/<svg class="chart-svg"/g)?.length).toBe(6); // five charts, the wide revenue one drawn twice
    expect(page).toContain('<th scope="row" class="sources__name">guitar-blog</th>');
  });

  it("counts the funnel in order, people across sign-in, and entry points apart; the SQL agrees with the rule", async () => {
    const MAR_1 = Date.UTC(2021, 2, 1);
    const t = (minutes: number) => MAR_1 + minutes * 60_000;
    const anon = "anon_00000000-0000-4000-8000-00000000f001";
    const { userId } = await signUp("funnel-linked");
    await env.DB.prepare("INSERT INTO anonymous_links (anonymous_id, user_id, linked_at) VALUES (?, ?, ?)")
      .bind(anon, userId, t(0))
      .run();
    await env.DB.batch([
      // In order: home → class → cart → checkout → purchase.
      event("home landing page | viewed", t(1), { anon: "f-in-order" }),
      event("product landing page | viewed", t(2), { anon: "f-in-order" }),
      event("shopping cart | item added", t(3), { anon: "f-in-order" }),
      event("checkout | viewed", t(4), { anon: "f-in-order" }),
      event("checkout | purchase success", t(5), { anon: "f-in-order" }),
      // Out of order: bought, then looked at home: home only (and entered at the purchase step).
      event("checkout | purchase success", t(1), { user: "f-backwards" }),
      event("product landing page | viewed", t(2), { user: "f-backwards" }),
      event("home landing page | viewed", t(3), { user: "f-backwards" }),
      // Anonymous at home, then signed in for the class page and the cart: one person.
      event("home landing page | viewed", t(1), { anon }),
      event("product landing page | viewed", t(2), { user: userId }),
      event("shopping cart | item added", t(3), { user: userId, anon }),
      // Straight to a class page: entry point only.
      event("product landing page | viewed", t(1), { anon: "f-direct" }),
    ]);
    const answer = parseRange({ from: "2021-03-01", to: "2021-03-01" }, Date.now());
    if (!answer.ok) throw new Error(answer.error);
    const report = await analyticsReport(testApp(), answer.range);
    expect(report.funnel.map((s) => [s.key, s.people, s.entered])).toEqual([
      ["home", 3, 2],
      ["class", 2, 1],
      ["cart", 2, 0],
      ["checkout", 1, 0],
      ["purchase", 1, 1],
    ]);
    const page = await html(await (await admin()).get("/admin/analytics?from=2021-03-01&to=2021-03-01"));
    expect(page).toContain("only when they did it after the step before, within the range");
    expect(page).toContain("Where people start:</span> Home 2, Class page 1, Purchase 1.");

    // Random events over a day: the SQL's counts are the rule's (rules.orderedFunnel).
    const APR_1 = Date.UTC(2021, 3, 1);
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const rows = Array.from({ length: 300 }, () => ({
      person: `r${random(40)}`,
      step: random(FUNNEL_STEPS.length),
      at: APR_1 + random(2000) * 1000,
    }));
    await env.DB.batch(rows.map((r) => event(FUNNEL_STEPS[r.step].event, r.at, { anon: r.person })));
    const april = parseRange({ from: "2021-04-01", to: "2021-04-01" }, Date.now());
    if (!april.ok) throw new Error(april.error);
    const expected = orderedFunnel(rows);
    const got = (await analyticsReport(testApp(), april.range)).funnel;
    expect(got.map((s) => s.people)).toEqual(expected.reached);
    expect(got.map((s) => s.entered)).toEqual(expected.entered);
  });

  it("counts a real purchase's revenue and its attribution on the day it completed", async () => {
    const browser = await admin();
    const { browser: buyer } = await signUp("analytics-real-buyer");
    const guitar = await product("guitar-tone-on-any-amp");
    // A buyer who came from a podcast: the checkout keeps its utm_source (payment_info).
    expect((await buyer.cart("add-all", [guitar.id])).status).toBe(303);
    const checkoutId = await startPaidCheckout(buyer, "?utm_source=itest-podcast");
    expect((await payCard(buyer, checkoutId)).status).toBe(303);
    const sold = await env.DB.prepare(
      "SELECT total_cents AS total, completed_at AS at, json_extract(payment_info, '$.utm_source') AS source FROM checkout_sessions WHERE id = ?",
    )
      .bind(checkoutId)
      .first<{ total: number; at: number; source: string | null }>();
    expect(sold!.total).toBeGreaterThan(0);

    const today = new Date(sold!.at).toISOString().slice(0, 10);
    const answer = parseRange({ from: today, to: today }, Date.now());
    if (!answer.ok) throw new Error(answer.error);
    const report = await analyticsReport(testApp(), answer.range);
    const completedToday = await env.DB.prepare(
      "SELECT COALESCE(SUM(total_cents), 0) AS cents FROM checkout_sessions WHERE status = 'complete' AND completed_at >= ? AND completed_at < ?",
    )
      .bind(answer.range.startMs, answer.range.endMs)
      .first<{ cents: number }>();
    expect(report.totals.revenueCents).toBe(completedToday!.cents);
    expect(report.totals.revenueCents).toBeGreaterThanOrEqual(sold!.total);
    expect(report.daily.revenueCents).toEqual([{ date: today, value: completedToday!.cents }]);
    expect(sold!.source).toBe("itest-podcast");
    expect(report.sources.find((s) => s.source === "itest-podcast")).toMatchObject({
      purchases: 1,
      revenueCents: sold!.total,
    });

    const page = await html(await browser.get(`/admin/analytics?from=${today}&to=${today}`));
    expect(page).toContain(
      `<dt class="tiles__label">Revenue</dt><dd class="tiles__value">$${(completedToday!.cents / 100).toFixed(2)}</dd>`,
    );
  });
});
