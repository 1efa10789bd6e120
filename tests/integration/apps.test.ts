// Creator apps: /dashboard (cards, new app from an idea, mark as idea, open builder), the public
// landing page and its plans, buying a plan with the local provider, and the apps JSON API.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { forgetPublishedApp, publishedCacheKey } from "~/features/apps/landing.server";
import { IDEA_MESSAGES } from "~/features/apps/rules";
import { testApp } from "./app-context";
import {
  DEMO_BLUEPRINT,
  DEMO_LANDING_PAGE,
  DEMO_ONBOARDING_FLOW,
  DEMO_PRICING,
  DEMO_THEME,
} from "../tools/apps-sql.mjs";
import { Browser, count, GOOD_CARD, html, payCard, payPageId, signUp } from "./commerce-helpers";

const sql = (s: string, ...binds: unknown[]) => env.DB.prepare(s).bind(...binds);

/** A creator with a storefront slug of their own. */
async function creator(prefix: string, extra: Record<string, unknown> = {}) {
  const made = await signUp(prefix);
  const storefrontSlug = `${prefix}-${crypto.randomUUID().slice(0, 6)}`;
  await sql(
    "UPDATE users SET creator_info = ? WHERE id = ?",
    JSON.stringify({ hasNewDashboardAccess: true, storefrontSlug, ...extra }),
    made.userId,
  ).run();
  return { ...made, storefrontSlug };
}

/** A published app like the demo's, owned by `ownerId`. */
async function publishedApp(
  ownerId: string,
  storefrontSlug: string,
  appSlug = "half-marathon",
  { published = true, pending = false } = {},
) {
  const id = crypto.randomUUID();
  const landing = pending ? { ...DEMO_LANDING_PAGE, status: "pending" } : DEMO_LANDING_PAGE;
  const snapshot = {
    landingPage: landing,
    theme: DEMO_THEME,
    onboardingFlow: DEMO_ONBOARDING_FLOW,
    pricing: DEMO_PRICING,
  };
  const now = Date.now();
  await env.DB.batch([
    sql(
      `INSERT INTO apps (id, user_id, storefront_slug, app_slug, name, idea, is_idea, canvas_settings, landing_page, theme, onboarding_flow, monthly_price_cents, annual_price_cents, annual_duration_unit, published, is_published, published_at, recently_opened_at, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, 'Half Marathon Coach', 'a running app', 0, '{}', ?5, ?6, ?7, 1499, 9900, 'years', ?8, ?9, ?10, NULL, ?10, ?10)`,
      id,
      ownerId,
      storefrontSlug,
      appSlug,
      JSON.stringify(landing),
      JSON.stringify(DEMO_THEME),
      JSON.stringify(DEMO_ONBOARDING_FLOW),
      published ? JSON.stringify(snapshot) : null,
      published ? 1 : 0,
      now,
    ),
    sql(
      "INSERT INTO app_blueprints (app_id, content, updated_at) VALUES (?, ?, ?)",
      id,
      JSON.stringify(DEMO_BLUEPRINT),
      now,
    ),
  ]);
  return id;
}

const IDEA = "A strength app that gets busy parents doing ten push-ups in six weeks.";

/**
 * Follows a build's progress page (/dashboard/builder/jobs/{jobId}) as a browser without JavaScript
 * would (it refreshes itself) until it opens the builder; the new app's id.
 */
