// Brainstorms and app builds in workerd against D1, run by their jobs' Durable Objects: the JSON API
// (good and bad input, someone else's brainstorm or job: 403), the pages without JavaScript, the
// daily AI generations, and a build written exactly once however often its result is written.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { buildAppJobHandler } from "~/features/builder/build-app.server";
import { brainstormMessages } from "~/features/builder/rules";
import { advanceJob, completeJob, jobById } from "~/features/jobs/jobs.server";
import { testApp } from "./app-context";
import { Browser, html, signUp } from "./commerce-helpers";
import { until } from "./builder-helpers";

type Json = { response: Record<string, unknown> } & Record<string, unknown>;
const json = async (response: Response) => (await response.json()) as Json;
const count = async (query: string, ...binds: unknown[]) =>
  (await env.DB.prepare(query)
    .bind(...binds)
    .first<{ n: number }>())!.n;

let owner: { browser: Browser; userId: string };
let other: { browser: Browser; userId: string };

beforeAll(async () => {
  owner = await signUp("brainstormer");
  other = await signUp("brainstorm-other");
});

/** Polls until `done` says so (the job's Durable Object runs it from alarms). */

async function brainstorm(browser: Browser, body: Record<string, unknown>) {
  const started = await browser.postJson("/api/app-builder/buildBrainstorm", body);
  expect(started.status).toBe(202);
  const { brainstormId } = (await json(started)).response as { brainstormId: string };
  const status = await until(
    async () =>
      (await json(await browser.get(`/api/app-builder/getBrainstormStatus?brainstormId=${brainstormId}`))).response,
    (r) => r.status !== "pending",
  );
  expect(status).toMatchObject({ brainstormId, status: "completed", progress: 100 });
  return brainstormId;
}

describe("the brainstorm API", () => {
  it("brainstorms 'yoga for desk workers': five ideas in yoga's words, each with what a creator needs", async () => {
    const id = await brainstorm(owner.browser, { interest: "yoga", audience: "desk workers" });
    const answer = await json(await owner.browser.get(`/api/app-builder/getBrainstormApps?brainstormId=${id}`));
    const apps = answer.response.apps as Record<string, unknown>[];
    expect(answer.response.status).toBe("completed");
    expect(apps).toHaveLength(5);
    for (const idea of apps) {
      expect(idea).toMatchObject({
        name: expect.any(String),
        promise: expect.any(String),
        audience: expect.any(String),
        outcome: expect.any(String),
        idea: expect.stringMatching(/yoga/i),
      });
      expect(idea.questions).toHaveLength(3);
      expect((idea.phases as string[]).length).toBeGreaterThanOrEqual(3);
    }
    expect(apps[0]!.name).toBe("Yoga for Desk Workers");
    expect(JSON.stringify(apps)).not.toMatch(/\b(?:runs|strides|gels|marathon)\b/i);
    // The call was recorded and counted for the creator.
    expect(
      await count("SELECT count(*) AS n FROM ai_units WHERE creator_id = ? AND task = 'brainstorm'", owner.userId),
    ).toBeGreaterThanOrEqual(1);
  });

  it("refuses bad input, strangers and other creators", async () => {
    expect((await new Browser().postJson("/api/app-builder/buildBrainstorm", { interest: "yoga" })).status).toBe(401);
    const missing = await owner.browser.postJson("/api/app-builder/buildBrainstorm", {});
    expect(missing.status).toBe(400);
    expect((await json(missing)).error).toBe("Tell us what your app is about");
    const short = await owner.browser.postJson("/api/app-builder/buildBrainstorm", { interest: "a" });
    expect((await json(short)).error).toBe("Tell us what your app is about (at least 3 characters)");
    const long = await owner.browser.postJson("/api/app-builder/buildBrainstorm", {
      interest: "yoga",
      expertise: "x".repeat(501),
    });
    expect(long.status).toBe(400);

    const id = await brainstorm(owner.browser, { interest: "guitar for adult beginners" });
    for (const path of ["getBrainstormStatus", "getBrainstormApps"]) {
      const theirs = await other.browser.get(`/api/app-builder/${path}?brainstormId=${id}`);
      expect(theirs.status).toBe(403);
      expect((await json(theirs)).error).toBe(brainstormMessages.notYours);
      expect((await owner.browser.get(`/api/app-builder/${path}?brainstormId=nope`)).status).toBe(404);
      expect((await owner.browser.get(`/api/app-builder/${path}`)).status).toBe(400);
    }
  });

  it("a failed brainstorm answers its error string", async () => {
    const id = await brainstorm(owner.browser, { interest: "chess openings" });
    await env.DB.prepare("UPDATE brainstorms SET status = 'failed', error = ?1 WHERE id = ?2")
      .bind(brainstormMessages.failed, id)
      .run();
    const answer = await json(await owner.browser.get(`/api/app-builder/getBrainstormApps?brainstormId=${id}`));
    expect(answer.response).toEqual({ status: "failed", error: brainstormMessages.failed });
  });
});

