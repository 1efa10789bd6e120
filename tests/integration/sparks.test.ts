/**
 * Issue 15, the learner's sparks, enrolled apps and coming-soon items: the sparks feed pages every
 * free preview once in a stable order; Save / Unsave (signed in only); getUserEnrolledApps (session,
 * bearer, 401, empty); a coming-soon class or collection is refused by every way to buy it; Join
 * Waitlist records the item's list and a lead from a waitlist source.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_APP_ID, demoAppStatements } from "../tools/apps-sql.mjs";
import { listSparks } from "~/features/sparks/sparks.server";
import { parseSparkCursor } from "~/features/sparks/rules";
import { call, testApp } from "./app-context";
import { Browser, collectionBySlug, count, html, openCheckoutPage, pay, product, signUp } from "./commerce-helpers";

type Feed = { sparks: { id: string; class: { id: string }; saved: boolean }[]; nextCursor: string | null };
// The loader's feed, as the page and its fetcher read it (the service behind /v2/sparks).
const feed = async (who: Browser | string | null, cursor: string | null) =>
  (await listSparks(testApp(), typeof who === "string" ? who : null, { cursor: parseSparkCursor(cursor) })) as Feed;

async function allSparks(browser: Browser) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const page: Feed = await feed(browser, cursor);
    ids.push(...page.sparks.map((s) => s.id));
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return ids;
}

describe("/v2/sparks", () => {
  it("pages every free preview with a video exactly once, in the same order every time", async () => {
    const visitor = new Browser();
    const first = await allSparks(visitor);
    const previews = await env.DB.prepare(
      "SELECT l.id FROM lessons l JOIN products p ON p.id = l.product_id WHERE l.is_preview = 1 AND l.video_url IS NOT NULL AND p.kind = 'class' ORDER BY l.id",
    ).all<{ id: string }>();
    expect(first).toEqual(previews.results.map((r) => r.id));
    expect(new Set(first).size).toBe(first.length);
    expect(await allSparks(visitor)).toEqual(first);
    // A cursor that names nothing still pages from its place; a malformed one is the first page.
    const bad = await feed(visitor, "' OR 1=1");
    expect(bad.sparks[0].id).toBe(first[0]);
  });

  it("without JavaScript: the page lists sparks with a More sparks link to the next page", async () => {
    const page = await html(await new Browser().get("/v2/sparks"));
    expect(page).toContain("<h1>Sparks</h1>");
    expect(page).toMatch(/href="\/v2\/sparks\?cursor=[0-9a-f-]+"[^>]*>.*More sparks/);
    expect(page).toContain('<track kind="captions"');
  });

  it("saves a preview once, shows it saved and in the library, and unsaves it", async () => {
    const { browser, userId } = await signUp("sparks-saver");
    const [spark] = (await feed(browser, null)).sparks;
    const save = () => browser.post("/v2/sparks", { intent: "save", lessonId: spark.id, page: "/v2/sparks" });
    const answer = await save();
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/v2/sparks");
    expect((await browser.toast())?.title).toBe("Saved to your library");
    await save();
    expect(await count("SELECT count(*) AS n FROM saved_lessons WHERE user_id = ?", userId)).toBe(1);
    expect((await feed(userId, null)).sparks[0].saved).toBe(true);
    const library = await html(await browser.get("/library"));
    expect(library).toContain('id="library-saved-title"');
    expect(library).toContain("/watch/");
    // The lesson's own title, its class's address and creator: each from its own column (a lesson and
    // its class both have a title, which a batch's rows once mixed up).
    const saved = await env.DB.prepare(
      `SELECT l.title, p.storefront_slug AS storefrontSlug, p.class_slug AS classSlug, c.name AS creator
         FROM lessons l JOIN products p ON p.id = l.product_id JOIN creators c ON c.id = p.creator_id WHERE l.id = ?`,
    )
      .bind(spark.id)
      .first<{ title: string; storefrontSlug: string; classSlug: string; creator: string }>();
    const escaped = (text: string) =>
      text
        .replace(/&/g, "&amp;")
        .replace(/</g, "&lt;")
        .replace(/>/g, "&gt;")
        .replace(/"/g, "&quot;")
        .replace(/'/g, "&#x27;");
    expect(library).toContain(`>${escaped(saved!.title)}</a>`);
    expect(library).toContain(`href="/classes/${saved!.storefrontSlug}/${saved!.classSlug}"`);
    expect(library).toContain(escaped(saved!.creator));

    const json = await browser.post("/v2/sparks", { intent: "unsave", lessonId: spark.id, answer: "json" });
    // (A document post renders the page; the page's fetcher gets the JSON {saved: false}.)
    expect(json.status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM saved_lessons WHERE user_id = ?", userId)).toBe(0);
    expect(await html(await browser.get("/library"))).not.toContain('id="library-saved-title"');
  });

  it("refuses a lesson that is not a free preview, in words, and saves nothing", async () => {
    const { browser, userId } = await signUp("sparks-locked");
    const locked = await env.DB.prepare("SELECT id FROM lessons WHERE is_preview = 0 LIMIT 1").first<{ id: string }>();
    const answer = await browser.post("/v2/sparks", { intent: "save", lessonId: locked!.id, answer: "json" });
    expect(answer.status).toBe(404);
    const bad = await browser.post("/v2/sparks", { intent: "keep", lessonId: "x", page: "/v2/sparks" });
    expect(bad.status).toBe(303);
    expect((await browser.toast())?.title).toBe("Choose a spark to save.");
    expect(await count("SELECT count(*) AS n FROM saved_lessons WHERE user_id = ?", userId)).toBe(0);
  });

  it("opens Log In over the feed at the spark for a visitor; nothing is saved", async () => {
    const visitor = new Browser();
    const [spark] = (await feed(visitor, null)).sparks;
    const before = await count("SELECT count(*) AS n FROM saved_lessons");
    const answer = await visitor.post("/v2/sparks", {
      intent: "save",
      lessonId: spark.id,
      page: `/v2/sparks#spark-${spark.id}`,
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(`/v2/sparks?auth=Login#spark-${spark.id}`);
    expect(await count("SELECT count(*) AS n FROM saved_lessons")).toBe(before);
  });
});

describe("GET /api/users/getUserEnrolledApps", () => {
  let owner: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    owner = await signUp("enrolled-owner");
    await env.DB.batch(demoAppStatements(Date.now(), owner.userId).map((sql: string) => env.DB.prepare(sql)));
  });

  it("answers 401 without a caller", async () => {
    const answer = await call("/api/users/getUserEnrolledApps");
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ error: "User is not authenticated" });
  });

  it("is empty for a learner with no app", async () => {
    const { browser } = await signUp("enrolled-none");
    expect(await (await browser.get("/api/users/getUserEnrolledApps")).json()).toEqual({ enrolledApps: [] });
    // The dashboard shows no 'Apps you use' then.
    expect(await html(await browser.get("/v2/dashboard"))).not.toContain("Apps you use");
  });

  it("lists an app with a plan (ready, then paid) by session and by bearer token, and shows it on the dashboard", async () => {
    const { browser, userId } = await signUp("enrolled-member");
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO personalized_plans (id, app_id, subject, testing_step_id, status, plan, created_at, updated_at) VALUES (?, ?, ?, '', 'pending', NULL, ?, ?)",
    )
      .bind(crypto.randomUUID(), DEMO_APP_ID, userId, now, now)
      .run();
    const pending = (await (await browser.get("/api/users/getUserEnrolledApps")).json()) as {
      enrolledApps: Record<string, unknown>[];
    };
    expect(pending.enrolledApps).toHaveLength(1);
    expect(pending.enrolledApps[0]).toMatchObject({
      appId: DEMO_APP_ID,
      storefrontSlug: "marisol-vega",
      appSlug: "half-marathon",
      planStatus: "plan pending",
      hasPaidPlan: false,
      href: "/apps/marisol-vega/half-marathon",
    });
    expect(typeof pending.enrolledApps[0].headline).toBe("string");

    await env.DB.prepare("UPDATE personalized_plans SET status = 'completed' WHERE subject = ?").bind(userId).run();
    await env.DB.prepare(
      "INSERT INTO app_subscriptions (id, app_id, user_id, price_option_id, interval, price_cents, status, current_period_end, created_at) VALUES (?, ?, ?, ?, 'month', 999, 'active', ?, ?)",
    )
      .bind(crypto.randomUUID(), DEMO_APP_ID, userId, `${DEMO_APP_ID}:month`, now + 86_400_000, now)
      .run();
    const issued = (await (await browser.postJson("/api/users/generateAppAuthToken", {})).json()) as {
      response: { token: string };
    };
    const byToken = await call("/api/users/getUserEnrolledApps", {
      headers: { Authorization: `Bearer ${issued.response.token}` },
    });
    expect(await byToken.json()).toMatchObject({
      enrolledApps: [{ planStatus: "plan ready", hasPaidPlan: true, href: "/apps/marisol-vega/half-marathon/today" }],
    });
    const dashboard = await html(await browser.get("/v2/dashboard"));
    expect(dashboard).toContain("Apps you use");
    expect(dashboard).toContain('href="/apps/marisol-vega/half-marathon/today"');
  });

  it("never lists someone else's apps", async () => {
    const { browser } = await signUp("enrolled-stranger");
    expect(await (await browser.get("/api/users/getUserEnrolledApps")).json()).toEqual({ enrolledApps: [] });
  });
});

describe("coming soon", () => {
  it("the class page offers the waitlist instead of buying; cart, buy now and updateCart refuse it in words", async () => {
    const soon = await product("picture-book-spreads");
    const page = await html(await new Browser().get("/classes/noor-haddad/picture-book-spreads"));
    expect(page).toContain("Coming soon");
    expect(page).toContain("Join the waitlist");
    expect(page).toContain(`authSource=class%3A${soon.id}`);
    expect(page).not.toContain(">Add to cart<");

    const { browser, userId } = await signUp("soon-cart");
    for (const intent of ["add", "cta", "buy-now", "add-only"]) {
      const answer = await browser.cart(intent, soon.id, "/classes/noor-haddad/picture-book-spreads");
      expect(answer.status).toBe(303);
      expect(await browser.toast()).toMatchObject({
        kind: "error",
        title: "Not on sale yet",
        description: expect.stringContaining('"Picture Book Spreads" is coming soon'),
      });
    }
    expect(
      (await env.DB.prepare("SELECT items FROM carts WHERE owner_id = ?").bind(userId).first<{ items: string }>())
        ?.items ?? "[]",
    ).not.toContain(soon.id);
    const api = await browser.postJson("/api/updateCart", { product_ids: [soon.id], offer_valid: false });
    expect(api.status).toBe(409);
    expect(((await api.json()) as { detail?: string; error?: string }).error ?? "").toContain("coming soon");
  });

  it("checkout and the purchase API refuse a coming-soon item already in a cart, and nothing is bought", async () => {
    const soon = await collectionBySlug("illustrators-shelf");
    const { browser, userId } = await signUp("soon-checkout");
    // As if it had been put in the cart before it was announced.
    await env.DB.prepare(
      "INSERT INTO carts (owner_id, user_id, items, buy_now_product_id, offer_valid, updated_at, version) VALUES (?, ?, ?, NULL, 0, ?, 1)",
    )
      .bind(userId, userId, JSON.stringify([soon.id]), Date.now())
      .run();
    const { key } = await openCheckoutPage(browser);
    const paid = await pay(browser, key);
    expect(paid.status).toBe(409);
    expect(await html(paid)).toContain("is coming soon and can&#x27;t be bought yet");
    const api = await browser.postJson("/api/purchase", { product_id: soon.id, payment_info: {} });
    expect(api.status).toBe(409);
    expect(await count("SELECT count(*) AS n FROM purchases WHERE user_id = ?", userId)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM checkout_sessions WHERE user_id = ?", userId)).toBe(0);
  });

  it("Join Waitlist from a coming-soon class records its list and a lead from a waitlist source", async () => {
    const soon = await product("picture-book-spreads");
    const visitor = new Browser();
    const email = `waitlist-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const join = () =>
      visitor.post("/auth/join-waitlist", {
        email,
        page: "/classes/noor-haddad/picture-book-spreads",
        authSource: `class:${soon.id}`,
      });
    const answer = await join();
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toContain("authStep=DONE");
    await join();
    const entries = await env.DB.prepare("SELECT list FROM waitlist_entries WHERE email = ?")
      .bind(email)
      .all<{ list: string }>();
    expect(entries.results).toEqual([{ list: `class:${soon.id}` }]);
    const leads = await env.DB.prepare(
      "SELECT kind, source, class_interested_in AS interest FROM email_leads WHERE email = ?",
    )
      .bind(email)
      .all();
    expect(leads.results).toEqual([
      { kind: "lead", source: `/auth/join-waitlist?list=class:${soon.id}`, interest: soon.id },
    ]);
    // A bad email changes nothing.
    const bad = await visitor.post("/auth/join-waitlist", { email: "not-an-email", page: "/", authSource: "x" });
    expect(bad.status).toBe(400);
    expect(await count("SELECT count(*) AS n FROM waitlist_entries WHERE list = 'x'")).toBe(0);
  });
});