async function builtApp(browser: Browser, progressPath: string): Promise<string> {
  expect(progressPath).toMatch(/^\/dashboard\/builder\/jobs\/[0-9a-f-]{36}$/);
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const page = await browser.get(progressPath);
    if (page.status === 302)
      return page.headers.get("location")!.match(/^\/dashboard\/builder\?appId=([0-9a-f-]{36})$/)![1]!;
    expect(page.status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the build at ${progressPath} did not finish`);
}

describe("/dashboard", () => {
  it("sends visitors to Log In and back", async () => {
    const response = await new Browser().get("/dashboard");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/?auth=Login&redirect=%2Fdashboard");
  });

  it("a user without apps sees the friendly empty state and the idea form", async () => {
    const { browser } = await signUp("no-apps");
    const page = await html(await browser.get("/dashboard"));
    expect(page).toContain("You haven&#x27;t made an app yet.");
    expect(page).toContain("Describe your app idea");
    expect(page).toMatch(/<form method="post"[^>]*id="new-app"/);
  });

  it("lists the creator's apps recently opened first with badges and links", async () => {
    const c = await creator("cards");
    const older = await publishedApp(c.userId, c.storefrontSlug, "older");
    const newer = await publishedApp(c.userId, c.storefrontSlug, "newer");
    const draftOnly = await publishedApp(c.userId, c.storefrontSlug, "draft-only", { published: false });
    await sql("UPDATE apps SET recently_opened_at = 1000 WHERE id = ?", older).run();
    await sql(
      "UPDATE apps SET recently_opened_at = 2000, landing_page = json_set(landing_page, '$.hero.title', 'Changed') WHERE id = ?",
      newer,
    ).run();
    const page = await html(await c.browser.get("/dashboard"));
    const order = [...page.matchAll(/<li class="app-tile" id="app-([0-9a-f-]{36})"/g)].map((m) => m[1]);
    expect(order).toEqual([newer, older, draftOnly]);
    const tile = (id: string) =>
      page.slice(page.indexOf(`id="app-${id}"`), page.indexOf("</li>", page.indexOf(`id="app-${id}"`)));
    expect(tile(newer)).toContain("Published");
    expect(tile(newer)).toContain("Unpublished changes");
    expect(tile(older)).not.toContain("Unpublished changes");
    expect(tile(older)).toContain(`href="/apps/${c.storefrontSlug}/older"`);
    expect(tile(draftOnly)).toContain("Not published");
    expect(tile(draftOnly)).not.toContain("View public page");
    // The thumbnail is the hero in the app's colours.
    expect(tile(older)).toContain("--app-primary:#c2410c");
  });

  it("Open builder records the app as recently opened and goes to the builder; someone else's app is refused", async () => {
    const c = await creator("opener");
    const id = await publishedApp(c.userId, c.storefrontSlug);
    const opened = await c.browser.post("/dashboard", { intent: "open", appId: id });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/dashboard/builder?appId=${id}`);
    expect(
      (await sql("SELECT recently_opened_at AS t FROM apps WHERE id = ?", id).first<{ t: number }>())!.t,
    ).toBeGreaterThan(0);

    const other = await signUp("intruder");
    const refused = await other.browser.post("/dashboard", { intent: "mark-idea", appId: id, isIdea: "true" });
    expect(refused.status).toBe(403);
    expect((await sql("SELECT is_idea AS i FROM apps WHERE id = ?", id).first<{ i: number }>())!.i).toBe(0);
  });

  it("Mark as idea and back", async () => {
    const c = await creator("idea-marker");
    const id = await publishedApp(c.userId, c.storefrontSlug);
    const marked = await c.browser.post("/dashboard", { intent: "mark-idea", appId: id, isIdea: "true" });
    expect(marked.status).toBe(303);
    expect((await sql("SELECT is_idea AS i FROM apps WHERE id = ?", id).first<{ i: number }>())!.i).toBe(1);
    expect(await html(await c.browser.get("/dashboard"))).toContain("Mark as not an idea");
    await c.browser.post("/dashboard", { intent: "mark-idea", appId: id, isIdea: "false" });
    expect((await sql("SELECT is_idea AS i FROM apps WHERE id = ?", id).first<{ i: number }>())!.i).toBe(0);
  });

  it("a new app from an idea: slugs from the idea, versions, blueprint, creatorInfo.hasApps kept with other keys, then the builder", async () => {
    const c = await creator("maker");
    const made = await c.browser.post("/dashboard", { intent: "create", appIdea: IDEA });
    expect(made.status).toBe(303);
    // The app is built by a job: its progress page, which opens the builder once the app is made.
    const id = await builtApp(c.browser, made.headers.get("location")!);
    const row = await sql(
      "SELECT storefront_slug AS sf, app_slug AS slug, name, is_idea AS isIdea, is_published AS pub, landing_page AS lp FROM apps WHERE id = ?",
      id,
    ).first<{ sf: string; slug: string; name: string; isIdea: number; pub: number; lp: string }>();
    expect(row).toMatchObject({
      sf: c.storefrontSlug,
      slug: "strength-for-busy-parents",
      name: "Strength for Busy Parents",
      isIdea: 0,
      pub: 0,
    });
    expect(JSON.parse(row!.lp).status).toBe("pending");
    expect(await count("SELECT count(*) AS n FROM app_versions WHERE app_id = ? AND reason = 'create'", id)).toBe(4);
    expect(await count("SELECT count(*) AS n FROM app_blueprints WHERE app_id = ?", id)).toBe(1);
    const info = await sql("SELECT creator_info AS c FROM users WHERE id = ?", c.userId).first<{ c: string }>();
    expect(JSON.parse(info!.c)).toEqual({
      hasNewDashboardAccess: true,
      storefrontSlug: c.storefrontSlug,
      hasApps: true,
    });

    // The same idea again within ten minutes is the same build, not a second app.
    const again = await c.browser.post("/dashboard", { intent: "create", appIdea: IDEA });
    expect(await builtApp(c.browser, again.headers.get("location")!)).toBe(id);
    // Another idea for an app of the same name: the slug is deduped.
    const other = await c.browser.post("/dashboard", {
      intent: "create",
      appIdea: "A strength app that gets busy parents doing twenty squats in eight weeks.",
    });
    const id2 = await builtApp(c.browser, other.headers.get("location")!);
    expect((await sql("SELECT app_slug AS s FROM apps WHERE id = ?", id2).first<{ s: string }>())!.s).toBe(
      "strength-for-busy-parents-2",
    );
    // Never published: the public gets a 404.
    expect((await new Browser().get(`/apps/${c.storefrontSlug}/strength-for-busy-parents`)).status).toBe(404);
  }, 30_000);

  it("a user without a storefront gets one from their name", async () => {
    const { browser, userId } = await signUp("nameless");
    const made = await browser.postJson("/api/app-builder/buildApp", { appIdea: IDEA });
    expect(made.status).toBe(202);
    const body = (await made.json()) as { response: { progressUrl: string; appId: string } };
    expect(await builtApp(browser, body.response.progressUrl)).toBe(body.response.appId);
    const row = await sql("SELECT storefront_slug AS s FROM apps WHERE id = ?", body.response.appId).first<{
      s: string;
    }>();
    expect(row!.s).toBe("cora-merce");
    const info = await sql("SELECT creator_info AS c FROM users WHERE id = ?", userId).first<{ c: string }>();
    expect(JSON.parse(info!.c)).toEqual({ hasApps: true });
  });

  it("a bad idea re-renders the form with the message and the text kept, and keeps it as a server draft", async () => {
    const { browser } = await signUp("bad-idea");
    const short = await browser.post("/dashboard", { intent: "create", appIdea: "tiny" });
    expect(short.status).toBe(400);
    const page = await html(short);
    expect(page).toContain(IDEA_MESSAGES.tooShort);
    expect(page).toContain(">tiny</textarea>");
    // Coming back later keeps the draft.
    expect(await html(await browser.get("/dashboard"))).toContain(">tiny</textarea>");
    // Clear removes the kept draft (and the browser's copy, with JavaScript).
    const cleared = await browser.post("/dashboard", { intent: "clear-draft" });
    expect(cleared.status).toBe(303);
    expect(await html(await browser.get("/dashboard"))).not.toContain(">tiny</textarea>");
    await browser.post("/dashboard", { intent: "save-draft", appIdea: "tiny" });
    const empty = await browser.post("/dashboard", { intent: "create", appIdea: "  " });
    expect(await html(empty)).toContain(IDEA_MESSAGES.required);
    expect(
      await count("SELECT count(*) AS n FROM apps a JOIN users u ON u.id = a.user_id WHERE u.email LIKE 'bad-idea-%'"),
    ).toBe(0);
  });

  it("Save draft keeps the idea on the server without creating anything", async () => {
    const { browser } = await signUp("drafter");
    const saved = await browser.post("/dashboard", {
      intent: "save-draft",
      appIdea: "A half-finished idea about chess openings",
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/dashboard?draft=saved#new-app");
    const page = await html(await browser.get("/dashboard?draft=saved"));
    expect(page).toContain(">A half-finished idea about chess openings</textarea>");
    expect(page).toContain("Your idea is saved.");
  });
});