describe("building an app", () => {
  it("builds the second idea of a brainstorm through a job; its status is the creator's alone", async () => {
    const id = await brainstorm(owner.browser, { interest: "yoga for desk workers" });
    const ideas = (await json(await owner.browser.get(`/api/app-builder/getBrainstormApps?brainstormId=${id}`)))
      .response.apps as { name: string }[];
    const started = await owner.browser.postJson("/api/app-builder/buildApp", { brainstormId: id, index: 1 });
    expect(started.status).toBe(202);
    const { jobId, appId, statusUrl } = (await json(started)).response as {
      jobId: string;
      appId: string;
      statusUrl: string;
    };
    expect(statusUrl).toBe(`/api/jobs/${jobId}`);
    expect((await other.browser.get(statusUrl)).status).toBe(403);
    expect((await new Browser().get(statusUrl)).status).toBe(401);
    const done = await until(
      async () => (await json(await owner.browser.get(statusUrl))).response,
      (r) => r.status === "completed",
    );
    expect(done).toMatchObject({ jobId, kind: "build-app", status: "completed", progress: 100 });
    const app = await env.DB.prepare(
      "SELECT user_id, name, theme, onboarding_flow, landing_page FROM apps WHERE id = ?",
    )
      .bind(appId)
      .first<{ user_id: string; name: string; theme: string; onboarding_flow: string; landing_page: string }>();
    expect(app).toMatchObject({ user_id: owner.userId, name: ideas[1]!.name });
    expect(app!.onboarding_flow).toMatch(/yoga/i);
    // A hero picture made for it, stored in R2 under the app's own key (marked as the designed cover the
    // embedded default makes), served as a PNG.
    const imageUrl = JSON.parse(app!.landing_page).hero.imageUrl as string;
    expect(imageUrl).toBe(`/media/app-images/${owner.userId}/${appId}-hero-cover.png`);
    const picture = await owner.browser.get(imageUrl);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await picture.arrayBuffer()).slice(1, 4)).toEqual(new TextEncoder().encode("PNG"));
    expect(await count("SELECT count(*) AS n FROM app_versions WHERE app_id = ? AND reason = 'create'", appId)).toBe(4);
    expect(await count("SELECT count(*) AS n FROM app_blueprints WHERE app_id = ?", appId)).toBe(1);
  });

  it("refuses another creator's brainstorm, an index out of range and an unfinished brainstorm", async () => {
    const id = await brainstorm(owner.browser, { interest: "piano for kids" });
    const theirs = await other.browser.postJson("/api/app-builder/buildApp", { brainstormId: id, index: 0 });
    expect(theirs.status).toBe(403);
    const out = await owner.browser.postJson("/api/app-builder/buildApp", { brainstormId: id, index: 9 });
    expect(out.status).toBe(400);
    expect((await json(out)).error).toBe("index is out of range");
    const fourth = await owner.browser.postJson("/api/app-builder/buildApp", { brainstormId: id, index: "x" });
    expect(fourth.status).toBe(400);
    await env.DB.prepare("UPDATE brainstorms SET status = 'pending' WHERE id = ?").bind(id).run();
    const early = await owner.browser.postJson("/api/app-builder/buildApp", { brainstormId: id, index: 0 });
    expect(early.status).toBe(409);
    expect((await json(early)).error).toBe(brainstormMessages.notReady);
    expect((await owner.browser.get("/api/jobs/not-a-job")).status).toBe(404);
  });

  it("writes the app exactly once however often the build's result is written", async () => {
    const quiet = () => testApp({ bindings: { ...testApp().bindings, Jobs: undefined } });
    const started = await owner.browser.postJson("/api/app-builder/buildApp", {
      appIdea: "Chess openings for club players",
    });
    const { jobId, appId } = (await json(started)).response as { jobId: string; appId: string };
    // The Durable Object may be running it too: both paths end in one app.
    const job = (await jobById(quiet(), jobId))!;
    const statements = await buildAppJobHandler.work(quiet(), job as never);
    const results = await Promise.all([completeJob(quiet(), job, statements), completeJob(quiet(), job, statements)]);
    expect(results.filter(Boolean).length).toBeLessThanOrEqual(1);
    await until(
      async () => (await jobById(quiet(), jobId))!.status,
      (s) => s === "completed",
    );
    expect(await advanceJob(quiet(), jobId, {})).toBeNull();
    expect(await count("SELECT count(*) AS n FROM apps WHERE id = ?", appId)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM app_versions WHERE app_id = ?", appId)).toBe(4);
  });

  it("past the day's AI generations: 429 with the tier that allows more, and nothing made", async () => {
    const { browser, userId } = await signUp("brainstorm-quota");
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: 20 }, () =>
        env.DB.prepare(
          "INSERT INTO ai_units (id, day, creator_id, task, created_at) VALUES (?1, ?2, ?3, 'brainstorm', ?4)",
        ).bind(`call:${crypto.randomUUID()}:1`, now - (now % 86_400_000), userId, now),
      ),
    );
    const refused = await browser.postJson("/api/app-builder/buildBrainstorm", { interest: "yoga" });
    expect(refused.status).toBe(429);
    expect((await json(refused)).error).toBe(
      "You have used all 20 of today's AI generations. The Starter tier allows 50 a day.",
    );
    const build = await browser.postJson("/api/app-builder/buildApp", { appIdea: "Yoga for desk workers at home" });
    expect(build.status).toBe(429);
    expect(await count("SELECT count(*) AS n FROM brainstorms WHERE user_id = ?", userId)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM jobs WHERE input LIKE ?", `%${userId}%`)).toBe(0);
    // The page says it too, with the text kept.
    const page = await browser.post("/dashboard/builder/brainstorm", { interest: "yoga" });
    expect(page.status).toBe(429);
    expect(await html(page)).toContain("The Starter tier allows 50 a day.");
  });
});

