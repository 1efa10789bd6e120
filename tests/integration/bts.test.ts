// Behind-the-scenes videos inside workerd against the test D1: the seed, the page and its events
// from addresses, feedback (one row per viewer, editable, bad input changes nothing, anonymous and
// signed-in viewers), the end of a session with its bounded seconds, and the admin's averages.
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { EVENTS } from "~/features/analytics/events";
import { endBtsSession } from "~/features/bts/bts.server";
import { COMMENT_ERROR, RATING_ERROR } from "~/features/bts/rules";
import { BTS_VIDEOS } from "../tools/bts-sql.mjs";
import { call, testApp } from "./app-context";
import { Browser, signUp } from "./commerce-helpers";
import { recordedEvents } from "./recorded-events";

vi.setConfig({ testTimeout: 30_000 });

type Row = { name: string; user_id: string | null; anonymous_id: string | null; properties: Record<string, unknown> };

/** The events `where` selects, once `until` holds (recorded-events.ts flushes the buffers and polls). */
function events(where: string, binds: unknown[], until?: (rows: Row[]) => boolean): Promise<Row[]> {
  return recordedEvents<Row>(
    `SELECT name, user_id, anonymous_id, properties FROM analytics_events WHERE ${where} ORDER BY created_at, rowid`,
    binds,
    until,
  );
}

const feedbackRows = (videoId: string) =>
  env.DB.prepare("SELECT viewer_id, user_id, rating, comment FROM bts_feedback WHERE video_id = ? ORDER BY viewer_id")
    .bind(videoId)
    .all<{ viewer_id: string; user_id: string | null; rating: number; comment: string }>()
    .then((r) => r.results);

// Videos 0-2 carry the seed's feedback (the admin's averages); the tests post on the last one.
const [seeded, seededToo, , video] = BTS_VIDEOS;
const page = `/bts/${video.slug}`;

async function visitor() {
  const browser = new Browser();
  expect((await browser.get(page)).status).toBe(200);
  const anon = browser.cookie("dx_non_auth_user_id")!;
  expect(anon).toMatch(/^anon_/);
  return { browser, anon };
}

describe("the seed", () => {
  it("has four bts videos, each about a demo class, with demo clips, captions and posters", async () => {
    const { results } = await env.DB.prepare(
      `SELECT b.slug, b.video_url, b.captions_url, b.poster_url, p.title FROM bts_videos b JOIN products p ON p.id = b.product_id ORDER BY b.position`,
    ).all<{ slug: string; video_url: string; captions_url: string; poster_url: string; title: string }>();
    expect(results.map((r) => r.slug)).toEqual(BTS_VIDEOS.map((v) => v.slug));
    for (const r of results) {
      expect(r.video_url).toMatch(/^\/video\/lesson-\d\.webm$/);
      expect(r.captions_url).toMatch(/^\/video\/lesson-\d\.vtt$/);
      expect(r.poster_url).toMatch(/^\/covers\/.+\.svg$/);
    }
  });
});

describe("/bts and /bts/{slug}", () => {
  it("lists the videos with posters, and a page shows the player with captions, the class and the other videos", async () => {
    const index = await (await call("/bts")).text();
    for (const v of BTS_VIDEOS) {
      expect(index).toContain(`href="/bts/${v.slug}"`);
      expect(index).toContain(v.posterUrl);
    }
    const html = await (await call(`/bts/${seeded.slug}`)).text();
    expect(html).toContain("<h1>On set: filming Fingerstyle Guitar Foundations</h1>");
    expect(html).toContain(`<track kind="captions" src="${seeded.captionsUrl}"`);
    expect(html).toContain(`href="/classes/${seeded.storefrontSlug}/${seeded.classSlug}"`);
    expect(html).toContain(`href="/bts/${video.slug}"`);
    expect(html).toContain(`href="/bts/${seeded.slug}?auth=Email"`);
    expect(html).toContain(`href="/bts/${seeded.slug}?auth=Login"`);
    expect(html).toContain("Send feedback");
    expect((await call("/bts/no-such-video")).status).toBe(404);
  });

  it("records the page view, Get started and Log in from the page's addresses", async () => {
    const { browser, anon } = await visitor();
    await browser.get(`${page}?auth=Email`, { Referer: `http://127.0.0.1:8787${page}` });
    await browser.get(`${page}?auth=Login`, { Referer: `http://127.0.0.1:8787${page}` });
    const names = [EVENTS.btsViewed, EVENTS.btsGetStarted, EVENTS.btsLogIn];
    const rows = await events(
      `anonymous_id = ? AND name IN (${names.map(() => "?").join(", ")})`,
      [anon, ...names],
      (r) => r.length >= 3,
    );
    expect(rows.map((r) => r.name)).toEqual(names);
    expect(rows[0].properties).toMatchObject({ path: page, slug: video.slug });
  });
});