describe("/v2/dashboard", () => {
  it("new-dashboard creators see their apps above the learner content; others do not", async () => {
    const c = await creator("v2");
    await publishedApp(c.userId, c.storefrontSlug);
    const page = await html(await c.browser.get("/v2/dashboard"));
    expect(page).toContain("Your apps");
    expect(page.indexOf("Half Marathon Coach")).toBeLessThan(page.indexOf("Welcome back"));
    const made = await c.browser.post("/v2/dashboard", { intent: "create", appIdea: IDEA });
    expect(made.status).toBe(303);
    expect(await builtApp(c.browser, made.headers.get("location")!)).toMatch(/^[0-9a-f-]{36}$/);

    const learner = await signUp("v2-learner");
    expect(await html(await learner.browser.get("/v2/dashboard"))).not.toContain('id="new-app"');
  });
});

describe("the public landing page", () => {
  it("renders the published landing page in its theme with plans (annual first and checked) and SEO tags", async () => {
    const c = await creator("public");
    const id = await publishedApp(c.userId, c.storefrontSlug);
    const response = await new Browser().get(`/apps/${c.storefrontSlug}/half-marathon`);
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain(DEMO_LANDING_PAGE.hero.title);
    expect(page).toContain("--app-primary:#c2410c");
    expect(page).toContain('id="plans"');
    expect(page).toContain(
      `<meta property="og:title" content="Half Marathon Coach: ${DEMO_LANDING_PAGE.hero.title}"/>`,
    );
    expect(page).toContain(`href="/apps/${c.storefrontSlug}/half-marathon/onboarding"`);
    expect(page).toContain("<details");
    const radios = (page.match(/<input class="radio-option__input"[^>]*>/g) ?? []).map((tag) => [
      tag.match(/value="([^"]+)"/)![1],
      / checked=""/.test(tag),
    ]);
    expect(radios).toEqual([
      [`${id}:year`, true],
      [`${id}:month`, false],
    ]);
    expect(page).toContain("$8.25");
  });

  it("the snapshot is cached briefly; forgetPublishedApp makes an unpublish show at once", async () => {
    const c = await creator("cached");
    const id = await publishedApp(c.userId, c.storefrontSlug);
    const path = `/apps/${c.storefrontSlug}/half-marathon`;
    expect((await new Browser().get(path)).status).toBe(200);
    // The snapshot is written after the answer (waitUntil): wait for it.
    for (let i = 0; i < 50 && !(await env.CACHE.get(publishedCacheKey(c.storefrontSlug, "half-marathon"))); i++)
      await new Promise((r) => setTimeout(r, 20));
    await sql("UPDATE apps SET is_published = 0 WHERE id = ?", id).run();
    expect((await new Browser().get(path)).status).toBe(200);
    await forgetPublishedApp(testApp(), c.storefrontSlug, "half-marathon");
    expect((await new Browser().get(path)).status).toBe(404);
  });

  it("404 when absent, unpublished or pending", async () => {
    const c = await creator("hidden");
    await publishedApp(c.userId, c.storefrontSlug, "draft", { published: false });
    await publishedApp(c.userId, c.storefrontSlug, "pending", { pending: true });
    for (const slug of ["draft", "pending", "nothing-here"])
      expect((await new Browser().get(`/apps/${c.storefrontSlug}/${slug}`)).status).toBe(404);
  });
});

