// Attribution and analytics inside workerd against the test D1: the attribution cookie (first touch,
// 30-day purge, clearing after a purchase), page views of documents, account events with utm fields,
// the person profile (identify, set-once fields), payment_info, and POST /api/data with good and bad
// batches (never a 500, nothing stored from a bad one).
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { EVENTS } from "~/features/analytics/events";
import { recordEvent } from "~/features/analytics/record.server";
import { testApp } from "./app-context";
import { Browser, ORIGIN, buy, checkoutRow, count, product, signUp } from "./commerce-helpers";
import { recordedEvents, settle } from "./recorded-events";

vi.setConfig({ testTimeout: 30_000 });

type EventRow = {
  id: string;
  name: string;
  user_id: string | null;
  anonymous_id: string | null;
  properties: Record<string, unknown>;
};

/** The events `where` selects, once `until` holds (recorded-events.ts flushes the buffers and polls). */
function eventsWhere(where: string, binds: unknown[], until?: (rows: EventRow[]) => boolean): Promise<EventRow[]> {
  return recordedEvents<EventRow>(
    `SELECT id, name, user_id, anonymous_id, properties FROM analytics_events WHERE ${where} ORDER BY created_at, rowid`,
    binds,
    until,
  );
}

function setCookieNamed(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

function attributionCookie(browser: Browser): Record<string, string> {
  return JSON.parse(decodeURIComponent(browser.cookie("studio_attribution")!));
}

const DAY = 86_400_000;

describe("attribution cookies", () => {
  it("a landing with utm keys starts the record (HttpOnly, 30 days); friend also goes to friendReferral", async () => {
    const browser = new Browser();
    const response = await browser.get(
      "/?utm_source=newsletter&utm_campaign=spring&friend=bob&aaCampaign=student&other=1",
    );
    expect(response.status).toBe(200);
    const header = setCookieNamed(response, "studio_attribution")!;
    expect(header).toMatch(/Max-Age=2592000/);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/Path=\//);
    expect(setCookieNamed(response, "friendReferral")).toMatch(/^friendReferral=bob; Max-Age=2592000; Path=\//);
    const record = attributionCookie(browser);
    expect(record).toMatchObject({
      utm_source: "newsletter",
      utm_campaign: "spring",
      friend: "bob",
      aaCampaign: "student",
    });
    expect(record.landingPage).toBe(
      "/?utm_source=newsletter&utm_campaign=spring&friend=bob&aaCampaign=student&other=1",
    );
    expect(new Date(record.timestamp).toISOString()).toBe(record.timestamp);
  });

  it("first touch: a later landing with other keys keeps the first record", async () => {
    const browser = new Browser();
    await browser.get("/classes?utm_source=first");
    const later = await browser.get("/?utm_source=second&ref=x");
    expect(setCookieNamed(later, "studio_attribution")).toBeUndefined();
    expect(attributionCookie(browser).utm_source).toBe("first");
  });

  it("a client-side navigation (/path.data) captures too, naming the page", async () => {
    const browser = new Browser();
    const response = await browser.get("/classes.data?utm_medium=social&_routes=root,routes/classes");
    expect(response.status).toBe(200);
    expect(attributionCookie(browser)).toMatchObject({
      utm_medium: "social",
      landingPage: "/classes?utm_medium=social",
    });
  });

  it("a record older than 30 days is purged, or replaced by a new landing", async () => {
    const old = encodeURIComponent(
      JSON.stringify({ utm_source: "old", landingPage: "/", timestamp: new Date(Date.now() - 31 * DAY).toISOString() }),
    );
    const browser = new Browser({ studio_attribution: old, friendReferral: "zed" });
    const purged = await browser.get("/classes");
    expect(setCookieNamed(purged, "studio_attribution")).toMatch(/Max-Age=0/);
    expect(browser.cookie("studio_attribution")).toBeUndefined();
    expect(browser.cookie("friendReferral")).toBeUndefined();

    const again = new Browser({ studio_attribution: old });
    await again.get("/?utm_source=fresh");
    expect(attributionCookie(again).utm_source).toBe("fresh");
  });

  it("the OAuth return, checkout and the API do not start a record; an unreadable cookie is ignored", async () => {
    const browser = new Browser();
    await browser.get("/api/getProducts?limit=1&utm_source=api");
    await browser.get("/checkout?code=WELCOME10");
    expect(browser.cookie("studio_attribution")).toBeUndefined();
    const garbled = new Browser({ studio_attribution: "%7Bnot-json" });
    expect((await garbled.get("/?utm_source=ok")).status).toBe(200);
    expect(attributionCookie(garbled).utm_source).toBe("ok");
  });
});

describe("page views", () => {
  it("a document GET records the screen's page view with the visitor's anonymous id and the utm fields", async () => {
    const browser = new Browser();
    await browser.get("/?utm_source=pv-test&utm_campaign=spring");
    const anon = browser.cookie("dx_non_auth_user_id")!;
    const [view] = await eventsWhere("anonymous_id = ? AND name = ?", [anon, "home landing page | viewed"]);
    expect(view.properties).toMatchObject({ path: "/", utm_source: "pv-test", utm_campaign: "spring" });
    expect(view.user_id).toBeNull();
  });

  it("counts each screen once: not for data requests, bots, non-200 answers, or a modal opened over the same page", async () => {
    const browser = new Browser();
    await browser.get("/classes");
    const anon = browser.cookie("dx_non_auth_user_id")!;
    await eventsWhere("anonymous_id = ?", [anon]);
    await browser.get("/classes.data");
    await browser.get("/classes", { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    await browser.get("/collections/no-such-collection");
    await browser.get("/classes?auth=Login", { Referer: `${ORIGIN}/classes` });
    await settle();
    const rows = await eventsWhere("anonymous_id = ?", [anon], (r) => r.length >= 2);
    expect(rows.map((r) => r.name)).toEqual(["browse landing page | viewed", "auth modal | viewed"]);
  });

  it("named screens: class page, cart, library and its log in", async () => {
    const flamenco = await product("flamenco-rumba-rhythms");
    const browser = new Browser();
    await browser.get(flamenco.href);
    const anon = browser.cookie("dx_non_auth_user_id")!;
    await browser.get("/cart", { Referer: `${ORIGIN}${flamenco.href}` });
    // Signed out, the library offers 'Log in', which opens the modal over it (no JavaScript: the same page again, from itself).
    await browser.get("/library", { Referer: `${ORIGIN}/cart` });
    await browser.get("/library?auth=Login", { Referer: `${ORIGIN}/library` });
    const rows = await eventsWhere("anonymous_id = ?", [anon], (r) => r.length >= 5);
    expect(rows.map((r) => r.name)).toEqual([
      "product landing page | viewed",
      "shopping cart | viewed",
      "library page | viewed",
      "auth modal | viewed",
      "library page | log in",
    ]);
    expect(rows[0].properties).toMatchObject({ slug: flamenco.classSlug });
  });
});

describe("accounts and the person profile", () => {
  it("sign-up records 'create account | success' with the landing's utm fields and sets the profile once", async () => {
    const browser = new Browser();
    await browser.get("/sf-music-lessons?utm_source=ads&utm_medium=cpc&ref=alice&aaCampaign=student");
    const { userId, email } = await signUp("attributed", browser);
    const [created] = await eventsWhere("user_id = ? AND name = ?", [userId, "create account | success"]);
    expect(created.properties).toMatchObject({ utm_source: "ads", utm_medium: "cpc", method: "password" });
    expect(created.anonymous_id).toMatch(/^anon_/);

    let profile: Record<string, unknown> | null = null;
    for (let i = 0; i < 40 && !profile; i++) {
      profile = await env.DB.prepare("SELECT * FROM analytics_profiles WHERE user_id = ?").bind(userId).first();
      if (!profile) await new Promise((r) => setTimeout(r, 50));
    }
    expect(profile).toMatchObject({ email, first_name: "Cora", last_name: "Merce", membership_status: "inactive" });
    const attribution = JSON.parse(profile!.attribution as string);
    expect(attribution).toMatchObject({ utm_source: "ads", utm_medium: "cpc", ref: "alice" });
    expect(attribution).not.toHaveProperty("aaCampaign");
    expect(JSON.parse(profile!.lead_source_info as string)).toMatchObject({
      leadSource: "lead page",
      utm_source: "ads",
      ref: "alice",
    });

    // Signed in, page views are the user's.
    await browser.get("/library");
    const [library] = await eventsWhere("user_id = ? AND name = ?", [userId, "library page | viewed"]);
    expect(library.properties).toMatchObject({ path: "/library", utm_source: "ads" });

    // A later sign-in from another campaign updates the identify fields, never the set-once ones.
    const other = new Browser();
    await other.get("/?utm_source=later");
    await other.post("/auth/login", { email, password: "commerce password" });
    const [login] = await eventsWhere("user_id = ? AND name = ?", [userId, "login | success"]);
    expect(login.properties).toMatchObject({ utm_source: "later" });
    await env.DB.prepare("UPDATE users SET first_name = 'Renamed' WHERE id = ?").bind(userId).run();
    const api = await other.postJson("/api/data", {
      batch: [{ type: "identify", userId, traits: { email }, messageId: "id-1" }],
    });
    expect(await api.json()).toMatchObject({ success: true, identified: true });
    const after = await env.DB.prepare(
      "SELECT first_name, attribution, lead_source_info FROM analytics_profiles WHERE user_id = ?",
    )
      .bind(userId)
      .first<{ first_name: string; attribution: string; lead_source_info: string }>();
    expect(after!.first_name).toBe("Renamed");
    expect(JSON.parse(after!.attribution).utm_source).toBe("ads");
    expect(JSON.parse(after!.lead_source_info).utm_source).toBe("ads");
  });

  it("failed sign-ups and log-ins are recorded as failures (and answer 4xx)", async () => {
    const browser = new Browser();
    await browser.get("/?utm_source=fail-test");
    const anon = browser.cookie("dx_non_auth_user_id")!;
    expect(
      (
        await browser.post("/auth/create-account", {
          email: "not-an-email",
          firstName: "A",
          lastName: "B",
          password: "x",
        })
      ).status,
    ).toBe(400);
    expect(
      (await browser.post("/auth/login", { email: "nobody-here@example.com", password: "wrong password" })).status,
    ).toBe(400);
    const rows = await eventsWhere("anonymous_id = ? AND name LIKE '%failure'", [anon], (r) => r.length >= 2);
    expect(rows.map((r) => r.name).sort()).toEqual(["create account | failure", "login | failure"]);
    expect(rows[0].properties).toMatchObject({ utm_source: "fail-test" });
  });
});

describe("purchases", () => {
  it("payment_info carries the stored attribution (query wins); the purchase event has it; the success page clears the cookies", async () => {
    const browser = new Browser();
    await browser.get("/?utm_source=spring-mail&utm_medium=email&ref=alice&code=SPRING&friend=bob&p=vip");
    const { userId } = await signUp("buyer", browser);
    const flamenco = await product("flamenco-rumba-rhythms");
    const id = await buy(browser, [flamenco.id]);
    expect((await checkoutRow(id))!.paymentInfo).toMatchObject({
      utm_source: "spring-mail",
      utm_medium: "email",
      referrer: "alice",
      discountCode: "SPRING",
      friend: "bob",
    });
    const [purchase] = await eventsWhere("user_id = ? AND name = ?", [userId, "checkout | purchase success"]);
    expect(purchase.properties).toMatchObject({
      utm_source: "spring-mail",
      totalCents: flamenco.priceCents,
      type: "Purchased Class",
    });

    expect(browser.cookie("studio_attribution")).toBeTruthy();
    const success = await browser.get(`/checkout/success?session_id=${id}`);
    expect(success.status).toBe(200);
    for (const name of ["studio_attribution", "friendReferral", "studio_vip_gate"])
      expect(browser.cookie(name), name).toBeUndefined();
    // Cleared, a new campaign can start a record again.
    await browser.get("/?utm_source=next");
    expect(attributionCookie(browser).utm_source).toBe("next");
  });

  it("the product page's buttons record the screen's 'add to cart' and 'buy now'", async () => {
    const flamenco = await product("flamenco-rumba-rhythms");
    const browser = new Browser();
    await browser.get(`${flamenco.href}?utm_source=btn`);
    const anon = browser.cookie("dx_non_auth_user_id")!;
    await browser.cart("add", flamenco.id, flamenco.href);
    await browser.cart("cta", flamenco.id, flamenco.href);
    const rows = await eventsWhere(
      "anonymous_id = ? AND name LIKE 'product landing page | %' AND name <> 'product landing page | viewed'",
      [anon],
      (r) => r.length >= 2,
    );
    expect(rows.map((r) => r.name)).toEqual(["product landing page | add to cart", "product landing page | buy now"]);
    expect(rows[0].properties).toMatchObject({ productId: flamenco.id, utm_source: "btn" });
  });
});

describe("POST /api/data", () => {
  const track = (messageId: string, event = "auth modal | viewed", extra: Record<string, unknown> = {}) => ({
    type: "track",
    event,
    properties: { form: "Login" },
    messageId,
    timestamp: new Date().toISOString(),
    ...extra,
  });

  async function visitor() {
    const browser = new Browser();
    await browser.get("/classes?utm_source=beacon");
    return { browser, anon: browser.cookie("dx_non_auth_user_id")! };
  }

  it("stores a good batch (JSON or sendBeacon's text/plain), once per messageId, as the cookie's visitor", async () => {
    const { browser, anon } = await visitor();
    const batch = {
      batch: [
        track("a1"),
        { type: "page", name: "checkout | viewed", properties: { path: "/checkout" }, messageId: "a2" },
      ],
      sentAt: new Date().toISOString(),
    };
    const response = await browser.postJson("/api/data", batch);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, received: 2, stored: 2, duplicates: 0 });

    const beacon = await browser.fetch("/api/data", {
      method: "POST",
      body: JSON.stringify({ batch: [track("a1"), track("a3", "add-to-cart modal | viewed")] }),
      headers: { "Content-Type": "text/plain;charset=UTF-8" },
    });
    expect(await beacon.json()).toMatchObject({ stored: 1, duplicates: 1 });

    const rows = await eventsWhere("anonymous_id = ? AND id LIKE 'msg:%'", [anon], (r) => r.length >= 3);
    expect(rows.map((r) => r.name)).toEqual(["auth modal | viewed", "checkout | viewed", "add-to-cart modal | viewed"]);
    expect(rows[0].properties).toMatchObject({ form: "Login", utm_source: "beacon", via: "browser" });
    expect(rows[0].user_id).toBeNull();
  });

  it("a message without messageId is stored under one generated for it, as standard batched uploads allow", async () => {
    const { browser, anon } = await visitor();
    const { messageId: _omitted, ...bare } = track("unused", "checkout | viewed");
    const response = await browser.postJson("/api/data", { batch: [bare, { ...bare, messageId: null }] });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, received: 2, stored: 2, duplicates: 0 });
    const rows = await eventsWhere(
      "anonymous_id = ? AND id LIKE 'msg:%' AND name = 'checkout | viewed'",
      [anon],
      (r) => r.length >= 2,
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.id).toMatch(new RegExp(`^msg:${anon}:[0-9a-f-]{36}$`));
  });

  it("never lets a batch write as another user: the session decides", async () => {
    const { browser, userId } = await signUp("beacon-user");
    const victim = await signUp("beacon-victim");
    const response = await browser.postJson("/api/data", {
      batch: [track("u1", "auth modal | viewed", { userId: victim.userId })],
    });
    expect(response.status).toBe(200);
    const [row] = await eventsWhere("id = ?", [`msg:${userId}:u1`]);
    expect(row.user_id).toBe(userId);
    expect(
      await count("SELECT count(*) AS n FROM analytics_events WHERE user_id = ? AND id LIKE 'msg:%'", victim.userId),
    ).toBe(0);

    // Signed out, a claimed userId is dropped and an identify is ignored.
    const stranger = new Browser();
    const anonymous = await stranger.postJson("/api/data", {
      batch: [
        track("s1", "auth modal | viewed", { userId: victim.userId }),
        { type: "identify", userId: victim.userId, traits: { email: "x@y.co" }, messageId: "s2" },
      ],
    });
    expect(await anonymous.json()).toMatchObject({ success: true, stored: 1, identified: false, ignored: 1 });
    expect(
      await count("SELECT count(*) AS n FROM analytics_events WHERE id LIKE 'msg:visitor:s1' AND user_id IS NULL"),
    ).toBe(1);
  });

  it("answers bad input with a clear 4xx, never a 500, and stores nothing from a bad batch", async () => {
    const { browser, anon } = await visitor();
    const before = await count("SELECT count(*) AS n FROM analytics_events WHERE id LIKE 'msg:%'");
    const post = (body: string, headers: Record<string, string> = { "Content-Type": "application/json" }) =>
      browser.fetch("/api/data", { method: "POST", body, headers });
    const cases: [string, number, RegExp, Record<string, string>?][] = [
      ["{not json", 400, /not JSON/],
      [JSON.stringify([]), 400, /Invalid batch/],
      [JSON.stringify({ batch: [] }), 400, /batch is empty/],
      [
        JSON.stringify({ batch: [track("b1"), track("b2", "Order Completed")] }),
        400,
        /batch\.1\.event: Unknown event name 'Order Completed'/,
      ],
      [
        JSON.stringify({ batch: [track("b3"), { ...track("b4"), type: "alias" }] }),
        400,
        /type must be 'track', 'page' or 'identify'/,
      ],
      [JSON.stringify({ batch: [{ ...track("b5"), messageId: 42 }] }), 400, /messageId/],
      [JSON.stringify({ batch: [{ ...track("b6"), timestamp: "yesterday" }] }), 400, /timestamp/],
      [JSON.stringify({ batch: Array.from({ length: 101 }, (_, i) => track(`c${i}`)) }), 400, /at most 100 messages/],
      [
        JSON.stringify({
          batch: [track("b7", "auth modal | viewed", { properties: { blob: "x".repeat(33 * 1024) } })],
        }),
        413,
        /at most 32768 bytes/,
      ],
      ["batch=1", 415, /application\/json or text\/plain/, { "Content-Type": "application/x-www-form-urlencoded" }],
    ];
    for (const [body, status, message, headers] of cases) {
      const response = await post(body, headers);
      expect(response.status, body.slice(0, 60)).toBe(status);
      const answer = (await response.json()) as { success: boolean; error: string };
      expect(answer.success).toBe(false);
      expect(answer.error).toMatch(message);
    }
    expect((await browser.get("/api/data")).status).toBe(405);
    // Another site cannot post events (workers/app.ts refuses cross-site state changes).
    const crossSite = await browser.fetch("/api/data", {
      method: "POST",
      body: JSON.stringify({ batch: [track("x1")] }),
      headers: { "Content-Type": "text/plain", Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    await settle();
    expect(await count("SELECT count(*) AS n FROM analytics_events WHERE id LIKE 'msg:%'")).toBe(before);
    expect(
      await count("SELECT count(*) AS n FROM analytics_events WHERE anonymous_id = ? AND id LIKE 'msg:%'", anon),
    ).toBe(0);
  });
});

describe("the Analytics Engine copy", () => {
  it("when a dataset is bound as ANALYTICS, each event is also written there; D1 still gets it", async () => {
    const points: AnalyticsEngineDataPoint[] = [];
    const base = testApp();
    const app = testApp({
      bindings: {
        ...base.bindings,
        ANALYTICS: { writeDataPoint: (point?: AnalyticsEngineDataPoint) => void points.push(point!) },
      },
      attribution: { utm_source: "engine", slug: "music", landingPage: "/", timestamp: new Date().toISOString() },
    });
    recordEvent(app, EVENTS.purchaseSuccess, { userId: "u-engine" }, { totalCents: 4900 });
    expect(points).toEqual([
      {
        indexes: ["checkout | purchase success"],
        blobs: ["checkout | purchase success", "u-engine", null, "engine", null, null, null, null, "music", null],
        doubles: [4900],
      },
    ]);
    const [row] = await eventsWhere("user_id = ?", ["u-engine"]);
    expect(row.properties).toEqual({ utm_source: "engine", slug: "music", totalCents: 4900 });
  });
});