describe("feedback", () => {
  it("an anonymous viewer's feedback is one row under their visitor id, shown back and editable", async () => {
    const { browser, anon } = await visitor();
    const sent = await browser.post(page, { rating: "4", comment: "  Loved the two cameras.  " });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe(`${page}?feedback=sent`);
    let rows = (await feedbackRows(video.id)).filter((r) => r.viewer_id === anon);
    expect(rows).toEqual([{ viewer_id: anon, user_id: null, rating: 4, comment: "Loved the two cameras." }]);

    // The success modal, and its event (opened over the page: not a second page view).
    const modal = await (
      await browser.get(`${page}?feedback=sent`, { Referer: `http://127.0.0.1:8787${page}` })
    ).text();
    expect(modal).toContain("Thanks for your feedback");
    const [shown] = await events("anonymous_id = ? AND name = ?", [anon, EVENTS.btsSuccessModalViewed]);
    expect(shown.properties).toMatchObject({ path: page, slug: video.slug });

    const html = await (await browser.get(page)).text();
    expect(html).toContain("Update feedback");
    expect(html).toContain('checked="" value="4"');
    expect(html).toContain("Loved the two cameras.</textarea>");

    expect((await browser.post(page, { rating: "2", comment: "" })).status).toBe(303);
    rows = (await feedbackRows(video.id)).filter((r) => r.viewer_id === anon);
    expect(rows).toEqual([{ viewer_id: anon, user_id: null, rating: 2, comment: "" }]);
  });

  it("bad input answers a clear error and changes nothing", async () => {
    const { browser, anon } = await visitor();
    await browser.post(page, { rating: "5", comment: "Kept" });
    const before = await feedbackRows(video.id);
    for (const [fields, message] of [
      [{ rating: "7", comment: "x" }, RATING_ERROR],
      [{ rating: "", comment: "x" }, RATING_ERROR],
      [{ comment: "no rating" }, RATING_ERROR],
      [{ rating: "3", comment: "a".repeat(1001) }, COMMENT_ERROR],
    ] as const) {
      const answer = await browser.post(page, fields);
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain(message);
    }
    expect(await feedbackRows(video.id)).toEqual(before);
    expect(before.find((r) => r.viewer_id === anon)).toMatchObject({ rating: 5, comment: "Kept" });
    // A new viewer's bad post makes no row either; an unknown video is a 404.
    const stranger = new Browser();
    expect((await stranger.post(page, { rating: "0" })).status).toBe(400);
    expect(await feedbackRows(video.id)).toEqual(before);
    expect((await stranger.post("/bts/no-such-video", { rating: "3" })).status).toBe(404);
  });

  it("a first post without a visitor cookie gets one; a signed-in viewer's row is theirs, apart from visitors'", async () => {
    const fresh = new Browser();
    expect((await fresh.post(page, { rating: "3" })).status).toBe(303);
    const made = fresh.cookie("dx_non_auth_user_id")!;
    expect(made).toMatch(/^anon_/);
    expect((await feedbackRows(video.id)).filter((r) => r.viewer_id === made)).toHaveLength(1);

    const { browser, userId } = await signUp("bts-viewer");
    expect((await browser.post(page, { rating: "5", comment: "Signed in" })).status).toBe(303);
    expect((await browser.post(page, { rating: "4", comment: "Signed in, edited" })).status).toBe(303);
    const mine = (await feedbackRows(video.id)).filter((r) => r.viewer_id === userId);
    expect(mine).toEqual([{ viewer_id: userId, user_id: userId, rating: 4, comment: "Signed in, edited" }]);
    const html = await (await browser.get(page)).text();
    expect(html).toContain("Update feedback");
    expect(html).not.toContain(`href="${page}?auth=Email"`);
    // Another viewer does not see it as theirs.
    expect(await (await new Browser().get(page)).text()).toContain("Send feedback");
  });
});