describe("buying an app plan", () => {
  it("end to end with the local provider: sign up first, pay, 'You're in', one app_subscriptions row", async () => {
    const c = await creator("seller");
    const appId = await publishedApp(c.userId, c.storefrontSlug);
    const base = `/apps/${c.storefrontSlug}/half-marathon`;

    const visitor = await new Browser().post(`${base}/buy`, { priceOptionId: `${appId}:year` });
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("location")).toBe(
      `${base}?redirect=${encodeURIComponent(`${base}#plans`)}&auth=SocialSignUp`,
    );

    const buyer = await signUp("app-buyer");
    const key = crypto.randomUUID().replaceAll("-", "");
    const opened = await buyer.browser.post(`${base}/buy`, { priceOptionId: `${appId}:year`, idempotencyKey: key });
    expect(opened.status).toBe(303);
    const checkoutId = payPageId(opened.headers.get("location"));
    const line = await sql(
      "SELECT lines, total_cents AS total, success_path AS s, cancel_path AS c FROM checkout_sessions WHERE id = ?",
      checkoutId,
    ).first<{ lines: string; total: number; s: string; c: string }>();
    expect(line!.total).toBe(9900);
    expect(JSON.parse(line!.lines)[0]).toMatchObject({
      kind: "app-plan",
      appId,
      interval: "year",
      productId: `${appId}:year`,
      title: "Half Marathon Coach — annual plan",
      priceCents: 9900,
    });
    expect(line!.s).toBe(`${base}?purchased=1`);
    expect(line!.c).toBe(`${base}#plans`);
    // A double click opens the same checkout.
    const twice = await buyer.browser.post(`${base}/buy`, { priceOptionId: `${appId}:year`, idempotencyKey: key });
    expect(payPageId(twice.headers.get("location"))).toBe(checkoutId);

    const paid = await payCard(buyer.browser, checkoutId, GOOD_CARD);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`${base}?purchased=1&session_id=${checkoutId}`);
    const page = await html(await buyer.browser.get(`${base}?purchased=1&session_id=${checkoutId}`));
    expect(page).toContain("You&#x27;re in!");
    expect(page).toContain("You have the annual plan");
    expect(page).not.toContain('name="priceOptionId"');
    await payCard(buyer.browser, checkoutId, GOOD_CARD);
    expect(
      await count(
        "SELECT count(*) AS n FROM app_subscriptions WHERE app_id = ? AND user_id = ? AND status = 'active'",
        appId,
        buyer.userId,
      ),
    ).toBe(1);
  });

  it("refuses a price option of another app or a plan not sold, re-rendering the page", async () => {
    const c = await creator("strict");
    await publishedApp(c.userId, c.storefrontSlug);
    const otherApp = await publishedApp(c.userId, c.storefrontSlug, "other");
    const buyer = await signUp("strict-buyer");
    const wrong = await buyer.browser.post(`/apps/${c.storefrontSlug}/half-marathon/buy`, {
      priceOptionId: `${otherApp}:year`,
    });
    expect(wrong.status).toBe(400);
    expect(await html(wrong)).toContain("Choose one of this app&#x27;s plans");
    const none = await buyer.browser.post(`/apps/${c.storefrontSlug}/half-marathon/buy`, {});
    expect(none.status).toBe(400);
  });

  it("POST /api/payments/create-checkout-session answers {url, sessionId}; someone else's userId is refused", async () => {
    const c = await creator("api-seller");
    const appId = await publishedApp(c.userId, c.storefrontSlug);
    const buyer = await signUp("api-buyer");
    const body = {
      userId: buyer.userId,
      storefrontSlug: c.storefrontSlug,
      appSlug: "half-marathon",
      priceOptionId: `${appId}:month`,
      successUrl: "/library",
      cancelUrl: "https://evil.example/x",
      metadata: { from: "test" },
    };
    const ok = await buyer.browser.postJson("/api/payments/create-checkout-session", body);
    expect(ok.status).toBe(200);
    const answer = (await ok.json()) as { url: string; sessionId: string };
    expect(answer.url).toBe(`/checkout/pay/${answer.sessionId}`);
    const row = await sql(
      "SELECT success_path AS s, cancel_path AS c, total_cents AS t FROM checkout_sessions WHERE id = ?",
      answer.sessionId,
    ).first<{ s: string; c: string; t: number }>();
    expect(row).toEqual({ s: "/library", c: `/apps/${c.storefrontSlug}/half-marathon#plans`, t: 1499 });

    expect(
      (await buyer.browser.postJson("/api/payments/create-checkout-session", { ...body, userId: c.userId })).status,
    ).toBe(403);
    expect((await new Browser().postJson("/api/payments/create-checkout-session", body)).status).toBe(401);
    expect(
      (await buyer.browser.postJson("/api/payments/create-checkout-session", { ...body, appSlug: "nope" })).status,
    ).toBe(404);
    expect(
      (
        await buyer.browser.postJson("/api/payments/create-checkout-session", {
          ...body,
          priceOptionId: "studio_pro_year",
        })
      ).status,
    ).toBe(400);
  });
});

