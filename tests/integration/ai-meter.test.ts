// The AI meter in workerd against D1: races of 20–30 concurrent callers on a creator's daily
// generations, an end user's day on an app and the app's shared budget (at most the limit accepted,
// each refusal a 429 with Retry-After), identical builds merged into one, builds of the same name
// never failing on the slug, job retries claiming nothing again, and failed jobs answering the
// product's words.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { END_USER_AI_UNITS_PER_DAY, FREE_AI_GENERATIONS_PER_DAY, utcDayStart } from "~/features/apps/ai-meter";
import { newAppIds } from "~/features/apps/creator-apps.server";
import { BUILD_DEDUPE_MS, buildAppJobHandler, startBuildApp } from "~/features/builder/build-app.server";
import { advanceJob, claimJob, completeJob, jobById, queueJob, type JobRecord } from "~/features/jobs/jobs.server";
import { jobMessages } from "~/features/jobs/rules";
import { call, testApp } from "./app-context";
import { ORIGIN, count, signUp, type Browser } from "./commerce-helpers";
import { builtApp, until } from "./builder-helpers";

const B = "/api/app-builder";
type Answer = { status: number; retryAfter: string | null; body: any };

async function post(browser: Browser, path: string, body: unknown): Promise<Answer> {
  const response = await call(path, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: ORIGIN,
      Host: new URL(ORIGIN).host,
      Cookie: browser.cookieHeader,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), body: await response.json() };
}

async function get(browser: Browser, path: string): Promise<Answer> {
  const response = await browser.get(path);
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), body: await response.json() };
}

/** A job's runner is not needed: the test steps the jobs itself. */
const quietApp = (now = Date.now()) => testApp({ now, bindings: { ...testApp().bindings, Jobs: undefined } });

/** `n` units of the day already spent, as earlier calls would have left them. */
async function spend(n: number, who: { creatorId: string } | { appId: string; endUser: string }) {
  const now = Date.now();
  const creatorId = "creatorId" in who ? who.creatorId : null;
  const appId = "appId" in who ? who.appId : null;
  const endUser = "endUser" in who ? who.endUser : null;
  for (let i = 0; i < n; i += 50)
    await env.DB.batch(
      Array.from({ length: Math.min(50, n - i) }, () =>
        env.DB.prepare(
          "INSERT INTO ai_units (id, day, creator_id, app_id, end_user, task, created_at) VALUES (?1, ?2, ?3, ?4, ?5, 'earlier', ?6)",
        ).bind(`call:${crypto.randomUUID()}:1`, utcDayStart(now), creatorId, appId, endUser, now),
      ),
    );
}

const creatorUnits = (userId: string) => count("SELECT count(*) AS n FROM ai_units WHERE creator_id = ?", userId);

const accepted = (answers: Answer[]) => answers.filter((a) => a.status >= 200 && a.status < 300);

/** Each refusal: a 429 with a wait until midnight UTC and the meter's words (as `detail`, which every failure body has). */
function expectRefusals(answers: Answer[], message: string) {
  for (const refused of answers.filter((a) => a.status >= 300)) {
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(86_400);
    expect(refused.body.detail).toBe(message);
  }
}

const QUOTA = `You have used all ${FREE_AI_GENERATIONS_PER_DAY} of today's AI generations. The Starter tier allows 50 a day.`;

describe("a creator's daily generations under concurrent requests", () => {
  it("30 concurrent brainstorms on a fresh account: exactly the day's 20 accepted, 10 refused with Retry-After", async () => {
    const { browser, userId } = await signUp("meter-brainstorms");
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post(browser, `${B}/buildBrainstorm`, { interest: `yoga idea ${i}` })),
    );
    expect(accepted(answers)).toHaveLength(FREE_AI_GENERATIONS_PER_DAY);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(30 - FREE_AI_GENERATIONS_PER_DAY);
    expectRefusals(answers, QUOTA);
    expect(await count("SELECT count(*) AS n FROM brainstorms WHERE user_id = ?", userId)).toBe(20);
    expect(await creatorUnits(userId)).toBe(20);
    // Their jobs run, and claim nothing more.
    await until(
      () => count("SELECT count(*) AS n FROM brainstorms WHERE user_id = ? AND status = 'pending'", userId),
      (n) => n === 0,
    );
    expect(await creatorUnits(userId)).toBe(20);
  }, 60_000);

  it("at 19 of 20, 20 concurrent builds: one accepted, one job, the account ends at 20 of 20", async () => {
    const { browser, userId } = await signUp("meter-builds");
    await spend(19, { creatorId: userId });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(browser, `${B}/buildApp`, { appIdea: `Watercolour landscapes ${i}` })),
    );
    expect(accepted(answers)).toHaveLength(1);
    expectRefusals(answers, QUOTA);
    expect(await count("SELECT count(*) AS n FROM jobs WHERE kind = 'build-app' AND input LIKE ?", `%${userId}%`)).toBe(
      1,
    );
    expect(await creatorUnits(userId)).toBe(20);
  });

  it("at 15 of 20, 20 concurrent blueprint helps: 5 answered, 15 refused, the account ends at 20 of 20", async () => {
    const { browser, userId } = await signUp("meter-help");
    const appId = await builtApp(browser, "Sourdough bread baking at home");
    await spend(15 - (await creatorUnits(userId)), { creatorId: userId });
    expect(await creatorUnits(userId)).toBe(15);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => get(browser, `${B}/getBlueprintHelpForApp?appId=${appId}`)),
    );
    expect(accepted(answers)).toHaveLength(5);
    expectRefusals(answers, QUOTA);
    expect(await creatorUnits(userId)).toBe(20);
  }, 60_000);
});

