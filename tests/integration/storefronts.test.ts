// The creator storefront inside workerd against the test D1: the page's data service (paging with the
// catalogue's keyset list, the collections holding the creator's classes, only published apps, an
// unknown slug), the page and its 404, the share redirect (records the event, refuses anything but the
// fixed targets, never redirects off the list), and the events its addresses make.
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { storefrontPage, storefrontApps, creatorBySlug } from "~/features/storefronts/storefronts.server";
import { ServiceError } from "~/platform/service-error";
import { DEMO_LANDING_PAGE, DEMO_ONBOARDING_FLOW, DEMO_THEME } from "../tools/apps-sql.mjs";
import { testApp } from "./app-context";
import { Browser, ORIGIN, html, signUp } from "./commerce-helpers";
import { recordedEvents, settle } from "./recorded-events";

vi.setConfig({ testTimeout: 30_000 });

const ANON = "dx_non_auth_user_id";

type EventRow = {
  name: string;
  user_id: string | null;
  anonymous_id: string | null;
  properties: Record<string, unknown>;
};

/** This visitor's events, once `until` holds (recorded-events.ts flushes the buffers and polls). */
function eventsOf(anonymousId: string, until: (rows: EventRow[]) => boolean = (r) => r.length > 0) {
  return recordedEvents<EventRow>(
    "SELECT name, user_id, anonymous_id, properties FROM analytics_events WHERE anonymous_id = ? ORDER BY created_at, rowid",
    [anonymousId],
    until,
  );
}

/** A browser that has been to the storefront once (so it has an anonymous id), and that id. */
async function visitor(path = "/creators/dex-okafor") {
  const browser = new Browser();
  expect((await browser.get(path)).status).toBe(200);
  const anonymousId = browser.cookie(ANON)!;
  expect(anonymousId).toBeTruthy();
  return { browser, anonymousId };
}

async function dexClasses() {
  const { results } = await env.DB.prepare(
    "SELECT id, title FROM products WHERE storefront_slug = 'dex-okafor' AND kind = 'class' ORDER BY popularity DESC, id DESC",
  ).all<{ id: string; title: string }>();
  return results;
}