describe("GET /api/payments/payment-options", () => {
  it("answers the published pricing in cents; 'Failed to fetch payment options' for an unknown or unpublished app", async () => {
    const c = await creator("options");
    const appId = await publishedApp(c.userId, c.storefrontSlug);
    const ok = await new Browser().get(`/api/payments/payment-options/${c.storefrontSlug}/half-marathon?user_id=x`);
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as {
      status: string;
      response: {
        payment_options: {
          id: string;
          price: number;
          duration: number;
          durationUnit: string;
          paymentProcessor: string;
        }[];
        prices_in_cents: boolean;
        defaultSelectedId: string;
      };
    };
    expect(body.status).toBe("success");
    expect(body.response.prices_in_cents).toBe(true);
    expect(body.response.defaultSelectedId).toBe(`${appId}:year`);
    expect(
      body.response.payment_options.map((o) => [o.id, o.price, o.duration, o.durationUnit, o.paymentProcessor]),
    ).toEqual([
      [`${appId}:month`, 1499, 1, "months", "local"],
      [`${appId}:year`, 9900, 1, "years", "local"],
    ]);
    await publishedApp(c.userId, c.storefrontSlug, "unpublished", { published: false });
    for (const slug of ["unpublished", "missing"]) {
      const failed = await new Browser().get(`/api/payments/payment-options/${c.storefrontSlug}/${slug}`);
      expect(failed.status).toBe(404);
      expect(await failed.json()).toMatchObject({ error: "Failed to fetch payment options" });
    }
  });

  it("marks the plan the caller holds when user_id is theirs; anyone else's id tells nothing", async () => {
    const c = await creator("held");
    const appId = await publishedApp(c.userId, c.storefrontSlug, "held-plan");
    const buyer = await signUp("held-buyer");
    await sql(
      `INSERT INTO app_subscriptions (id, app_id, user_id, price_option_id, checkout_session_id, interval, price_cents, status, current_period_end, created_at)
       VALUES (?, ?, ?, ?, NULL, 'month', 1499, 'active', ?, ?)`,
      crypto.randomUUID(),
      appId,
      buyer.userId,
      `${appId}:month`,
      Date.now() + 30 * 86_400_000,
      Date.now(),
    ).run();
    type Body = {
      response: {
        defaultSelectedId: string;
        current_plan: { id: string } | null;
        payment_options: { id: string; isCurrentPlan?: boolean }[];
      };
    };
    const path = `/api/payments/payment-options/${c.storefrontSlug}/held-plan?user_id=${buyer.userId}`;
    const own = ((await (await buyer.browser.get(path)).json()) as Body).response;
    expect(own.current_plan?.id).toBe(`${appId}:month`);
    expect(own.defaultSelectedId).toBe(`${appId}:month`);
    expect(own.payment_options.filter((o) => o.isCurrentPlan).map((o) => o.id)).toEqual([`${appId}:month`]);
    for (const asker of [new Browser(), (await signUp("held-other")).browser]) {
      const other = ((await (await asker.get(path)).json()) as Body).response;
      expect(other.current_plan).toBeNull();
      expect(other.defaultSelectedId).toBe(`${appId}:year`);
      expect(other.payment_options.some((o) => o.isCurrentPlan)).toBe(false);
    }
    expect((await buyer.browser.get(`${path.split("?")[0]}?user_id=${"x".repeat(201)}`)).status).toBe(400);
  });

  it("promises the goal date of the blueprint's usual plan length, on the API and the landing page", async () => {
    const c = await creator("weeks");
    const appId = await publishedApp(c.userId, c.storefrontSlug, "four-weeks");
    const weeks = async () =>
      (
        (await (await new Browser().get(`/api/payments/payment-options/${c.storefrontSlug}/four-weeks`)).json()) as {
          response: { transformationBubbleText: string; transformation_date: string };
        }
      ).response;
    // The demo blueprint: the spec's 12 weeks.
    expect((await weeks()).transformationBubbleText).toBe(
      `${DEMO_BLUEPRINT.defaultProgramLengthWeeks} weeks to your goal`,
    );
    await env.DB.prepare(
      "UPDATE app_blueprints SET content = json_set(content, '$.defaultProgramLengthWeeks', 4) WHERE app_id = ?",
    )
      .bind(appId)
      .run();
    const four = await weeks();
    expect(four.transformationBubbleText).toBe("4 weeks to your goal");
    const days =
      (Date.parse(four.transformation_date) - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000;
    expect(days).toBe(28);
    const promise = `Reach your goal by ${new Date(Date.parse(four.transformation_date)).toLocaleDateString("en-US", {
      month: "long",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    })}`;
    await forgetPublishedApp(testApp(), c.storefrontSlug, "four-weeks");
    expect(await (await new Browser().get(`/apps/${c.storefrontSlug}/four-weeks`)).text()).toContain(promise);
  });
});

describe("the apps JSON API", () => {
  it("getAppsForUser: auth, own apps only", async () => {
    expect((await new Browser().get("/api/apps/getAppsForUser")).status).toBe(401);
    const c = await creator("lister");
    const id = await publishedApp(c.userId, c.storefrontSlug);
    const other = await creator("lister-other");
    await publishedApp(other.userId, other.storefrontSlug);
    const body = (await (await c.browser.get("/api/apps/getAppsForUser")).json()) as { response: { appId: string }[] };
    expect(body.response.map((a) => a.appId)).toEqual([id]);
  });

  it("getAllApps: published only (unpublished for admins), landing page info only when asked", async () => {
    const c = await creator("all");
    const pub = await publishedApp(c.userId, c.storefrontSlug, "pub");
    const draft = await publishedApp(c.userId, c.storefrontSlug, "draft", { published: false });
    const plain = (await (await c.browser.get("/api/apps/getAllApps?should_include_unpublished=true")).json()) as {
      response: { appId: string; landingPageInfo?: unknown }[];
    };
    expect(plain.response.some((a) => a.appId === pub)).toBe(true);
    expect(plain.response.some((a) => a.appId === draft)).toBe(false);
    expect(plain.response.find((a) => a.appId === pub)).not.toHaveProperty("landingPageInfo");
    const withInfo = (await (await new Browser().get("/api/apps/getAllApps?with_landing_page_info=true")).json()) as {
      response: { appId: string; landingPageInfo?: { hero: { title: string } } }[];
    };
    expect(withInfo.response.find((a) => a.appId === pub)?.landingPageInfo?.hero.title).toBe(
      DEMO_LANDING_PAGE.hero.title,
    );

    const admin = await signUp("apps-admin");
    await sql("UPDATE users SET is_admin = 1 WHERE id = ?", admin.userId).run();
    const all = (await (await admin.browser.get("/api/apps/getAllApps?should_include_unpublished=true")).json()) as {
      response: { appId: string }[];
    };
    expect(all.response.some((a) => a.appId === draft)).toBe(true);
  });

  it("getAppBySlug / getAppLandingPageInfoBySlug / getPublishedLandingPageInfo never leak drafts", async () => {
    const c = await creator("slugs");
    await publishedApp(c.userId, c.storefrontSlug, "draft", { published: false });
    await sql(
      "UPDATE apps SET landing_page = json_set(landing_page, '$.hero.title', 'Secret draft') WHERE app_slug = 'draft' AND storefront_slug = ?",
      c.storefrontSlug,
    ).run();
    const pub = await publishedApp(c.userId, c.storefrontSlug, "pub");
    await sql(
      "UPDATE apps SET landing_page = json_set(landing_page, '$.hero.title', 'Draft title') WHERE id = ?",
      pub,
    ).run();
    const anon = new Browser();

    expect((await anon.get(`/api/apps/getAppBySlug/${c.storefrontSlug}/draft`)).status).toBe(404);
    const publicApp = (await (await anon.get(`/api/apps/getAppBySlug/${c.storefrontSlug}/pub`)).json()) as {
      app: Record<string, unknown>;
    };
    expect(publicApp.app.appId).toBe(pub);
    expect(publicApp.app).not.toHaveProperty("idea");
    expect(JSON.stringify(publicApp)).not.toContain("Draft title");
    const ownerApp = (await (await c.browser.get(`/api/apps/getAppBySlug/${c.storefrontSlug}/draft`)).json()) as {
      app: { landingPageInfo: { hero: { title: string } } };
    };
    expect(ownerApp.app.landingPageInfo.hero.title).toBe("Secret draft");

    expect((await anon.get(`/api/apps/getAppLandingPageInfoBySlug/${c.storefrontSlug}/draft`)).status).toBe(404);
    const publicPage = (await (
      await anon.get(`/api/apps/getAppLandingPageInfoBySlug/${c.storefrontSlug}/pub`)
    ).json()) as { response: { hero: { title: string } } };
    expect(publicPage.response.hero.title).toBe(DEMO_LANDING_PAGE.hero.title);
    const ownerPage = (await (
      await c.browser.get(`/api/apps/getAppLandingPageInfoBySlug/${c.storefrontSlug}/pub`)
    ).json()) as { response: { hero: { title: string } } };
    expect(ownerPage.response.hero.title).toBe("Draft title");

    expect((await c.browser.get(`/api/apps/getPublishedLandingPageInfo/${c.storefrontSlug}/draft`)).status).toBe(404);
    const published = (await (
      await anon.get(`/api/apps/getPublishedLandingPageInfo/${c.storefrontSlug}/pub`)
    ).json()) as { response: { hero: { title: string } } };
    expect(published.response.hero.title).toBe(DEMO_LANDING_PAGE.hero.title);
    await publishedApp(c.userId, c.storefrontSlug, "pending", { pending: true });
    expect((await anon.get(`/api/apps/getPublishedLandingPageInfo/${c.storefrontSlug}/pending`)).status).toBe(404);
  });

  it("updateApp: owner only, allowed fields only", async () => {
    const c = await creator("updater");
    const id = await publishedApp(c.userId, c.storefrontSlug);
    const ok = await c.browser.postJson("/api/apps/updateApp", { appId: id, canvasSettings: { zoom: 2 } });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { response: { canvasSettings: unknown } }).response.canvasSettings).toEqual({
      zoom: 2,
    });
    const renamed = await c.browser.postJson("/api/apps/updateApp", { appId: id, name: "Sub-2 Coach", isIdea: true });
    expect(((await renamed.json()) as { response: { name: string; isIdea: boolean } }).response).toMatchObject({
      name: "Sub-2 Coach",
      isIdea: true,
    });
    expect((await c.browser.postJson("/api/apps/updateApp", { appId: id, storefrontSlug: "stolen" })).status).toBe(400);
    expect((await c.browser.postJson("/api/apps/updateApp", { appId: "nope" })).status).toBe(400);
    expect((await c.browser.postJson("/api/apps/updateApp", { appId: crypto.randomUUID(), name: "x" })).status).toBe(
      404,
    );
    const other = await signUp("updater-other");
    const refused = await other.browser.postJson("/api/apps/updateApp", { appId: id, name: "Mine now" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "You do not have access to this app" });
    expect((await new Browser().postJson("/api/apps/updateApp", { appId: id, name: "x" })).status).toBe(401);
  });

  it("getCreatorApps and creatorHasAnyApp; asUserEmail / asUserId for admins only", async () => {
    const c = await creator("creator-apps");
    const pub = await publishedApp(c.userId, c.storefrontSlug, "pub");
    const draft = await publishedApp(c.userId, c.storefrontSlug, "draft", { published: false });
    await sql("UPDATE apps SET recently_opened_at = 5 WHERE id = ?", draft).run();
    const mine = (await (await c.browser.get("/api/app-builder/getCreatorApps")).json()) as {
      response: { apps: { appId: string; landingPageInfo?: unknown }[] };
    };
    expect(mine.response.apps.map((a) => a.appId)).toEqual([draft, pub]);
    expect(mine.response.apps[0]).not.toHaveProperty("landingPageInfo");
    const published = (await (
      await c.browser.get("/api/app-builder/getCreatorApps?published_only=true&with_landing_page_info=true")
    ).json()) as { response: { apps: { appId: string; landingPageInfo?: unknown }[] } };
    expect(published.response.apps.map((a) => a.appId)).toEqual([pub]);
    expect(published.response.apps[0]!.landingPageInfo).toBeTruthy();

    const nobody = await signUp("no-apps-api");
    expect(await (await nobody.browser.get("/api/app-builder/creatorHasAnyApp")).json()).toEqual({
      response: { hasAny: false },
    });
    expect(await (await c.browser.get("/api/app-builder/creatorHasAnyApp")).json()).toEqual({
      response: { hasAny: true },
    });
    expect((await nobody.browser.get(`/api/app-builder/getCreatorApps?asUserId=${c.userId}`)).status).toBe(403);
    expect(
      (await nobody.browser.get(`/api/app-builder/getCreatorApps?asUserEmail=${encodeURIComponent(c.email)}`)).status,
    ).toBe(403);

    const admin = await signUp("creator-apps-admin");
    await sql("UPDATE users SET is_admin = 1 WHERE id = ?", admin.userId).run();
    const byId = (await (await admin.browser.get(`/api/app-builder/getCreatorApps?asUserId=${c.userId}`)).json()) as {
      response: { apps: { appId: string }[] };
    };
    expect(byId.response.apps).toHaveLength(2);
    const byEmail = (await (
      await admin.browser.get(
        `/api/app-builder/getCreatorApps?asUserEmail=${encodeURIComponent(c.email.toUpperCase())}`,
      )
    ).json()) as { response: { apps: unknown[] } };
    expect(byEmail.response.apps).toHaveLength(2);
    expect((await admin.browser.get(`/api/app-builder/getCreatorApps?asUserEmail=nobody@example.com`)).status).toBe(
      404,
    );
  });

  it("updateRecentlyOpened and update-app-is-idea: owner only", async () => {
    const c = await creator("touch");
    const id = await publishedApp(c.userId, c.storefrontSlug);
    const opened = await c.browser.fetch(`/api/app-builder/updateRecentlyOpened?appId=${id}`, { method: "POST" });
    expect(opened.status).toBe(200);
    expect(
      ((await opened.json()) as { response: { recentlyOpenedAt: number } }).response.recentlyOpenedAt,
    ).toBeGreaterThan(0);
    expect((await c.browser.get(`/api/app-builder/updateRecentlyOpened?appId=${id}`)).status).toBe(405);
    expect((await c.browser.fetch(`/api/app-builder/updateRecentlyOpened`, { method: "POST" })).status).toBe(400);

    const idea = await c.browser.postJson("/api/app-builder/update-app-is-idea", { appId: id, isIdea: true });
    expect(await idea.json()).toEqual({ response: { appId: id, isIdea: true } });
    expect((await c.browser.postJson("/api/app-builder/update-app-is-idea", { appId: id })).status).toBe(400);
    const other = await signUp("touch-other");
    expect(
      (await other.browser.fetch(`/api/app-builder/updateRecentlyOpened?appId=${id}`, { method: "POST" })).status,
    ).toBe(403);
    expect(
      (await other.browser.postJson("/api/app-builder/update-app-is-idea", { appId: id, isIdea: false })).status,
    ).toBe(403);
    expect((await sql("SELECT is_idea AS i FROM apps WHERE id = ?", id).first<{ i: number }>())!.i).toBe(1);
  });

  it("buildApp: auth and the idea's rules", async () => {
    expect((await new Browser().postJson("/api/app-builder/buildApp", { appIdea: IDEA })).status).toBe(401);
    const { browser } = await signUp("builder-api");
    const short = await browser.postJson("/api/app-builder/buildApp", { appIdea: "short" });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ error: IDEA_MESSAGES.tooShort });
    expect((await browser.postJson("/api/app-builder/buildApp", {})).status).toBe(400);
  });
});
