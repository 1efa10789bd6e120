// Watching and progress in workerd against D1: who may watch which lesson, the progress calls with
// good and bad input (never a 500), 'Mark as complete', the library's order and Continue, the
// learner dashboard, and classesEnrolled after a purchase.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Browser, buy, html, product, signUp } from "./commerce-helpers";

type Lesson = { id: string; title: string; position: number; is_preview: number };
const lessonsOf = (productId: string) =>
  env.DB.prepare("SELECT id, title, position, is_preview FROM lessons WHERE product_id = ? ORDER BY position")
    .bind(productId)
    .all<Lesson>()
    .then((r) => r.results);
const slug = (l: Lesson) =>
  `/watch/${l.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")}-${l.id.replaceAll("-", "")}`;
const progressRow = (userId: string, lessonId: string) =>
  env.DB.prepare(
    "SELECT percent_complete AS percent, position_seconds AS position, seconds_watched AS watched, completed_at AS completedAt, reported_at AS reportedAt FROM lesson_progress WHERE user_id = ? AND lesson_id = ?",
  )
    .bind(userId, lessonId)
    .first<{ percent: number; position: number; watched: number; completedAt: number | null; reportedAt: number }>();

const report = (browser: Browser, body: Record<string, unknown>) =>
  browser.postJson("/api/updateProductProgress", body);

async function owner(prefix: string, classSlug = "guitar-tone-on-any-amp") {
  const who = await signUp(prefix);
  const cls = await product(classSlug);
  await buy(who.browser, [cls.id]);
  return { ...who, cls, lessons: await lessonsOf(cls.id) };
}