describe("storefrontPage (the data service)", () => {
  it("pages the creator's classes with the keyset list, most popular first, with the total", async () => {
    const app = testApp();
    const all = await dexClasses();
    expect(all.length).toBe(4);
    const first = await storefrontPage(app, { storefrontSlug: "dex-okafor" });
    expect(first.creator).toMatchObject({ name: "Dex Okafor", headline: "Blues-rock guitarist and session player" });
    expect(first.classCount).toBe(4);
    expect(first.classes.map((c) => c.id)).toEqual(all.slice(0, 3).map((c) => c.id));
    expect(first.classes.every((c) => c.storefrontSlug === "dex-okafor" && c.kind === "class")).toBe(true);
    expect(first.nextCursor).toBe(all[2].id);
    expect(first.cursor).toBeNull();

    const second = await storefrontPage(app, { storefrontSlug: "dex-okafor", cursor: first.nextCursor });
    expect(second.classes.map((c) => c.id)).toEqual([all[3].id]);
    expect(second.nextCursor).toBeNull();
    expect(second.cursor).toBe(all[2].id);
    expect(second.cursorGone).toBe(false);
  });

  it("a cursor that names no class of this storefront shows the first page and says so", async () => {
    const app = testApp();
    const gone = await storefrontPage(app, {
      storefrontSlug: "dex-okafor",
      cursor: "00000000-0000-4000-8000-000000000000",
    });
    expect(gone.cursorGone).toBe(true);
    expect(gone.cursor).toBeNull();
    expect(gone.classes).toHaveLength(3);
  });

  it("lists the collections (and schools) holding the creator's classes, and only those", async () => {
    const app = testApp();
    const dex = await storefrontPage(app, { storefrontSlug: "dex-okafor" });
    const slugs = dex.collections.map((c) => c.slug);
    expect(slugs).toContain("guitar-essentials");
    const { results } = await env.DB.prepare(
      `SELECT DISTINCT c.slug FROM collections c JOIN collection_items ci ON ci.collection_id = c.id
       JOIN products p ON p.id = ci.product_id WHERE p.storefront_slug = 'dex-okafor'`,
    ).all<{ slug: string }>();
    expect(slugs.sort()).toEqual(results.map((r) => r.slug).sort());
    // Full summaries, as the catalogue's cards want them.
    const essentials = dex.collections.find((c) => c.slug === "guitar-essentials")!;
    expect(essentials.classCount).toBe(4);
    expect(essentials.totalValuePriceInCents).toBeGreaterThan(essentials.priceInfo.price);

    // Marcus Reid's classes are in no collection or school: none listed.
    expect((await storefrontPage(app, { storefrontSlug: "marcus-reid" })).collections).toEqual([]);
  });

  it("lists only published, publicly visible apps of the storefront", async () => {
    const app = testApp();
    const { userId } = await signUp("storefront-apps");
    const now = Date.now();
    const snapshot = (landingPage: unknown) => ({
      landingPage,
      theme: DEMO_THEME,
      onboardingFlow: DEMO_ONBOARDING_FLOW,
      pricing: { monthlyPrice: 1000, annualPrice: 9000, annualDurationUnit: "years" },
    });
    const insert = (appSlug: string, name: string, published: unknown, isPublished: number, at: number) =>
      env.DB.prepare(
        `INSERT INTO apps (id, user_id, storefront_slug, app_slug, name, landing_page, theme, onboarding_flow, published, is_published, published_at, created_at, updated_at)
         VALUES (?1, ?2, 'theo-rask', ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10, ?10)`,
      )
        .bind(
          crypto.randomUUID(),
          userId,
          appSlug,
          name,
          JSON.stringify(DEMO_LANDING_PAGE),
          JSON.stringify(DEMO_THEME),
          JSON.stringify(DEMO_ONBOARDING_FLOW),
          published === null ? null : JSON.stringify(published),
          isPublished,
          at,
        )
        .run();
    await insert("live-one", "Jazz Ears", snapshot(DEMO_LANDING_PAGE), 1, now);
    await insert("live-two", "Voicing Coach", snapshot(DEMO_LANDING_PAGE), 1, now + 1);
    await insert("draft", "Draft Only", null, 0, now);
    await insert("unpublished", "Taken Down", snapshot(DEMO_LANDING_PAGE), 0, now);
    await insert("pending", "Still Building", snapshot({ ...DEMO_LANDING_PAGE, status: "pending" }), 1, now);

    const apps = await storefrontApps(app, "theo-rask");
    expect(apps.map((a) => a.name)).toEqual(["Voicing Coach", "Jazz Ears"]);
    expect(apps[1]).toMatchObject({
      appSlug: "live-one",
      href: "/apps/theo-rask/live-one",
      title: DEMO_LANDING_PAGE.hero.title,
      primaryColor: DEMO_THEME.primaryColor,
    });
    expect((await storefrontPage(app, { storefrontSlug: "theo-rask" })).apps).toHaveLength(2);
    // Another storefront's page never shows them.
    expect((await storefrontPage(app, { storefrontSlug: "dex-okafor" })).apps).toEqual([]);
    const page = await html(await new Browser().get("/creators/theo-rask"));
    expect(page).toContain('href="/apps/theo-rask/live-one"');
    expect(page).not.toContain("Taken Down");
    expect(page).not.toContain("Still Building");
  });

  it("an unknown slug is a not-found ServiceError; creatorBySlug answers null", async () => {
    const app = testApp();
    const error = await storefrontPage(app, { storefrontSlug: "nobody-here" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).failure).toBe("not-found");
    expect(await creatorBySlug(app, "nobody-here")).toBeNull();
    expect(await creatorBySlug(app, "")).toBeNull();
  });
});

describe("/creators/{slug}", () => {
  it("renders the creator, their classes, canonical link and the visitor's Get started and Log in", async () => {
    const response = await new Browser().get("/creators/dex-okafor");
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain("<h1");
    expect(page).toContain("Dex Okafor");
    expect(page).toContain(`<link rel="canonical" href="${ORIGIN}/creators/dex-okafor"/>`);
    expect(page).toContain('href="/creators/dex-okafor?auth=Email"');
    expect(page).toContain('href="/creators/dex-okafor?auth=Login"');
    expect(page).toMatch(/href="\/creators\/dex-okafor\?cursor=[0-9a-f-]{36}#storefront-classes"/);
    expect(page).not.toContain('role="dialog"');
  });

  it("a signed-in user gets no Get started or Log in; ?share=1 renders the share modal", async () => {
    const { browser } = await signUp("storefront-member");
    const page = await html(await browser.get("/creators/dex-okafor?share=1"));
    expect(page).not.toContain("auth=Email");
    expect(page).toContain('role="dialog"');
    expect(page).toContain(`value="${ORIGIN}/creators/dex-okafor"`);
    for (const to of ["email", "x", "facebook", "whatsapp"])
      expect(page).toContain(`href="/creators/dex-okafor/share?to=${to}"`);
  });

  it("an unknown slug is a 404 page", async () => {
    const response = await new Browser().get("/creators/nobody-here");
    expect(response.status).toBe(404);
    expect(await html(response)).toContain("We couldn&#x27;t find that page");
  });
});