describe("end session", () => {
  it("records {slug, secondsWatched}, never more than the time since the page was served", async () => {
    const { browser, anon } = await visitor();
    await events("anonymous_id = ? AND name = ?", [anon, EVENTS.btsViewed]);
    const started = Date.now();
    const beacon = await browser.post(`${page}/end`, { secondsWatched: "9999", via: "beacon" });
    expect(beacon.status).toBe(204);
    const elapsed = (Date.now() - started) / 1000 + 2;
    const [ended] = await events("anonymous_id = ? AND name = ?", [anon, EVENTS.btsEndSession]);
    expect(ended.properties).toMatchObject({ slug: video.slug, path: page, via: "beacon", reportedSeconds: 9999 });
    expect(ended.properties.secondsWatched).toBeGreaterThanOrEqual(0);
    expect(ended.properties.secondsWatched).toBeLessThanOrEqual(Math.min(elapsed, video.durationSeconds));
  });

  it("bounds by the session's start and the video's duration, on the server's clock", async () => {
    const anonymousId = `anon_${crypto.randomUUID()}`;
    const viewedAt = Date.now() - 60 * 60 * 1000;
    await env.DB.prepare(
      "INSERT INTO analytics_events (id, name, user_id, anonymous_id, properties, created_at) VALUES (?, ?, NULL, ?, ?, ?)",
    )
      .bind(crypto.randomUUID(), EVENTS.btsViewed, anonymousId, JSON.stringify({ path: page }), viewedAt)
      .run();
    const who = { userId: null, anonymousId };
    const at = (ms: number) => testApp({ now: viewedAt + ms });
    expect(
      (await endBtsSession(at(5_000), who, video.slug, { secondsWatched: 500, via: "beacon" })).secondsWatched,
    ).toBe(5);
    expect((await endBtsSession(at(3_600), who, video.slug, { secondsWatched: 2, via: "beacon" })).secondsWatched).toBe(
      2,
    );
    expect((await endBtsSession(at(40_000), who, video.slug, { via: "form" })).secondsWatched).toBe(12);
    // Another page's view, or none at all, vouches for nothing.
    const stranger = { userId: null, anonymousId: `anon_${crypto.randomUUID()}` };
    expect(
      (await endBtsSession(at(40_000), stranger, video.slug, { secondsWatched: 10, via: "beacon" })).secondsWatched,
    ).toBe(0);
    expect(
      (await endBtsSession(at(40_000), who, seeded.slug, { secondsWatched: 10, via: "beacon" })).secondsWatched,
    ).toBe(0);
  });

  it("'Done watching' without JavaScript goes to /bts; a cross-site post and a bad count record nothing", async () => {
    const { browser, anon } = await visitor();
    await events("anonymous_id = ? AND name = ?", [anon, EVENTS.btsViewed]);
    const done = await browser.post(`${page}/end`, { via: "form", secondsWatched: "" });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/bts");
    expect(await browser.toast()).toMatchObject({ title: "Thanks for watching" });
    const [ended] = await events("anonymous_id = ? AND name = ?", [anon, EVENTS.btsEndSession]);
    expect(ended.properties).toMatchObject({ slug: video.slug, via: "form" });
    expect(ended.properties.reportedSeconds).toBeUndefined();

    const other = await visitor();
    await events("anonymous_id = ? AND name = ?", [other.anon, EVENTS.btsViewed]);
    const crossSite = await other.browser.post(
      `${page}/end`,
      { secondsWatched: "5" },
      { Origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    expect((await other.browser.post(`${page}/end`, { secondsWatched: "-3" })).status).toBe(400);
    expect((await other.browser.post("/bts/no-such-video/end", { secondsWatched: "3" })).status).toBe(404);
    await new Promise((r) => setTimeout(r, 300));
    expect(await events("anonymous_id = ? AND name = ?", [other.anon, EVENTS.btsEndSession], () => true)).toEqual([]);
  });
});

describe("admin", () => {
  it("lists each video's feedback count, average (one decimal) and latest comments; admins only", async () => {
    expect((await call("/admin/bts/" + seeded.slug)).status).toBe(302);
    const learner = await signUp("bts-learner");
    expect((await learner.browser.get("/admin/bts/" + seeded.slug)).status).toBe(403);

    const { browser, email } = await signUp("bts-admin");
    await env.DB.prepare("UPDATE users SET is_admin = 1 WHERE email = ?").bind(email).run();
    const html = await (await browser.get("/admin")).text();
    expect(html).toContain("Behind-the-scenes feedback");
    const row = (slug: string) => html.slice(html.indexOf(`href="/bts/${slug}"`)).split("</tr>")[0];
    // Seed: 5, 4, 4 -> 4.3 from 3 answers; 5, 3 -> 4.0 from 2.
    expect(row(seeded.slug)).toMatch(/<td>3<\/td><td>4\.3<\/td>/);
    expect(row(seeded.slug)).toContain("Loved seeing the two-camera setup. More of these, please!");
    expect(row(seededToo.slug)).toMatch(/<td>2<\/td><td>4\.0<\/td>/);
    expect(row(seeded.slug)).toContain(`href="/admin/bts/${seeded.slug}"`);

    const all = (await (await browser.get(`/admin/bts/${seeded.slug}`)).text()).replace(/<!-- -->/g, "");
    expect(all).toContain("3 answers · average rating 4.3");
    expect(all).toContain("Great to hear why the lessons are in this order.");
    expect((await browser.get("/admin/bts/no-such-video")).status).toBe(404);
  });
});
