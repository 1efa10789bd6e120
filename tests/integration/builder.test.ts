// The app builder: its JSON API (good, bad, someone else's app refused, admins allowed), version
// history with cursors and restore, pricing, the studio tier checkout → fulfilment → publish, and
// the /dashboard/builder page's no-JavaScript forms.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_LANDING_PAGE, DEMO_ONBOARDING_FLOW, DEMO_THEME } from "../tools/apps-sql.mjs";
import { APP_ACCESS_MESSAGES } from "~/features/apps/apps.server";
import { NO_PLANS_TEXT } from "~/features/apps/payment-options";
import { builderMessages } from "~/features/builder/rules";
import { Browser, GOOD_CARD, html, payCard, signUp } from "./commerce-helpers";

type Json = Record<string, any>;

async function makeApp(ownerId: string, { published = false } = {}): Promise<string> {
  const id = crypto.randomUUID();
  const landing = { ...DEMO_LANDING_PAGE, status: "pending" };
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO apps (id, user_id, storefront_slug, app_slug, name, landing_page, theme, onboarding_flow, monthly_price_cents, annual_price_cents, published, is_published, published_at, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, 'Test Coach', ?5, ?6, ?7, 1000, NULL, ?8, ?9, ?10, ?11, ?11)`,
  )
    .bind(
      id,
      ownerId,
      `sf-${id.slice(0, 8)}`,
      "coach",
      JSON.stringify(landing),
      JSON.stringify(DEMO_THEME),
      JSON.stringify(DEMO_ONBOARDING_FLOW),
      published
        ? JSON.stringify({
            landingPage: DEMO_LANDING_PAGE,
            theme: DEMO_THEME,
            onboardingFlow: DEMO_ONBOARDING_FLOW,
            pricing: { monthlyPrice: 1000, annualPrice: null, annualDurationUnit: "years" },
          })
        : null,
      published ? 1 : 0,
      published ? now : null,
      now,
    )
    .run();
  return id;
}

const appRow = (id: string) => env.DB.prepare("SELECT * FROM apps WHERE id = ?").bind(id).first<Json>();
const versionCount = async (appId: string, kind: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM app_versions WHERE app_id = ? AND kind = ?")
    .bind(appId, kind)
    .first<{ n: number }>())!.n;

let creator: { browser: Browser; userId: string };
let stranger: { browser: Browser; userId: string };
let admin: { browser: Browser; userId: string };
let appId: string;

beforeAll(async () => {
  creator = await signUp("builder-creator");
  stranger = await signUp("builder-stranger");
  admin = await signUp("builder-admin");
  await env.DB.prepare("UPDATE users SET is_admin = 1 WHERE id = ?").bind(admin.userId).run();
  appId = await makeApp(creator.userId);
});

describe("POST /api/apps/saveAppLandingPageInfo", () => {
  it("saves a valid page (status becomes 'ready') with a new version, in the 'response' object", async () => {
    const before = await versionCount(appId, "landing_page");
    const page = {
      ...DEMO_LANDING_PAGE,
      status: "pending",
      hero: { ...DEMO_LANDING_PAGE.hero, title: "Sub-2 or bust" },
    };
    const response = await creator.browser.postJson("/api/apps/saveAppLandingPageInfo", {
      appId,
      landingPageInfo: page,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Json;
    expect(body.response.landingPageInfo.status).toBe("ready");
    expect(body.response.versionId).toBeTruthy();
    const row = await appRow(appId);
    expect(JSON.parse(row!.landing_page).hero.title).toBe("Sub-2 or bust");
    expect(await versionCount(appId, "landing_page")).toBe(before + 1);
  });

  it("refuses bad content with a 400 and writes nothing; 401 signed out; 403 someone else's; 404 no app; admins pass", async () => {
    const before = await versionCount(appId, "landing_page");
    const bad = await creator.browser.postJson("/api/apps/saveAppLandingPageInfo", {
      appId,
      ...DEMO_LANDING_PAGE,
      hero: { ...DEMO_LANDING_PAGE.hero, title: "" },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Json).details[0].field).toBe("hero.title");
    expect(await versionCount(appId, "landing_page")).toBe(before);

    expect(
      (await new Browser().postJson("/api/apps/saveAppLandingPageInfo", { appId, ...DEMO_LANDING_PAGE })).status,
    ).toBe(401);
    const theirs = await stranger.browser.postJson("/api/apps/saveAppLandingPageInfo", { appId, ...DEMO_LANDING_PAGE });
    expect(theirs.status).toBe(403);
    expect(((await theirs.json()) as Json).error).toBe(APP_ACCESS_MESSAGES.notYours);
    expect(
      (
        await creator.browser.postJson("/api/apps/saveAppLandingPageInfo", {
          appId: crypto.randomUUID(),
          ...DEMO_LANDING_PAGE,
        })
      ).status,
    ).toBe(404);
    expect(
      (await admin.browser.postJson("/api/apps/saveAppLandingPageInfo", { appId, ...DEMO_LANDING_PAGE })).status,
    ).toBe(200);
    expect(await versionCount(appId, "landing_page")).toBe(before + 1);
  });
});

describe("landing page history and restore", () => {
  it("pages the history 20 at a time with a cursor, like the onboarding flow's", async () => {
    const c = await signUp("landing-pages");
    const made = (await (
      await c.browser.postJson("/api/app-builder/buildApp", { appIdea: "Guitar for adult beginners" })
    ).json()) as Json;
    const id = made.response.appId as string;
    const statusUrl = made.response.statusUrl as string;
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const status = (await (await c.browser.get(statusUrl)).json()) as Json;
      if (status.response.status === "completed") break;
      await new Promise((r) => setTimeout(r, 200));
    }
    for (let i = 1; i <= 21; i++)
      expect(
        (
          await c.browser.postJson("/api/apps/saveAppLandingPageInfo", {
            appId: id,
            ...DEMO_LANDING_PAGE,
            pricing: { title: `Plans ${i}`, subtitle: "" },
          })
        ).status,
      ).toBe(200);
    const first = (await (
      await c.browser.get(`/api/app-builder/getLandingPageVersionHistory?appId=${id}`)
    ).json()) as Json;
    expect(first.response.versions).toHaveLength(20);
    expect(first.response.hasMore).toBe(true);
    const second = (await (
      await c.browser.get(
        `/api/app-builder/getLandingPageVersionHistory?appId=${id}&cursor=${first.response.nextCursor}`,
      )
    ).json()) as Json;
    expect(second.response.versions).toHaveLength(2);
    expect(second.response.hasMore).toBe(false);
    expect((await c.browser.get(`/api/app-builder/getLandingPageVersionHistory?appId=${id}&cursor=bad`)).status).toBe(
      400,
    );
  });

  it("lists versions newest first under response.versions and restores one as a new 'restore' version", async () => {
    const history = (await (
      await creator.browser.get(`/api/app-builder/getLandingPageVersionHistory?appId=${appId}`)
    ).json()) as Json;
    const versions = history.response.versions as Json[];
    expect(versions.length).toBeGreaterThanOrEqual(2);
    const older = versions.find((v) => v.content.hero.title === "Sub-2 or bust")!;
    expect(older).toBeTruthy();

    const restored = await creator.browser.postJson("/api/app-builder/restoreLandingPageVersion", {
      appId,
      versionId: older.versionId,
    });
    expect(restored.status).toBe(200);
    expect(JSON.parse((await appRow(appId))!.landing_page).hero.title).toBe("Sub-2 or bust");
    const after = (await (
      await creator.browser.get(`/api/app-builder/getLandingPageVersionHistory?appId=${appId}`)
    ).json()) as Json;
    expect(after.response.versions[0]).toMatchObject({ reason: "restore", restoredFrom: older.versionId });

    expect(
      (
        await creator.browser.postJson("/api/app-builder/restoreLandingPageVersion", {
          appId,
          versionId: crypto.randomUUID(),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await stranger.browser.postJson("/api/app-builder/restoreLandingPageVersion", {
          appId,
          versionId: older.versionId,
        })
      ).status,
    ).toBe(403);
    expect((await stranger.browser.get(`/api/app-builder/getLandingPageVersionHistory?appId=${appId}`)).status).toBe(
      403,
    );
  });
});

describe("POST /api/apps/updateAppTheme/{appId}", () => {
  it("saves a theme as a version; bad colours are a 400; someone else's app a 403; an admin may", async () => {
    const theme = { ...DEMO_THEME, primaryColor: "#123ABC" };
    const ok = await creator.browser.postJson(`/api/apps/updateAppTheme/${appId}`, { theme });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as Json).response.theme.primaryColor).toBe("#123abc");
    expect(JSON.parse((await appRow(appId))!.theme).primaryColor).toBe("#123abc");
    const bad = await creator.browser.postJson(`/api/apps/updateAppTheme/${appId}`, {
      ...DEMO_THEME,
      primaryColor: "red",
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Json).error).toBe("Use a colour like #1a2b3c");
    expect((await stranger.browser.postJson(`/api/apps/updateAppTheme/${appId}`, DEMO_THEME)).status).toBe(403);
    expect((await admin.browser.postJson(`/api/apps/updateAppTheme/${appId}`, DEMO_THEME)).status).toBe(200);
  });
});

describe("onboarding flow: save, paginated history, restore", () => {
  it("saves a valid flow; refuses duplicate keys and bad skip rules with clear errors; someone else's app 403", async () => {
    const flow = structuredClone(DEMO_ONBOARDING_FLOW);
    flow.pages[0].title = "Your goal";
    const ok = await creator.browser.postJson("/api/apps/saveAppOnboardingFlowV2", { appId, flow });
    expect(ok.status).toBe(200);
    expect(JSON.parse((await appRow(appId))!.onboarding_flow).pages[0].title).toBe("Your goal");

    const dup = structuredClone(DEMO_ONBOARDING_FLOW);
    dup.pages[1].questions[0].key = "goal";
    const refused = await creator.browser.postJson("/api/apps/saveAppOnboardingFlowV2", { appId, flow: dup });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Json).error).toBe(builderMessages.duplicateKey("goal"));

    const skip = structuredClone(DEMO_ONBOARDING_FLOW);
    skip.pages[1].skipIf = { key: "nowhere", operator: "equals", value: "x" };
    const skipped = await creator.browser.postJson("/api/apps/saveAppOnboardingFlowV2", { appId, flow: skip });
    expect(((await skipped.json()) as Json).error).toBe(builderMessages.skipUnknown("nowhere"));

    expect(
      (await creator.browser.postJson("/api/apps/saveAppOnboardingFlowV2", { appId, flow: { version: 2, pages: [] } }))
        .status,
    ).toBe(400);
    expect((await stranger.browser.postJson("/api/apps/saveAppOnboardingFlowV2", { appId, flow })).status).toBe(403);
  });

  it("25 saves page as 20 + 5, newest first, with a cursor; a bad cursor is a 400; restore makes a version current", async () => {
    const fresh = await makeApp(creator.userId);
    for (let i = 1; i <= 25; i += 1) {
      const flow = structuredClone(DEMO_ONBOARDING_FLOW);
      flow.pages[0].title = `Save ${i}`;
      expect(
        (await creator.browser.postJson("/api/apps/saveAppOnboardingFlowV2", { appId: fresh, onboardingFlow: flow }))
          .status,
      ).toBe(200);
    }
    const first = (await (
      await creator.browser.get(`/api/apps/getOnboardingFlowVersionHistoryPaginated?appId=${fresh}`)
    ).json()) as Json;
    expect(first.versions).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(first.nextCursor).toBeTruthy();
    expect(first.response.versions).toHaveLength(20);
    const second = (await (
      await creator.browser.get(
        `/api/apps/getOnboardingFlowVersionHistoryPaginated?appId=${fresh}&cursor=${first.nextCursor}`,
      )
    ).json()) as Json;
    expect(second.versions).toHaveLength(5);
    expect(second.hasMore).toBe(false);
    expect(second.nextCursor).toBeNull();
    const all = [...first.versions, ...second.versions] as Json[];
    expect(new Set(all.map((v) => v.versionId)).size).toBe(25);
    const times = all.map((v) => v.createdAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    expect(
      (await creator.browser.get(`/api/apps/getOnboardingFlowVersionHistoryPaginated?appId=${fresh}&cursor=zz!`))
        .status,
    ).toBe(400);
    expect(
      (await creator.browser.get(`/api/apps/getOnboardingFlowVersionHistoryPaginated?appId=${fresh}&limit=500`)).status,
    ).toBe(400);
    expect(
      (await stranger.browser.get(`/api/apps/getOnboardingFlowVersionHistoryPaginated?appId=${fresh}`)).status,
    ).toBe(403);
    expect(
      (await admin.browser.get(`/api/apps/getOnboardingFlowVersionHistoryPaginated?appId=${fresh}&limit=5`)).status,
    ).toBe(200);

    const target = all.find((v) => v.content.pages[0].title === "Save 3")!;
    const restored = await creator.browser.postJson("/api/apps/restoreOnboardingFlowVersion", {
      app_id: fresh,
      version_id: target.versionId,
    });
    expect(restored.status).toBe(200);
    expect(JSON.parse((await appRow(fresh))!.onboarding_flow).pages[0].title).toBe("Save 3");
    expect(await versionCount(fresh, "onboarding_flow")).toBe(26);
    expect(
      (await creator.browser.postJson("/api/apps/restoreOnboardingFlowVersion", { app_id: fresh, version_id: "nope" }))
        .status,
    ).toBe(404);
    expect(
      (
        await stranger.browser.postJson("/api/apps/restoreOnboardingFlowVersion", {
          app_id: fresh,
          version_id: target.versionId,
        })
      ).status,
    ).toBe(403);
  });
});

describe("POST /api/payments/update-price-options", () => {
  it("saves cents and answers {success:true}; failures are {success:false, error:'Failed to update pricing'}", async () => {
    const ok = await creator.browser.postJson("/api/payments/update-price-options", {
      appId,
      monthlyPrice: 1999,
      annualPrice: 14900,
      annualDurationUnit: "months",
    });
    expect(await ok.json()).toEqual({ success: true });
    const row = await appRow(appId);
    expect([row!.monthly_price_cents, row!.annual_price_cents, row!.annual_duration_unit]).toEqual([
      1999,
      14900,
      "months",
    ]);

    for (const [browser, body, status] of [
      [creator.browser, { appId, monthlyPrice: -5, annualPrice: null, annualDurationUnit: "years" }, 400],
      [creator.browser, { appId, monthlyPrice: 19.99, annualDurationUnit: "years" }, 400],
      [stranger.browser, { appId, monthlyPrice: 1, annualPrice: null, annualDurationUnit: "years" }, 403],
      [new Browser(), { appId, monthlyPrice: 1, annualPrice: null, annualDurationUnit: "years" }, 401],
    ] as const) {
      const response = await browser.postJson("/api/payments/update-price-options", body);
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ success: false, error: "Failed to update pricing" });
    }
    expect((await appRow(appId))!.monthly_price_cents).toBe(1999);
    expect(
      (
        await admin.browser.postJson("/api/payments/update-price-options", {
          appId,
          monthlyPrice: 1499,
          annualPrice: null,
        })
      ).status,
    ).toBe(200);
    expect((await appRow(appId))!.annual_price_cents).toBeNull();
  });
});

describe("studio tiers, checkout, publishing and unpublished changes", () => {
  it("publishing without a tier is refused; buying Starter through the local provider allows one published app", async () => {
    const buyer = await signUp("builder-buyer");
    const mine = await makeApp(buyer.userId);
    const second = await makeApp(buyer.userId);

    const before = (await (await buyer.browser.get(`/api/apps/checkUnpublishedChanges/${mine}`)).json()) as Json;
    expect(before.response).toMatchObject({ hasUnpublishedChanges: true, isPublished: false });
    expect((await stranger.browser.get(`/api/apps/checkUnpublishedChanges/${mine}`)).status).toBe(403);

    const refused = await buyer.browser.postJson(`/api/apps/publishApp/${mine}`, {});
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Json).error).toBe(builderMessages.noTier);
    expect((await appRow(mine))!.is_published).toBe(0);

    const options = (await (await buyer.browser.get("/api/payments/studio-payment-options")).json()) as Json;
    expect(options.tiers.map((t: Json) => t.slug)).toEqual(["starter", "pro", "studio"]);
    expect(options.tiers[0].monthly).toMatchObject({ id: "studio_starter_month", priceCents: 1900 });
    expect((await new Browser().get("/api/payments/studio-payment-options")).status).toBe(401);

    const offSite = await buyer.browser.postJson("/api/payments/create-studio-checkout-session", {
      price_option_id: "studio_starter_month",
      success_url: "https://evil.example/x",
      cancel_url: "/dashboard/builder",
      tier_slug: "starter",
    });
    expect(offSite.status).toBe(400);
    expect(((await offSite.json()) as Json).error).toBe(builderMessages.badPath);
    expect(
      (
        await buyer.browser.postJson("/api/payments/create-studio-checkout-session", {
          price_option_id: "nope",
          success_url: "/a",
          cancel_url: "/b",
        })
      ).status,
    ).toBe(400);

    const success = `/dashboard/builder?appId=${mine}&mode=publish&payment_success=true&tier=starter`;
    const opened = await buyer.browser.postJson("/api/payments/create-studio-checkout-session", {
      price_option_id: "studio_starter_month",
      success_url: success,
      cancel_url: `/dashboard/builder?appId=${mine}&mode=pricing_tiers`,
      tier_slug: "starter",
    });
    expect(opened.status).toBe(200);
    const { url, sessionId } = (await opened.json()) as Json;
    expect(url).toContain(`/checkout/pay/${sessionId}`);
    const line = JSON.parse(
      (await env.DB.prepare("SELECT lines FROM checkout_sessions WHERE id = ?")
        .bind(sessionId)
        .first<{ lines: string }>())!.lines,
    )[0];
    expect(line).toMatchObject({
      kind: "studio-tier",
      productId: "studio_starter_month",
      tierSlug: "starter",
      interval: "month",
      title: "Starter studio tier (monthly)",
    });

    const paid = await payCard(buyer.browser, sessionId, GOOD_CARD);
    expect(paid.status).toBe(303);
    const back = paid.headers.get("location")!;
    expect(back).toBe(`${success}&session_id=${sessionId}`);
    const publishStep = await html(await buyer.browser.get(back));
    expect(publishStep).toContain("Your Starter tier is active. You can publish");

    const published = await buyer.browser.postJson(`/api/apps/publishApp/${mine}`, {});
    expect(published.status).toBe(200);
    const row = await appRow(mine);
    expect(row!.is_published).toBe(1);
    expect(row!.published_at).toBeTruthy();
    const snapshot = JSON.parse(row!.published);
    expect(snapshot.landingPage.status).toBe("ready");
    expect(snapshot.pricing).toEqual({ monthlyPrice: 1000, annualPrice: null, annualDurationUnit: "years" });
    const after = (await (await buyer.browser.get(`/api/apps/checkUnpublishedChanges/${mine}`)).json()) as Json;
    expect(after.response).toMatchObject({ hasUnpublishedChanges: false, isPublished: true });

    expect(
      (await buyer.browser.postJson(`/api/apps/updateAppTheme/${mine}`, { ...DEMO_THEME, mode: "dark" })).status,
    ).toBe(200);
    const changed = (await (await buyer.browser.get(`/api/apps/checkUnpublishedChanges/${mine}`)).json()) as Json;
    expect(changed.response).toMatchObject({ hasUnpublishedChanges: true, changed: ["theme"] });

    // Starter allows one published app: the second is refused, republishing the first is fine.
    const full = await buyer.browser.postJson(`/api/apps/publishApp/${second}`, {});
    expect(full.status).toBe(403);
    expect(((await full.json()) as Json).error).toBe(builderMessages.tierFull(1));
    // The pages say why where the creator is: the publish step offers the upgrade, not a Publish that
    // bounces; the tiers page keeps the reason, marks Starter as current and sells only larger tiers.
    const step = await html(await buyer.browser.get(`/dashboard/builder?appId=${second}&section=publish`));
    expect(step).toContain(builderMessages.tierFull(1));
    expect(step).toContain("You have 1 live on your Starter tier.");
    expect(step).toContain("Upgrade your tier");
    expect(step).not.toMatch(/name="intent" value="publish"/);
    const tiersPage = await html(await buyer.browser.get(`/dashboard/builder?appId=${second}&mode=pricing_tiers`));
    expect(tiersPage).toContain(builderMessages.tierFull(1));
    expect(tiersPage).toContain("Your current tier");
    expect(tiersPage).not.toContain("Go to publishing");
    expect(tiersPage).not.toContain("Starter monthly");
    expect(tiersPage).toContain("Pro monthly");
    // The live app's own publish step still publishes.
    expect(await html(await buyer.browser.get(`/dashboard/builder?appId=${mine}&section=publish`))).toMatch(
      /name="intent" value="publish"/,
    );
    // Starter again is refused by the page's form and by the API, and opens no checkout.
    const sessionsBefore = (await env.DB.prepare("SELECT count(*) AS n FROM checkout_sessions").first<{ n: number }>())!
      .n;
    const again = await buyer.browser.post(`/dashboard/builder?appId=${second}&mode=pricing_tiers`, {
      intent: "buy-tier",
      priceOptionId: "studio_starter_year",
      tierSlug: "starter",
      idempotencyKey: crypto.randomUUID(),
    });
    expect(again.status).toBe(400);
    expect(await html(again)).toContain(builderMessages.tierNotUpgrade("Starter"));
    const againApi = await buyer.browser.postJson("/api/payments/create-studio-checkout-session", {
      price_option_id: "studio_starter_month",
      success_url: "/a",
      cancel_url: "/b",
      tier_slug: "starter",
    });
    expect(againApi.status).toBe(409);
    expect(((await againApi.json()) as Json).error).toBe(builderMessages.tierNotUpgrade("Starter"));
    expect((await env.DB.prepare("SELECT count(*) AS n FROM checkout_sessions").first<{ n: number }>())!.n).toBe(
      sessionsBefore,
    );
    expect((await buyer.browser.postJson(`/api/apps/publishApp/${mine}`, {})).status).toBe(200);
    // The spec gives publishApp no body: none at all, or an empty one of any type, is fine.
    expect((await buyer.browser.fetch(`/api/apps/publishApp/${mine}`, { method: "POST" })).status).toBe(200);
    expect(
      (
        await buyer.browser.fetch(`/api/apps/publishApp/${mine}`, {
          method: "POST",
          body: "",
          headers: { "Content-Type": "application/json" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await buyer.browser.fetch(`/api/apps/publishApp/${mine}`, {
          method: "POST",
          body: "",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        })
      ).status,
    ).toBe(200);
    expect((await stranger.browser.postJson(`/api/apps/publishApp/${mine}`, {})).status).toBe(403);
  });
});

describe("/dashboard/builder (no JavaScript)", () => {
  const page = (id: string, q = "") => `/dashboard/builder?appId=${id}${q}`;

  it("signed out goes to Log In and back; someone else's app is a 403; no app is a 404", async () => {
    const out = await new Browser().get(page(appId));
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe(`/?auth=Login&redirect=${encodeURIComponent(page(appId))}`);
    expect((await stranger.browser.get(page(appId))).status).toBe(403);
    expect((await creator.browser.get(page(crypto.randomUUID()))).status).toBe(404);
    expect((await admin.browser.get(page(appId))).status).toBe(200);
  });

  it("renders every section; the forms save with a 303, and errors come back inline", async () => {
    for (const section of ["landing", "theme", "onboarding", "pricing", "publish"])
      expect((await creator.browser.get(page(appId, `&section=${section}`))).status).toBe(200);

    const fields = {
      section: "pricing",
      intent: "save",
      monthlyPrice: "12.34",
      annualPrice: "",
      annualDurationUnit: "years",
    };
    const saved = await creator.browser.post(page(appId), fields);
    expect(saved.status).toBe(303);
    expect((await appRow(appId))!.monthly_price_cents).toBe(1234);
    const bad = await creator.browser.post(page(appId), { ...fields, monthlyPrice: "12.345" });
    expect(bad.status).toBe(400);
    expect(await html(bad)).toContain(builderMessages.priceDecimals);

    const landing = await creator.browser.post(page(appId), {
      section: "landing",
      intent: "save",
      "hero.title": "",
      "hero.ctaLabel": "Go",
      "callToAction.buttonLabel": "Go",
    });
    expect(landing.status).toBe(400);
    expect(await html(landing)).toContain("Not saved");

    const added = await creator.browser.post(page(appId), {
      section: "landing",
      // The 'Add question' button: conform's insert intent, with the new item's placeholder.
      __intent__: JSON.stringify({
        type: "insert",
        payload: { name: "faq", defaultValue: { question: "Question 2?", answer: "The answer." } },
      }),
      "hero.title": "Hello",
      "hero.ctaLabel": "Go",
      "faq[0].question": "Q?",
      "faq[0].answer": "A",
      "callToAction.buttonLabel": "Go",
    });
    expect(added.status).toBe(303);
    expect(JSON.parse((await appRow(appId))!.landing_page).faq).toHaveLength(2);

    // The autosave fetcher posts to the single-fetch address and gets data, not a redirect.
    const autosave = await creator.browser.post(`/dashboard/builder.data?appId=${appId}`, {
      section: "theme",
      intent: "save",
      autosave: "1",
      mode: "light",
      font: "serif",
      cornerRadius: "4",
      primaryColor: "#000000",
      primaryColorWas: "#000000",
      primaryColorPicker: "#abcdef",
      accentColor: "#111111",
      backgroundColor: "#ffffff",
      textColor: "#000000",
    });
    expect(autosave.status).toBe(200);
    expect(autosave.headers.get("location")).toBeNull();
    expect(JSON.parse((await appRow(appId))!.theme)).toMatchObject({
      primaryColor: "#abcdef",
      font: "serif",
      cornerRadius: 4,
    });

    const moved = await creator.browser.post(page(appId), {
      section: "onboarding",
      // 'Move page 1 down': conform's reorder intent.
      __intent__: JSON.stringify({ type: "reorder", payload: { name: "pages", from: 0, to: 1 } }),
      "pages[0].id": "a",
      "pages[0].title": "A",
      "pages[0].questions[0].id": "qa",
      "pages[0].questions[0].key": "first",
      "pages[0].questions[0].type": "short_text",
      "pages[0].questions[0].label": "First",
      "pages[1].id": "b",
      "pages[1].title": "B",
      "pages[1].questions[0].id": "qb",
      "pages[1].questions[0].key": "second",
      "pages[1].questions[0].type": "date",
      "pages[1].questions[0].label": "Second",
      "pages[1].questions[0].required": "on",
    });
    expect(moved.status).toBe(303);
    const flow = JSON.parse((await appRow(appId))!.onboarding_flow);
    expect(flow.pages.map((p: Json) => p.id)).toEqual(["b", "a"]);
    expect(flow.pages[0].questions[0]).toMatchObject({ type: "date", required: true });
  });

  it("a numbered field past the schema's list size is refused at once with a form error, and nothing is saved", async () => {
    const before = await versionCount(appId, "landing_page");
    const stored = (await appRow(appId))!.landing_page;
    const started = Date.now();
    // 113 bytes that once stalled the worker for seconds, growing with the index.
    const stall = await creator.browser.fetch(page(appId), {
      method: "POST",
      body: "section=landing&faq[100000000].question=q",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(stall.status).toBe(400);
    expect(await html(stall)).toContain(builderMessages.tooManyItems("FAQ", 12));
    const onboarding = await creator.browser.post(page(appId), {
      section: "onboarding",
      intent: "save",
      "pages[0].questions[99999].label": "x",
    });
    expect(onboarding.status).toBe(400);
    expect(await html(onboarding)).toContain(builderMessages.tooManyItems("Question", 10));
    expect(await versionCount(appId, "landing_page")).toBe(before);
    expect((await appRow(appId))!.landing_page).toBe(stored);
  });

  it("the hero image must be https or our own media; stored bad addresses still render the public page, without them", async () => {
    const before = await versionCount(appId, "landing_page");
    for (const imageUrl of ["http://tracker.example/pixel.gif", "javascript:alert(1)"]) {
      const api = await creator.browser.postJson("/api/apps/saveAppLandingPageInfo", {
        appId,
        landingPageInfo: { ...DEMO_LANDING_PAGE, hero: { ...DEMO_LANDING_PAGE.hero, imageUrl } },
      });
      expect(api.status, imageUrl).toBe(400);
      expect(JSON.stringify(await api.json())).toContain("Use an https address or an uploaded image");
      const form = await creator.browser.post(page(appId), {
        section: "landing",
        intent: "save",
        "hero.title": "Hello",
        "hero.ctaLabel": "Go",
        "callToAction.buttonLabel": "Go",
        "hero.imageUrl": imageUrl,
      });
      expect(form.status, imageUrl).toBe(400);
      expect(await html(form)).toContain("Use an https address or an uploaded image");
    }
    expect(await versionCount(appId, "landing_page")).toBe(before);

    // Data stored before the rule: the public page, the builder and the dashboard all still render.
    for (const imageUrl of [
      "http://",
      "http://tracker.example/pixel.gif",
      "javascript:alert(1)",
      "java\tscript:alert(1)",
    ]) {
      const id = await makeApp(creator.userId, { published: true });
      const row = (await appRow(id))!;
      const published = JSON.parse(row.published);
      published.landingPage.hero.imageUrl = imageUrl;
      const draft = JSON.parse(row.landing_page);
      draft.hero.imageUrl = imageUrl;
      await env.DB.prepare("UPDATE apps SET published = ?, landing_page = ? WHERE id = ?")
        .bind(JSON.stringify(published), JSON.stringify(draft), id)
        .run();
      const visitor = await new Browser().get(`/apps/${row.storefront_slug}/coach`);
      expect(visitor.status, imageUrl).toBe(200);
      const text = await html(visitor);
      expect(text).toContain(DEMO_LANDING_PAGE.hero.title);
      expect(text).not.toContain("tracker.example");
      expect(
        text.match(
          /.{0,60}(src="(javascript|java\s*script|http:)|href="(javascript|java\s*script)|og:image).{0,60}/i,
        )?.[0],
      ).toBeUndefined();
      const builder = await creator.browser.get(page(id));
      expect(builder.status).toBe(200);
      expect(await html(builder)).not.toMatch(/src="(javascript|http:)/i);
      expect((await creator.browser.get("/dashboard")).status).toBe(200);
    }
  });

  it("uploads a hero image to R2 (served under /media/app-images/), refuses other files, and restores a version from the page", async () => {
    const form = (file: Blob, name: string) => {
      const data = new FormData();
      for (const [k, v] of Object.entries({
        section: "landing",
        intent: "save",
        "hero.title": "With a picture",
        "hero.ctaLabel": "Go",
        "callToAction.buttonLabel": "Go",
        "hero.imageUrl": "",
      }))
        data.set(k, v);
      data.set("heroImage", file, name);
      return data;
    };
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
    ]);
    const uploaded = await creator.browser.fetch(page(appId), {
      method: "POST",
      body: form(new Blob([png], { type: "image/png" }), "hero.png"),
    });
    expect(uploaded.status).toBe(303);
    const imageUrl = JSON.parse((await appRow(appId))!.landing_page).hero.imageUrl as string;
    expect(imageUrl).toMatch(new RegExp(`^/media/app-images/${appId}/[0-9a-f-]{36}\\.png$`));
    const served = await new Browser().get(imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");

    const text = await creator.browser.fetch(page(appId), {
      method: "POST",
      body: form(new Blob(["not an image at all"], { type: "image/png" }), "fake.png"),
    });
    expect(text.status).toBe(400);
    expect(await html(text)).toContain("must be a PNG, JPEG, GIF or WebP image");
    expect(JSON.parse((await appRow(appId))!.landing_page).hero.imageUrl).toBe(imageUrl);

    const versions = (await (
      await creator.browser.get(`/api/app-builder/getLandingPageVersionHistory?appId=${appId}`)
    ).json()) as Json;
    const older = (versions.response.versions as Json[]).find((v) => v.content.hero.title !== "With a picture")!;
    const restored = await creator.browser.post(page(appId), {
      section: "landing",
      intent: "restore",
      versionId: older.versionId,
    });
    expect(restored.status).toBe(303);
    expect(JSON.parse((await appRow(appId))!.landing_page).hero.title).toBe(older.content.hero.title);
    expect(
      (await stranger.browser.post(page(appId), { section: "landing", intent: "restore", versionId: older.versionId }))
        .status,
    ).toBe(403);
  });

  it("the tiers page works without an app and opens a studio-tier checkout returning to the publish step", async () => {
    const learner = await signUp("builder-learner");
    const tiers = await html(await learner.browser.get("/dashboard/builder?mode=pricing_tiers"));
    expect(tiers).toContain("Choose a studio tier");
    expect(tiers).toContain("Starter monthly");
    const chosen = await learner.browser.post("/dashboard/builder?mode=pricing_tiers", {
      intent: "buy-tier",
      priceOptionId: "studio_pro_year",
      tierSlug: "pro",
      idempotencyKey: crypto.randomUUID(),
    });
    expect(chosen.status).toBe(303);
    const id = chosen.headers.get("location")!.match(/\/checkout\/pay\/([0-9a-f-]{36})/)![1];
    const session = await env.DB.prepare("SELECT success_path, cancel_path FROM checkout_sessions WHERE id = ?")
      .bind(id)
      .first<Json>();
    expect(session).toEqual({
      success_path: "/dashboard/builder?mode=publish&payment_success=true&tier=pro",
      cancel_path: "/dashboard/builder?mode=pricing_tiers",
    });
    const paid = await payCard(learner.browser, id);
    const step = await html(await learner.browser.get(paid.headers.get("location")!));
    expect(step).toContain("Your Pro tier is active. You can publish");
  });
});

describe("publishing an app with no price asks first (no JavaScript)", () => {
  const page = (id: string, q = "") => `/dashboard/builder?appId=${id}${q}`;
  const publishStep = (id: string) => page(id, "&section=publish");

  async function withTier(prefix: string) {
    const owner = await signUp(prefix);
    const now = Date.now();
    await env.DB.prepare(
      `INSERT INTO creator_studio_subscriptions (id, user_id, tier_slug, price_option_id, interval, price_cents, status, current_period_end, created_at)
       VALUES (?1, ?2, 'pro', 'studio_pro_month', 'month', 4900, 'active', ?3, ?4)`,
    )
      .bind(crypto.randomUUID(), owner.userId, now + 30 * 86_400_000, now)
      .run();
    return owner;
  }

  /** An app as a build leaves it: no price; here also without a hero picture and questions and answers. */
  async function unpricedApp(ownerId: string) {
    const id = await makeApp(ownerId);
    await env.DB.prepare(
      `UPDATE apps SET monthly_price_cents = NULL, annual_price_cents = NULL,
         landing_page = json_set(landing_page, '$.hero.imageUrl', NULL, '$.faq', json('[]')) WHERE id = ?`,
    )
      .bind(id)
      .run();
    return id;
  }

  it("the publish step lists what is missing; the first post asks, naming what visitors will see; confirm=yes publishes", async () => {
    const owner = await withTier("publish-unpriced");
    const id = await unpricedApp(owner.userId);
    const priceGap = `No price: visitors will see “${NO_PLANS_TEXT}” and cannot buy a plan.`;

    const step = await html(await owner.browser.get(publishStep(id)));
    expect(step).toContain("What this app is missing:");
    expect(step).toContain(priceGap);
    expect(step).toContain("No hero picture at the top of the landing page.");
    expect(step).toContain("No questions and answers on the landing page.");
    expect(step).not.toContain("No benefits on the landing page.");
    expect(step).toContain(`href="/dashboard/builder?appId=${id}&amp;section=pricing"`);
    expect(step).toContain("Publishing asks you to confirm first");

    // The first post publishes nothing: it answers with the question and the list of what is missing.
    const asked = await owner.browser.post(publishStep(id), { section: "publish", intent: "publish" });
    expect(asked.status).toBe(200);
    const question = await html(asked);
    expect(question).toContain("Publish without a price?");
    expect(question).toContain(`visitors will see “${NO_PLANS_TEXT}”`);
    expect(question).toContain(priceGap);
    expect(question).toContain("No hero picture at the top of the landing page.");
    expect(question).toMatch(/<input type="hidden" name="confirm" value="yes"\/>/);
    expect(question).toContain("Publish without a price");
    expect(question).toContain("Set a price first");
    expect((await appRow(id))!.is_published).toBe(0);
    // Only confirm=yes is a yes.
    expect(
      (await owner.browser.post(publishStep(id), { section: "publish", intent: "publish", confirm: "1" })).status,
    ).toBe(200);
    expect((await appRow(id))!.is_published).toBe(0);

    const published = await owner.browser.post(publishStep(id), {
      section: "publish",
      intent: "publish",
      confirm: "yes",
    });
    expect(published.status).toBe(303);
    expect(published.headers.get("location")).toBe(publishStep(id));
    expect(await owner.browser.toast()).toMatchObject({ title: builderMessages.published });
    const row = (await appRow(id))!;
    expect(row.is_published).toBe(1);
    // Visitors get the words the creator was shown.
    const landing = await new Browser().get(`/apps/${row.storefront_slug}/${row.app_slug}`);
    expect(landing.status).toBe(200);
    expect(await html(landing)).toContain(NO_PLANS_TEXT);
  });

  it("an app with a price publishes in one step, and its publish step names no price gap", async () => {
    const owner = await withTier("publish-priced");
    const id = await makeApp(owner.userId);
    const step = await html(await owner.browser.get(publishStep(id)));
    expect(step).not.toContain("No price:");
    expect(step).not.toContain("Publishing asks you to confirm first");
    const published = await owner.browser.post(publishStep(id), { section: "publish", intent: "publish" });
    expect(published.status).toBe(303);
    expect((await appRow(id))!.is_published).toBe(1);
  });

  it("after buying a tier, 'Publish now' posts to the publish step, where the question shows", async () => {
    const owner = await withTier("publish-paid");
    const id = await unpricedApp(owner.userId);
    const paid = await html(await owner.browser.get(page(id, "&mode=publish&payment_success=true&tier=pro")));
    expect(paid).toContain("Publish now");
    expect(paid).toContain(`action="/dashboard/builder?appId=${id}&amp;section=publish"`);
    const asked = await owner.browser.post(publishStep(id), { section: "publish", intent: "publish" });
    expect(await html(asked)).toContain("Publish without a price?");
    expect((await appRow(id))!.is_published).toBe(0);
  });
});