describe("the share redirect", () => {
  it("records 'share modal shared' with the target and redirects to the network with the canonical link", async () => {
    const { browser, anonymousId } = await visitor();
    const response = await browser.get("/creators/dex-okafor/share?to=whatsapp");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `https://wa.me/?text=${encodeURIComponent(`Dex Okafor teaches on Studio. Have a look: ${ORIGIN}/creators/dex-okafor`)}`,
    );
    const rows = await eventsOf(anonymousId, (r) => r.some((e) => e.name.endsWith("share modal shared")));
    const shared = rows.filter((e) => e.name === "creator storefront page | share modal shared");
    expect(shared).toHaveLength(1);
    expect(shared[0].properties).toMatchObject({
      target: "whatsapp",
      storefrontSlug: "dex-okafor",
      path: "/creators/dex-okafor",
    });

    expect((await browser.get("/creators/dex-okafor/share?to=email")).headers.get("Location")).toMatch(
      /^mailto:\?subject=/,
    );
    const more = await eventsOf(
      anonymousId,
      (r) => r.filter((e) => e.name.endsWith("share modal shared")).length === 2,
    );
    expect(more.filter((e) => e.name.endsWith("share modal shared")).map((e) => e.properties.target)).toEqual([
      "whatsapp",
      "email",
    ]);
  });

  it("the signed-in user's share is theirs", async () => {
    const { browser, userId } = await signUp("storefront-sharer");
    expect((await browser.get("/creators/marisol-vega/share?to=facebook")).status).toBe(302);
    const [row] = await recordedEvents<{ properties: Record<string, unknown> }>(
      "SELECT properties FROM analytics_events WHERE user_id = ? AND name = ?",
      [userId, "creator storefront page | share modal shared"],
    );
    expect(row.properties).toMatchObject({ target: "facebook", storefrontSlug: "marisol-vega" });
  });

  it("refuses any other target in words, records nothing and never redirects", async () => {
    const { browser, anonymousId } = await visitor();
    for (const to of ["", "https://evil.example", "//evil.example", "copy", "X"]) {
      const response = await browser.get(`/creators/dex-okafor/share?to=${encodeURIComponent(to)}`);
      expect(response.status, to).toBe(400);
      expect(response.headers.get("Location")).toBeNull();
      expect(await response.text()).toBe("Choose where to share: email, x, facebook, whatsapp.");
    }
    const missing = await browser.get("/creators/dex-okafor/share");
    expect(missing.status).toBe(400);
    const unknown = await browser.get("/creators/nobody-here/share?to=x");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("Location")).toBeNull();
    await settle();
    const rows = await eventsOf(anonymousId, () => true);
    expect(rows.filter((e) => e.name.endsWith("share modal shared"))).toEqual([]);
  });
});

describe("the storefront's events from addresses", () => {
  it("a landing is the page view with the slug; ?share=1 over the page is 'share modal viewed' alone", async () => {
    const { browser, anonymousId } = await visitor();
    const viewed = await eventsOf(anonymousId);
    expect(viewed.map((e) => e.name)).toEqual(["creator storefront page | viewed"]);
    expect(viewed[0].properties).toMatchObject({ path: "/creators/dex-okafor", slug: "dex-okafor" });

    const here = { Referer: `${ORIGIN}/creators/dex-okafor` };
    expect((await browser.fetch("/creators/dex-okafor?share=1", { headers: here })).status).toBe(200);
    const rows = await eventsOf(anonymousId, (r) => r.length >= 2);
    expect(rows.map((e) => e.name)).toEqual([
      "creator storefront page | viewed",
      "creator storefront page | share modal viewed",
    ]);
    expect(rows[1].properties).toMatchObject({ path: "/creators/dex-okafor", slug: "dex-okafor" });
  });

  it("Get started and Log in over the page are the storefront's own", async () => {
    const { browser, anonymousId } = await visitor();
    const here = { Referer: `${ORIGIN}/creators/dex-okafor` };
    await browser.fetch("/creators/dex-okafor?auth=Email", { headers: here });
    await browser.fetch("/creators/dex-okafor?auth=Login", { headers: { Referer: `${ORIGIN}/creators/dex-okafor` } });
    const rows = await eventsOf(anonymousId, (r) => r.length >= 5);
    expect(rows.map((e) => e.name)).toEqual([
      "creator storefront page | viewed",
      "auth modal | viewed",
      "creator storefront page | get started",
      "auth modal | viewed",
      "creator storefront page | log in",
    ]);
  });
});