describe("builds", () => {
  it("20 concurrent identical builds are one build: one job, one app, every answer names it", async () => {
    const { browser, userId } = await signUp("meter-same-idea");
    const idea = "Competitive chess: openings for club players rated 1200-1600";
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(browser, `${B}/buildApp`, { appIdea: idea })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(202));
    const jobIds = new Set(answers.map((a) => a.body.response.jobId));
    const appIds = new Set(answers.map((a) => a.body.response.appId));
    expect(jobIds.size).toBe(1);
    expect(appIds.size).toBe(1);
    const [jobId] = jobIds;
    await until(
      async () => (await jobById(testApp(), jobId!))!.status,
      (s) => s === "completed",
    );
    expect(await count("SELECT count(*) AS n FROM apps WHERE user_id = ?", userId)).toBe(1);
    expect(await creatorUnits(userId)).toBe(1);
    // The same idea (spaced and cased otherwise) within the window is still the same build.
    const again = await post(browser, `${B}/buildApp`, { appIdea: `  ${idea.toUpperCase()} ` });
    expect(again.body.response.jobId).toBe(jobId);
    // After the window it is a new build.
    const later = await startBuildApp(quietApp(Date.now() + BUILD_DEDUPE_MS + 1), userId, { appIdea: idea });
    expect(later.jobId).not.toBe(jobId);
  }, 60_000);

  it("20 builds of apps with the same name finishing at once all complete, each with its own slug", async () => {
    const { userId } = await signUp("meter-same-name");
    const app = quietApp();
    const ids = Array.from({ length: 20 }, () => crypto.randomUUID());
    await app.db.batch(
      ids.map((id, i) =>
        queueJob(app, {
          id,
          kind: "build-app",
          dedupeKey: `test-same-name:${id}`,
          input: { ...newAppIds(), userId, idea: `Desk yoga, take ${i}`, name: "Desk Yoga", brainstormId: null },
        }),
      ) as [ReturnType<typeof queueJob>, ...ReturnType<typeof queueJob>[]],
    );
    // Every job reads and works before any writes: the old read-then-write slug picked the same one for all.
    const worked = await Promise.all(
      ids.map(async (id) => {
        const claimed = (await claimJob(app, (await jobById(app, id))!))!;
        return { job: claimed, result: await buildAppJobHandler.work(app, claimed as JobRecord<never>) };
      }),
    );
    const done = await Promise.all(worked.map(({ job, result }) => completeJob(app, job, result)));
    expect(done).toEqual(Array(20).fill(true));
    const slugs = await env.DB.prepare("SELECT app_slug FROM apps WHERE user_id = ? ORDER BY created_at")
      .bind(userId)
      .all<{ app_slug: string }>();
    expect(slugs.results).toHaveLength(20);
    expect(new Set(slugs.results.map((r) => r.app_slug)).size).toBe(20);
    expect(slugs.results.map((r) => r.app_slug)).toContain("desk-yoga");
    expect(slugs.results.map((r) => r.app_slug)).toContain("desk-yoga-20");
  }, 60_000);

  it("a retried build claims nothing again; a failed build answers the product's words, never the database's", async () => {
    const { browser, userId } = await signUp("meter-retry");
    const { jobId } = await startBuildApp(quietApp(), userId, { appIdea: "Beekeeping for city dwellers" });
    const job = (await claimJob(quietApp(), (await jobById(quietApp(), jobId))!))!;
    await buildAppJobHandler.work(quietApp(), job as JobRecord<never>);
    await buildAppJobHandler.work(quietApp(), job as JobRecord<never>);
    expect(await creatorUnits(userId)).toBe(1);

    const failing = {
      "build-app": {
        work: async () => {
          throw new Error("D1_ERROR: UNIQUE constraint failed: apps.storefront_slug, apps.app_slug: SQLITE_CONSTRAINT");
        },
      },
    };
    const { jobId: failed } = await startBuildApp(quietApp(), userId, { appIdea: "Knots for sailors" });
    let now = Date.now();
    for (let i = 0; i < 60; i++) {
      const next = await advanceJob(quietApp(now), failed, failing);
      if (next === null) break;
      now = Math.max(next, now + 1);
    }
    expect((await jobById(testApp(), failed))!.status).toBe("failed");
    const status = await browser.get(`/api/jobs/${failed}`);
    const text = await status.text();
    expect(text).not.toMatch(/D1_ERROR|SQLITE|constraint/i);
    expect(JSON.parse(text).response).toMatchObject({ status: "failed", error: jobMessages.failed });
    // Its unit stays claimed once: five attempts, one unit.
    expect(await creatorUnits(userId)).toBe(2);
  }, 60_000);
});