describe("the lesson page", () => {
  it("plays previews for everyone and shows the class's buy buttons on the rest", async () => {
    const cls = await product("blues-lead-guitar");
    const lessons = await lessonsOf(cls.id);
    const preview = lessons.find((l) => l.is_preview)!;
    const locked = lessons.find((l) => !l.is_preview)!;
    const visitor = new Browser();

    const open = await html(await visitor.get(slug(preview)));
    expect(open).toContain("<video");
    expect(open).toMatch(/src="\/video\/lesson-\d\.webm"/);
    expect(open).toContain('kind="captions"');
    const shut = await html(await visitor.get(slug(locked)));
    expect(shut).toContain(`This lesson is part of ${cls.title}`);
    expect(shut).not.toContain("<video");
    expect(shut).toContain("Buy now");
  });

  it("answers 404 for slugs without a lesson id or with an unknown one, and 301s an old title to the current one", async () => {
    const visitor = new Browser();
    expect((await visitor.get("/watch/no-id")).status).toBe(404);
    expect((await visitor.get(`/watch/lesson-${crypto.randomUUID().replaceAll("-", "")}`)).status).toBe(404);
    const [first] = await lessonsOf((await product("blues-lead-guitar")).id);
    const moved = await visitor.get(`/watch/anything-${first.id.replaceAll("-", "")}?t=5`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(`${slug(first)}?t=5`);
  });

  it("lets owners watch every lesson, resuming by media fragment at the saved place", async () => {
    const { browser, lessons } = await owner("watch-owner");
    const second = lessons[1];
    expect(await html(await browser.get(slug(second)))).toContain("<video");
    const page = await html(await browser.get(`${slug(second)}?t=7`));
    expect(page).toMatch(/src="\/video\/lesson-\d\.webm#t=7"/);
  });

  it("lets active members watch every class; a signed-in non-owner only previews", async () => {
    const { browser, userId } = await signUp("watch-member");
    const cls = await product("blues-lead-guitar");
    const locked = (await lessonsOf(cls.id)).find((l) => !l.is_preview)!;
    expect(await html(await browser.get(slug(locked)))).toContain("This lesson is part of");
    const membership = await product("membership");
    await env.DB.prepare(
      `INSERT INTO subscriptions (id, user_id, product_id, checkout_session_id, provider, interval, price_cents, status, trial_ends_at, current_period_end, created_at)
       VALUES (?1, ?2, ?3, NULL, 'local', 'year', 16800, 'trialing', ?4, ?4, ?5)`,
    )
      .bind(crypto.randomUUID(), userId, membership.id, Date.now() + 7 * 86_400_000, Date.now())
      .run();
    expect(await html(await browser.get(slug(locked)))).toContain("<video");
  });
});

describe("POST /api/updateProductProgress", () => {
  it("saves a report, keeps percent monotonic and bounds watched time by the clock", async () => {
    const { browser, userId, cls, lessons } = await owner("progress-good");
    const lesson = lessons[1];
    const first = await report(browser, {
      product_id: cls.id,
      content_id: lesson.id,
      percent_complete: 40,
      additional_seconds_watched: 9.5,
      position_in_seconds: 96,
    });
    expect(first.status).toBe(200);
    const body = await first.json<{ success: boolean; progress: Record<string, unknown> }>();
    expect(body).toMatchObject({
      success: true,
      progress: {
        product_id: cls.id,
        content_id: lesson.id,
        percent_complete: 40,
        position_in_seconds: 96,
        seconds_watched: 9.5,
        completed: false,
      },
    });

    // Lower percent (watching the start again) and an impossible amount of watching.
    await report(browser, {
      product_id: cls.id,
      content_id: lesson.id,
      percent_complete: 10,
      additional_seconds_watched: 5000,
      position_in_seconds: 12,
    });
    const row = (await progressRow(userId, lesson.id))!;
    expect(row.percent).toBe(40);
    expect(row.position).toBe(12);
    expect(row.watched).toBeLessThan(9.5 + 10);

    // The beacon's form fields count the same.
    const beacon = await browser.post("/api/updateProductProgress", {
      product_id: cls.id,
      content_id: lesson.id,
      percent_complete: "95",
      additional_seconds_watched: "0",
      position_in_seconds: "230",
    });
    expect(beacon.status).toBe(200);
    expect((await progressRow(userId, lesson.id))!.completedAt).toBeTruthy();
  });

  it.each([
    [{}, "product_id is required"],
    [
      { product_id: "x", content_id: "y", percent_complete: "lots", position_in_seconds: 1 },
      "percent_complete must be a number",
    ],
    [
      { product_id: "x", content_id: "y", percent_complete: 101, position_in_seconds: 1 },
      "percent_complete must be at most 100",
    ],
    [
      { product_id: "x", content_id: "y", percent_complete: 5, position_in_seconds: -3 },
      "position_in_seconds must be at least 0",
    ],
    [{ product_id: "x", content_id: "y", percent_complete: 5 }, "position_in_seconds"],
  ])("refuses bad input %j with a 400", async (body, message) => {
    const { browser } = await signUp("progress-bad");
    const response = await report(browser, body);
    expect(response.status).toBe(400);
    expect((await response.json<{ error: string }>()).error).toContain(message);
  });

  it("refuses a body that is not JSON or form data, and GET", async () => {
    const { browser } = await signUp("progress-junk");
    const junk = await browser.fetch("/api/updateProductProgress", {
      method: "POST",
      body: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(junk.status).toBe(400);
    expect((await browser.get("/api/updateProductProgress")).status).toBe(405);
  });

  it("needs a signed-in user", async () => {
    const response = await report(new Browser(), {
      product_id: "x",
      content_id: "y",
      percent_complete: 1,
      position_in_seconds: 1,
    });
    expect(response.status).toBe(401);
    expect((await response.json<{ error: string }>()).error).toBe("User is not authenticated");
  });

  it("rejects progress on lessons the user cannot watch, unknown lessons and mismatched products, and saves nothing", async () => {
    const { browser, userId } = await signUp("progress-denied");
    const cls = await product("blues-lead-guitar");
    const lessons = await lessonsOf(cls.id);
    const locked = lessons.find((l) => !l.is_preview)!;
    const preview = lessons.find((l) => l.is_preview)!;

    const denied = await report(browser, {
      product_id: cls.id,
      content_id: locked.id,
      percent_complete: 50,
      position_in_seconds: 10,
    });
    expect(denied.status).toBe(403);
    expect((await denied.json<{ error: string }>()).error).toBe("You don't have access to this lesson");
    expect(await progressRow(userId, locked.id)).toBeNull();

    const unknown = await report(browser, {
      product_id: cls.id,
      content_id: crypto.randomUUID(),
      percent_complete: 50,
      position_in_seconds: 10,
    });
    expect(unknown.status).toBe(404);
    const other = await product("guitar-tone-on-any-amp");
    const mismatched = await report(browser, {
      product_id: other.id,
      content_id: preview.id,
      percent_complete: 50,
      position_in_seconds: 10,
    });
    expect(mismatched.status).toBe(400);

    // A free preview is open to everyone, so its progress is kept.
    expect(
      (
        await report(browser, {
          product_id: cls.id,
          content_id: preview.id,
          percent_complete: 20,
          position_in_seconds: 10,
        })
      ).status,
    ).toBe(200);
  });
});

describe("GET /api/getContentProgress and /api/getProductProgress", () => {
  it("read back one lesson and the whole class", async () => {
    const { browser, cls, lessons } = await owner("progress-read");
    const none = await browser.get(`/api/getContentProgress?product_id=${cls.id}&content_id=${lessons[0].id}`);
    expect(await none.json()).toEqual({ progress: null });

    await report(browser, {
      product_id: cls.id,
      content_id: lessons[0].id,
      percent_complete: 100,
      additional_seconds_watched: 5,
      position_in_seconds: 300,
    });
    await report(browser, {
      product_id: cls.id,
      content_id: lessons[1].id,
      percent_complete: 30,
      additional_seconds_watched: 5,
      position_in_seconds: 60,
    });
    const one = await (
      await browser.get(`/api/getContentProgress?product_id=${cls.id}&content_id=${lessons[1].id}`)
    ).json<{ progress: Record<string, unknown> }>();
    expect(one.progress).toMatchObject({ percent_complete: 30, position_in_seconds: 60, completed: false });

    const all = await (
      await browser.get(`/api/getProductProgress?product_id=${cls.id}`)
    ).json<{ progress: Record<string, unknown> & { contents: unknown[] } }>();
    expect(all.progress).toMatchObject({
      product_id: cls.id,
      lessons_completed: 1,
      lessons_total: lessons.length,
      percent_complete: Math.round(100 / lessons.length),
      next_content_id: lessons[1].id,
    });
    expect(all.progress.contents).toHaveLength(2);
  });

  it("answer 400 without ids, 401 signed out, 404 for an unknown product", async () => {
    const { browser } = await signUp("progress-read-bad");
    expect((await browser.get("/api/getContentProgress?product_id=x")).status).toBe(400);
    expect((await browser.get("/api/getProductProgress")).status).toBe(400);
    expect((await new Browser().get("/api/getProductProgress?product_id=x")).status).toBe(401);
    expect((await browser.get(`/api/getProductProgress?product_id=${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe("'Mark as complete', the library and the dashboard", () => {
  it("completes the lesson and goes on to the next; the library then orders by last watched with Continue", async () => {
    const { browser, userId, cls, lessons } = await owner("complete");
    const other = await product("riffs-that-rock");
    await buy(browser, [other.id]);

    const done = await browser.post(slug(lessons[0]), { intent: "complete" });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(slug(lessons[1]));
    // The page changes to the next lesson, so the toast says which lesson was finished and what is next.
    expect(await browser.toast()).toEqual({
      kind: "success",
      title: "Marked as complete",
      description: `You finished “${lessons[0].title}”. Up next: ${lessons[1].title}.`,
    });
    expect((await progressRow(userId, lessons[0].id))!.percent).toBe(100);
    // Twice is still once.
    expect((await browser.post(slug(lessons[0]), { intent: "complete" })).status).toBe(303);

    const library = await html(await browser.get("/library"));
    // The class watched comes first even though the other was bought later.
    expect(library.indexOf(cls.title)).toBeLessThan(library.indexOf(other.title));
    expect(library).toContain(`href="${slug(lessons[1])}"`);
    expect(library).toMatch(new RegExp(`aria-valuenow="${Math.round(100 / lessons.length)}"`));

    const dashboard = await html(await browser.get("/v2/dashboard"));
    expect(dashboard).toContain("Continue watching");
    expect(dashboard).toContain(cls.title);
  });

  it("refuses 'Mark as complete' on a locked lesson and from a signed-out visitor, and unknown actions", async () => {
    const { browser, userId } = await signUp("complete-denied");
    const cls = await product("blues-lead-guitar");
    const locked = (await lessonsOf(cls.id)).find((l) => !l.is_preview)!;
    expect((await browser.post(slug(locked), { intent: "complete" })).status).toBe(403);
    expect(await progressRow(userId, locked.id)).toBeNull();
    expect((await browser.post(slug(locked), { intent: "explode" })).status).toBe(400);
    const visitor = await new Browser().post(slug(locked), { intent: "complete" });
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("location")).toContain("auth=Login");
  });

  it("enrols the buyer in each class bought, with a suggested finish a lesson a week away", async () => {
    const { userId, cls, lessons } = await owner("enrolled");
    const row = await env.DB.prepare("SELECT classes_enrolled AS c FROM users WHERE id = ?")
      .bind(userId)
      .first<{ c: string }>();
    const enrolled = JSON.parse(row!.c)[cls.id];
    const weeks = (Date.parse(enrolled.classEndDate) - Date.parse(enrolled.classStartDate)) / (7 * 86_400_000);
    expect(weeks).toBe(Math.max(4, lessons.length));
  });

  it("sends a signed-out visitor from the dashboard to log in", async () => {
    const response = await new Browser().get("/v2/dashboard");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/?auth=Login&redirect=%2Fv2%2Fdashboard");
  });
});