describe("the brainstorm pages, without JavaScript", () => {
  it("type an interest, wait for the ideas, build one, land in the builder", async () => {
    const { browser } = await signUp("brainstorm-page");
    const form = await browser.get("/dashboard/builder/brainstorm");
    expect(form.status).toBe(200);
    expect(await html(form)).toContain("What is your app about?");
    const bad = await browser.post("/dashboard/builder/brainstorm", { interest: "" });
    expect(bad.status).toBe(400);
    expect(await html(bad)).toContain("Tell us what your app is about");

    const started = await browser.post("/dashboard/builder/brainstorm", { interest: "yoga", audience: "desk workers" });
    expect(started.status).toBe(303);
    const path = started.headers.get("location")!;
    expect(path).toMatch(/^\/dashboard\/builder\/brainstorm\/[0-9a-f-]{36}$/);
    expect((await other.browser.get(path)).status).toBe(403);
    const ready = await until(
      async () => html(await browser.get(path)),
      (page) => page.includes("Build this app"),
    );
    expect(ready).toContain("Yoga for Desk Workers");
    expect(ready).toContain("Sample onboarding questions");

    const build = await browser.post(path, { intent: "build", index: "1" });
    expect(build.status).toBe(303);
    const progress = build.headers.get("location")!;
    expect(progress).toMatch(/^\/dashboard\/builder\/jobs\/[0-9a-f-]{36}$/);
    expect((await other.browser.get(progress)).status).toBe(403);
    const opened = await until(
      async () => browser.get(progress),
      (r) => r.status === 302,
    );
    expect(opened.headers.get("location")).toMatch(/^\/dashboard\/builder\?appId=[0-9a-f-]{36}$/);
    // The list of brainstorms shows it.
    expect(await html(await browser.get("/dashboard/builder/brainstorm"))).toContain("desk workers");
  });
});