describe("an end user's day on an app and the app's budget", () => {
  let owner: { browser: Browser; userId: string };
  let appId: string;

  beforeAll(async () => {
    owner = await signUp("meter-app-owner");
    appId = await builtApp(owner.browser, "Recovering from knee surgery: a gentle routine");
    // An activity with a picture card: end users' pictures are made by its brief.
    const blueprint = (await (await owner.browser.get(`${B}/getBlueprintForApp?appId=${appId}`)).json()) as any;
    const activity = {
      id: "knee-log",
      kind: "activity",
      title: "Log your knee",
      cards: [
        { id: "feel", kind: "input", inputType: "short-text", prompt: "How did it feel?" },
        { id: "art", kind: "image", title: "Your knee card", generationPrompt: "A calm knee card", inputIds: ["feel"] },
      ],
    };
    const items = [...blueprint.response.blueprint.items, activity];
    const saved = await owner.browser.postJson(`${B}/updateBlueprint`, {
      appId,
      blueprint: { ...blueprint.response.blueprint, items },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
  }, 60_000);

  async function member(prefix: string) {
    const user = await signUp(prefix);
    await env.DB.prepare(
      "INSERT INTO personalized_plans (id, app_id, subject, testing_step_id, status, created_at, updated_at) VALUES (?, ?, ?, '', 'completed', ?, ?)",
    )
      .bind(crypto.randomUUID(), appId, user.userId, Date.now(), Date.now())
      .run();
    return user;
  }

  const picture = (browser: Browser, userId: string) =>
    post(browser, `${B}/generateImageFromInputs`, {
      appId,
      userId,
      mediaUrls: [],
      mediaTypes: [],
      generationPrompt: "A calm knee card",
      cardContext: "Your knee card",
      inputContext: [{ label: "How it felt", value: "Easier than yesterday" }],
    });

  it("25 concurrent pictures near the end of an end user's day: only what is left is made; the owner's day is untouched", async () => {
    const { browser, userId } = await member("meter-member");
    await spend(END_USER_AI_UNITS_PER_DAY - 3, { appId, endUser: userId });
    const ownerBefore = await creatorUnits(owner.userId);
    const answers = await Promise.all(Array.from({ length: 25 }, () => picture(browser, userId)));
    expect(accepted(answers)).toHaveLength(3);
    expectRefusals(
      answers,
      `You have used all ${END_USER_AI_UNITS_PER_DAY} of today's AI requests in this app. More are available from midnight UTC.`,
    );
    const pictures = await env.DB.prepare("SELECT count(*) AS n FROM user_media_uploads WHERE user_id = ?")
      .bind(userId)
      .first<{ n: number }>();
    expect(pictures?.n ?? 0).toBeLessThanOrEqual(3);
    expect(await count("SELECT count(*) AS n FROM ai_units WHERE app_id = ? AND end_user = ?", appId, userId)).toBe(
      END_USER_AI_UNITS_PER_DAY,
    );
    expect(await creatorUnits(owner.userId)).toBe(ownerBefore);
  }, 60_000);

  it("the app's budget bounds all its end users together: past it, every end user is refused", async () => {
    const { browser, userId } = await member("meter-member-budget");
    const spent = await count(
      "SELECT count(*) AS n FROM ai_units WHERE app_id = ? AND day = ? AND end_user IS NOT NULL",
      appId,
      utcDayStart(Date.now()),
    );
    // The creator has no studio tier: the free budget is 100 a day.
    await spend(99 - spent, { appId, endUser: "anon_someone-else" });
    const answers = await Promise.all(Array.from({ length: 20 }, () => picture(browser, userId)));
    expect(accepted(answers)).toHaveLength(1);
    expectRefusals(answers, "This app has used all of today's AI requests. More are available from midnight UTC.");
  }, 60_000);
});
