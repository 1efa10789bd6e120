// Onboarding and personalized plans in workerd against D1: every JSON endpoint (good, bad input,
// someone else's app or testing variant refused, the anonymous header), the pages without
// JavaScript, linking at sign-in, and the plan job: claim, progress, retries, a runner killed
// mid-way that resumes and finishes exactly once, the sweep.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Plan } from "~/db/app-content";
import {
  createPersonalizedPlan,
  advancePlanJob,
  finishJob,
  jobById,
  planRow,
  sweepStuckJobs,
} from "~/features/plans/plans.server";
import { generatePlan } from "~/features/plans/generator";
import { jobMessages, LEASE_MS } from "~/features/jobs/rules";
import { planMessages, planRoom } from "~/features/plans/rules";
import type { PlanAdapter } from "~/features/plans/ai.server";
import { demoAppStatements, DEMO_APP_ID, DEMO_ONBOARDING_FLOW } from "../tools/apps-sql.mjs";
import { testApp } from "./app-context";
import { Browser, count, signUp } from "./commerce-helpers";

const S1 = "marisol-vega";
const S2 = "half-marathon";
const API = (name: string, s1 = S1, s2 = S2) => `/api/apps/${name}/${s1}/${s2}`;
const anonId = () => `anon_${crypto.randomUUID()}`;
const ANSWERS = {
  goal: "sub2",
  currentLevel: "beginner",
  longestRunKm: 8,
  daysPerWeek: 4,
  extras: ["strength"],
};
const H = (id: string) => ({ "X-Non-Auth-User-Id": id });

let owner: { browser: Browser; userId: string; email: string };
let other: { browser: Browser; userId: string; email: string };

/** An app of `ownerId`, not published, with the demo's draft content. */
async function unpublishedApp(ownerId: string, slug: string) {
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO apps (id, user_id, storefront_slug, app_slug, name, landing_page, theme, onboarding_flow, created_at, updated_at)
     SELECT ?1, ?2, 'draft-store', ?3, 'Draft app', landing_page, theme, onboarding_flow, ?4, ?4 FROM apps WHERE id = ?5`,
  )
    .bind(crypto.randomUUID(), ownerId, slug, now, DEMO_APP_ID)
    .run();
}

/** Runs a job's steps the way its Durable Object's alarms would, with the clock moved to each step's time. */
async function runJob(jobId: string, adapter?: PlanAdapter, start = Date.now()): Promise<number> {
  let now = start;
  for (let steps = 1; steps < 50; steps++) {
    const next = await advancePlanJob(
      testApp({
        now,
        bindings: { ...testApp().bindings, Jobs: undefined },
      }),
      jobId,
      adapter,
    );
    if (next === null) return steps;
    now = Math.max(next, now + 1);
  }
  throw new Error("job never finished");
}

/** A context whose plan kicks do not reach a Durable Object: the test drives the steps itself. */
const quietApp = (now = Date.now()) => testApp({ now, bindings: { ...testApp().bindings, Jobs: undefined } });

beforeAll(async () => {
  owner = await signUp("plans-owner");
  other = await signUp("plans-other");
  await env.DB.batch(demoAppStatements(Date.now(), owner.userId).map((s: string) => env.DB.prepare(s)));
  await unpublishedApp(owner.userId, "unpublished");
});

describe("GET /api/apps/getAppOnboardingFlow", () => {
  it("answers the published flow; 404 for an unknown or unpublished app; 405 for POST", async () => {
    const ok = await new Browser().get(API("getAppOnboardingFlow"));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      status: "success",
      flow: DEMO_ONBOARDING_FLOW,
    });
    expect((await new Browser().get(API("getAppOnboardingFlow", S1, "nope"))).status).toBe(404);
    expect((await new Browser().get(API("getAppOnboardingFlow", "draft-store", "unpublished"))).status).toBe(404);
    expect((await new Browser().postJson(API("getAppOnboardingFlow"), {})).status).toBe(405);
  });
});

describe("onboarding user state", () => {
  it("saves and reads by the X-Non-Auth-User-Id header; each visitor sees only their own", async () => {
    const id = anonId();
    const browser = new Browser();
    const saved = await browser.postJson(
      API("saveOnboardingUserState"),
      {
        userState: { goal: "finish" },
        pagesInfo: { currentPageId: "level", completedPageIds: ["goal"] },
      },
      H(id),
    );
    expect(saved.status).toBe(200);
    const read = await browser.get(API("getOnboardingUserState"), H(id));
    expect(await read.json()).toMatchObject({
      response: {
        userState: { goal: "finish" },
        pagesInfo: { currentPageId: "level", completedPageIds: ["goal"] },
      },
    });
    const someoneElse = await browser.get(API("getOnboardingUserState"), H(anonId()));
    expect(await someoneElse.json()).toMatchObject({
      response: { userState: {}, pagesInfo: { completedPageIds: [] } },
    });
  });

  it("refuses a malformed header, no identity at all, bad bodies and GET", async () => {
    const browser = new Browser();
    const bad = await browser.postJson(
      API("saveOnboardingUserState"),
      { userState: {}, pagesInfo: {} },
      H("anon_nope"),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: "X-Non-Auth-User-Id must be 'anon_' followed by a UUID",
    });
    expect(
      (
        await browser.postJson(API("saveOnboardingUserState"), {
          userState: {},
          pagesInfo: {},
        })
      ).status,
    ).toBe(401);
    const missing = await browser.postJson(API("saveOnboardingUserState"), { userState: {} }, H(anonId()));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      error: "pagesInfo is required",
    });
    expect(
      (await browser.postJson(API("saveOnboardingUserState"), { userState: [1], pagesInfo: {} }, H(anonId()))).status,
    ).toBe(400);
    expect((await browser.postJson(API("saveOnboardingUserState"), "{oops", H(anonId()))).status).toBe(400);
    expect((await browser.get(API("saveOnboardingUserState"), H(anonId()))).status).toBe(405);
    expect(
      (
        await browser.postJson(
          API("saveOnboardingUserState", S1, "nope"),
          { userState: {}, pagesInfo: {} },
          H(anonId()),
        )
      ).status,
    ).toBe(404);
  });

  it("signed-in users are their own subject", async () => {
    const { browser, userId } = await signUp("plans-state");
    await browser.postJson(API("saveOnboardingUserState"), {
      userState: { goal: "pb" },
      pagesInfo: {},
    });
    expect(
      await count("SELECT count(*) AS n FROM onboarding_states WHERE subject = ? AND user_id = ?", userId, userId),
    ).toBe(1);
  });
});

describe("the ForTesting variants (the owner's preview)", () => {
  it("the owner saves and reads apart from real users, on the draft of an unpublished app too", async () => {
    const body = {
      userState: { goal: "pb" },
      pagesInfo: { currentPageId: "level" },
      testingStepId: "preview",
    };
    expect((await owner.browser.postJson(API("saveOnboardingUserStateForTesting"), body)).status).toBe(200);
    expect(
      (await owner.browser.postJson(API("saveOnboardingUserStateForTesting", "draft-store", "unpublished"), body))
        .status,
    ).toBe(200);
    const read = await owner.browser.get(`${API("getOnboardingUserStateForTesting")}?testingStepId=preview`);
    expect(await read.json()).toMatchObject({
      response: { userState: { goal: "pb" } },
    });
    const real = await owner.browser.get(API("getOnboardingUserState"));
    expect(await real.json()).toMatchObject({ response: { userState: {} } });
    expect(
      await count(
        "SELECT count(*) AS n FROM onboarding_states WHERE subject = ? AND testing_step_id = 'preview'",
        owner.userId,
      ),
    ).toBe(2);
  });

  it("someone else's app is refused (403), visitors must sign in (401), the step id is checked (400)", async () => {
    const body = { userState: {}, pagesInfo: {}, testingStepId: "preview" };
    const refused = await other.browser.postJson(API("saveOnboardingUserStateForTesting"), body);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: "You do not have access to this app",
    });
    expect((await other.browser.get(`${API("getOnboardingUserStateForTesting")}?testingStepId=preview`)).status).toBe(
      403,
    );
    expect(
      (
        await other.browser.postJson(API("createPersonalizedPlanForTesting"), {
          testingStepId: "preview",
          userState: ANSWERS,
        })
      ).status,
    ).toBe(403);
    expect((await new Browser().postJson(API("saveOnboardingUserStateForTesting"), body, H(anonId()))).status).toBe(
      401,
    );
    expect(
      (
        await owner.browser.postJson(API("saveOnboardingUserStateForTesting"), {
          ...body,
          testingStepId: "no spaces",
        })
      ).status,
    ).toBe(400);
    expect((await owner.browser.get(API("getOnboardingUserStateForTesting"))).status).toBe(400);
  });

  it("a preview plan is kept apart and checked with the testingStepId", async () => {
    const made = await owner.browser.postJson(API("createPersonalizedPlanForTesting"), {
      testingStepId: "preview",
      userState: ANSWERS,
    });
    expect(await made.json()).toMatchObject({ status: "pending" });
    const row = await planRow(testApp(), DEMO_APP_ID, owner.userId, "preview");
    await runJob(row!.jobId!);
    const status = await owner.browser.get(
      `/api/apps/checkPlanStatus/${owner.userId}/${S1}/${S2}?testingStepId=preview`,
    );
    expect(await status.json()).toMatchObject({ status: "completed" });
    const real = await owner.browser.get(`/api/apps/checkPlanStatus/${owner.userId}/${S1}/${S2}`);
    expect(await real.json()).toMatchObject({
      status: "not_found",
      plan: null,
    });
  });
});

describe("completion, plans and checkPlanStatus", () => {
  it("completeOnboarding checks the answers, stores them, and requests one plan even when sent twice", async () => {
    const id = anonId();
    const browser = new Browser();
    const invalid = await browser.postJson(
      API("completeOnboarding"),
      { finalUserState: { goal: "sub2" }, pagesInfo: {} },
      H(id),
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      error: "currentLevel: This question needs an answer",
    });
    expect(await count("SELECT count(*) AS n FROM jobs WHERE dedupe_key LIKE ?", `%${id}%`)).toBe(0);

    const [a, b] = await Promise.all([
      browser.postJson(API("completeOnboarding"), { finalUserState: ANSWERS, pagesInfo: {} }, H(id)),
      browser.postJson(API("completeOnboarding"), { finalUserState: ANSWERS, pagesInfo: {} }, H(id)),
    ]);
    expect(await a.json()).toMatchObject({
      status: "success",
      planStatus: "pending",
    });
    expect(b.status).toBe(200);
    const again = await browser.postJson(
      API("createPersonalizedPlan"),
      { userState: ANSWERS, forceRegenerate: false },
      H(id),
    );
    expect(await again.json()).toMatchObject({
      status: expect.stringMatching(/pending|completed/),
    });
    expect(await count("SELECT count(*) AS n FROM jobs WHERE dedupe_key LIKE ?", `%${id}%`)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM personalized_plans WHERE subject = ?", id)).toBe(1);
    const state = await env.DB.prepare("SELECT completed_at, final_user_state FROM onboarding_states WHERE subject = ?")
      .bind(id)
      .first<{ completed_at: number; final_user_state: string }>();
    expect(state!.completed_at).toBeGreaterThan(0);
    expect(JSON.parse(state!.final_user_state)).toEqual(ANSWERS);

    const row = await planRow(testApp(), DEMO_APP_ID, id, "");
    await runJob(row!.jobId!);
    const status = await browser.get(`/api/apps/checkPlanStatus/${id}/${S1}/${S2}`, H(id));
    const body = (await status.json()) as {
      status: string;
      plan: Plan;
      progress: number;
    };
    expect(body.status).toBe("completed");
    expect(body.progress).toBe(100);
    expect(body.plan.phases).toHaveLength(13);
    expect(body.plan.timeToTargetLabel).toBe("Time to Race Day");
    expect(body.plan.title).toContain("4 days a week");
  });

  it("forceRegenerate makes a new plan: a new generation, a new job", async () => {
    const id = anonId();
    const browser = new Browser();
    await browser.postJson(API("createPersonalizedPlan"), { userState: ANSWERS }, H(id));
    const first = await planRow(testApp(), DEMO_APP_ID, id, "");
    await runJob(first!.jobId!);
    const forced = await browser.postJson(
      API("createPersonalizedPlan"),
      {
        userState: { ...ANSWERS, currentLevel: "advanced" },
        forceRegenerate: true,
      },
      H(id),
    );
    expect(await forced.json()).toMatchObject({ status: "pending" });
    const second = await planRow(testApp(), DEMO_APP_ID, id, "");
    expect(second!.jobId).not.toBe(first!.jobId);
    expect(second!.id).toBe(first!.id);
    expect(second!.status).toBe("pending");
    expect(await count("SELECT count(*) AS n FROM jobs WHERE dedupe_key LIKE ?", `%${id}%`)).toBe(2);
    expect((await jobById(testApp(), second!.jobId!))!.input.generation).toBe(2);
  });

  it("forceRegenerate alone, for a plan asked through the API only, is made from the answers that plan was made from", async () => {
    const id = anonId();
    const browser = new Browser();
    await browser.postJson(API("createPersonalizedPlan"), { userState: ANSWERS }, H(id));
    const first = await planRow(testApp(), DEMO_APP_ID, id, "");
    await runJob(first!.jobId!);
    const forced = await browser.postJson(API("createPersonalizedPlan"), { forceRegenerate: true }, H(id));
    expect(forced.status).toBe(200);
    const second = await planRow(testApp(), DEMO_APP_ID, id, "");
    expect(second!.jobId).not.toBe(first!.jobId);
    expect((await jobById(testApp(), second!.jobId!))!.input.userState).toEqual(
      (await jobById(testApp(), first!.jobId!))!.input.userState,
    );
  });

  it("userState.planRegenerationRequested asks for a new plan too, and is not an answer the plan reads", async () => {
    const id = anonId();
    const browser = new Browser();
    await browser.postJson(API("createPersonalizedPlan"), { userState: ANSWERS }, H(id));
    const first = await planRow(testApp(), DEMO_APP_ID, id, "");
    await runJob(first!.jobId!);
    // The same answers again: the plan is kept.
    await browser.postJson(API("createPersonalizedPlan"), { userState: ANSWERS }, H(id));
    expect((await planRow(testApp(), DEMO_APP_ID, id, ""))!.jobId).toBe(first!.jobId);
    await browser.postJson(
      API("createPersonalizedPlan"),
      { userState: { ...ANSWERS, planRegenerationRequested: true } },
      H(id),
    );
    const second = await planRow(testApp(), DEMO_APP_ID, id, "");
    expect(second!.jobId).not.toBe(first!.jobId);
    const job = (await jobById(testApp(), second!.jobId!))!;
    expect(job.input.generation).toBe(2);
    expect(job.input.userState).not.toHaveProperty("planRegenerationRequested");
  });

  it("createPersonalizedPlan checks userState as completeOnboarding does: 400 in the same words, no plan, no job", async () => {
    const id = anonId();
    const browser = new Browser();
    const bad = { goal: "not-an-option", daysPerWeek: 999 };
    const completion = await browser.postJson(
      API("completeOnboarding"),
      { finalUserState: bad, pagesInfo: {} },
      H(anonId()),
    );
    expect(completion.status).toBe(400);
    const { error } = (await completion.json()) as { error: string };
    expect(error).toBe("goal: Choose one of the options");

    const refused = await browser.postJson(API("createPersonalizedPlan"), { userState: bad }, H(id));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ status: "error", error, detail: error });
    // A number out of range, a missing required answer: each refused with its question's words.
    const tooMany = await browser.postJson(
      API("createPersonalizedPlan"),
      { userState: { ...ANSWERS, daysPerWeek: 999 }, forceRegenerate: true },
      H(id),
    );
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ error: expect.stringMatching(/^daysPerWeek: Enter \d+ or less$/) });
    const missing = await browser.postJson(API("createPersonalizedPlan"), { userState: { goal: "sub2" } }, H(id));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: "currentLevel: This question needs an answer" });
    expect(await count("SELECT count(*) AS n FROM personalized_plans WHERE subject = ?", id)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM jobs WHERE dedupe_key LIKE ?", `%${id}%`)).toBe(0);

    // Good answers arrive typed, as completeOnboarding stores them ("4" is the number 4).
    const made = await browser.postJson(
      API("createPersonalizedPlan"),
      { userState: { ...ANSWERS, daysPerWeek: "4", longestRunKm: "8" } },
      H(id),
    );
    expect(made.status).toBe(200);
    const row = (await planRow(testApp(), DEMO_APP_ID, id, ""))!;
    expect((await jobById(testApp(), row.jobId!))!.input.userState).toEqual(ANSWERS);
  });

  it("createPersonalizedPlan without userState uses the stored answers, checked: never a plan from nothing", async () => {
    const browser = new Browser();
    // No onboarding at all: nothing to make a plan from.
    const nobody = anonId();
    const none = await browser.postJson(API("createPersonalizedPlan"), { forceRegenerate: true }, H(nobody));
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ error: "goal: This question needs an answer" });
    // Answers saved (unchecked) through saveOnboardingUserState are checked before a plan is made of them.
    const saved = anonId();
    await browser.postJson(
      API("saveOnboardingUserState"),
      { userState: { goal: "not-an-option", currentLevel: "beginner", daysPerWeek: 999 }, pagesInfo: {} },
      H(saved),
    );
    const fromSaved = await browser.postJson(API("createPersonalizedPlan"), {}, H(saved));
    expect(fromSaved.status).toBe(400);
    expect(await fromSaved.json()).toMatchObject({ error: "goal: Choose one of the options" });
    expect(await count("SELECT count(*) AS n FROM personalized_plans WHERE subject IN (?, ?)", nobody, saved)).toBe(0);
    // A completed onboarding's answers make the plan.
    const done = anonId();
    await browser.postJson(API("completeOnboarding"), { finalUserState: ANSWERS, pagesInfo: {} }, H(done));
    const again = await browser.postJson(API("createPersonalizedPlan"), { forceRegenerate: true }, H(done));
    expect(again.status).toBe(200);
    const row = (await planRow(testApp(), DEMO_APP_ID, done, ""))!;
    expect((await jobById(testApp(), row.jobId!))!.input).toMatchObject({ generation: 2, userState: ANSWERS });
  });

  it("createPersonalizedPlanForTesting checks userState against the owner's draft flow", async () => {
    const bad = await owner.browser.postJson(API("createPersonalizedPlanForTesting"), {
      testingStepId: "preview",
      userState: { ...ANSWERS, goal: "not-an-option" },
      forceRegenerate: true,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "goal: Choose one of the options" });
    // The draft differs from the published flow: its own question is required in the preview only.
    await env.DB.prepare(
      `UPDATE apps SET onboarding_flow = json_set(onboarding_flow, '$.pages[0].questions[1]',
        json('{"id":"q-why","key":"why","type":"short_text","label":"Why?","required":true}'))
       WHERE storefront_slug = 'draft-store' AND app_slug = 'unpublished'`,
    ).run();
    const draftOnly = await owner.browser.postJson(
      API("createPersonalizedPlanForTesting", "draft-store", "unpublished"),
      {
        testingStepId: "preview",
        userState: ANSWERS,
      },
    );
    expect(draftOnly.status).toBe(400);
    expect(await draftOnly.json()).toMatchObject({ error: "why: This question needs an answer" });
    const ok = await owner.browser.postJson(API("createPersonalizedPlanForTesting", "draft-store", "unpublished"), {
      testingStepId: "preview",
      userState: { ...ANSWERS, why: "A race in May" },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ status: "pending" });
  });

  it("checkPlanStatus: the user id is required and must be the caller's own", async () => {
    const id = anonId();
    const browser = new Browser();
    const missing = await browser.get(`/api/apps/checkPlanStatus/undefined/${S1}/${S2}`, H(id));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      error: planMessages.userIdRequired,
    });
    const notMine = await browser.get(`/api/apps/checkPlanStatus/${anonId()}/${S1}/${S2}`, H(id));
    expect(notMine.status).toBe(403);
    const userNotMine = await other.browser.get(`/api/apps/checkPlanStatus/${owner.userId}/${S1}/${S2}`);
    expect(userNotMine.status).toBe(403);
    const none = await browser.get(`/api/apps/checkPlanStatus/${id}/${S1}/${S2}`, H(id));
    expect(await none.json()).toMatchObject({
      status: "not_found",
      plan: null,
    });
    expect((await browser.postJson(API("createPersonalizedPlan"), { forceRegenerate: "maybe" }, H(id))).status).toBe(
      400,
    );
  });
});

describe("the plan job", () => {
  it("claims, reports 10/40/70/100, and writes the plan once", async () => {
    const subject = anonId();
    const created = await createPersonalizedPlan(
      quietApp(),
      { appId: DEMO_APP_ID, subject, testingStepId: "" },
      ANSWERS,
    );
    const jobId = created.jobId!;
    const seen: number[] = [];
    let now = Date.now();
    for (let i = 0; i < 10; i++) {
      const next = await advancePlanJob(quietApp(now), jobId);
      seen.push((await jobById(testApp(), jobId))!.progress);
      if (next === null) break;
      now = next;
    }
    expect(seen).toEqual([10, 40, 70, 100]);
    const job = (await jobById(testApp(), jobId))!;
    expect(job).toMatchObject({
      status: "completed",
      attempts: 1,
      progress: 100,
    });
    expect((await planRow(testApp(), DEMO_APP_ID, subject, ""))!.status).toBe("completed");
    expect(await advancePlanJob(quietApp(now + 10_000), jobId)).toBeNull();
  });

  it("a runner killed after its claim is resumed when its lease runs out, and finishes exactly once", async () => {
    const subject = anonId();
    const start = Date.now();
    const { jobId } = await createPersonalizedPlan(
      quietApp(start),
      { appId: DEMO_APP_ID, subject, testingStepId: "" },
      ANSWERS,
    );
    // First runner: claims, then dies (no more steps).
    await advancePlanJob(quietApp(start), jobId!);
    expect(await jobById(testApp(), jobId!)).toMatchObject({
      status: "running",
      attempts: 1,
    });
    // Before the lease ends nobody else may take it.
    expect(await advancePlanJob(quietApp(start + 1), jobId!)).toBeGreaterThan(start);
    // After it: the next alarm (or the sweep) claims it again and carries on.
    const later = start + LEASE_MS + 1;
    const steps = await runJob(jobId!, undefined, later);
    expect(steps).toBeGreaterThan(1);
    const job = (await jobById(testApp(), jobId!))!;
    expect(job).toMatchObject({ status: "completed", attempts: 2 });
    // The final write done again (a second runner, a replayed alarm) changes nothing.
    const plan = {
      ...generatePlan({
        answers: ANSWERS,
        blueprint: null,
        today: "2026-01-01",
      }),
      title: "A second write",
    };
    const results = await Promise.all([finishJob(quietApp(), job, plan), finishJob(quietApp(), job, plan)]);
    expect(results).toEqual([false, false]);
    const row = (await planRow(testApp(), DEMO_APP_ID, subject, ""))!;
    expect(row.status).toBe("completed");
    expect(row.plan!.title).not.toBe("A second write");
    expect(await count("SELECT count(*) AS n FROM personalized_plans WHERE subject = ?", subject)).toBe(1);
  });

  it("two finishing runners race: exactly one completion", async () => {
    const subject = anonId();
    const { jobId } = await createPersonalizedPlan(
      quietApp(),
      { appId: DEMO_APP_ID, subject, testingStepId: "" },
      ANSWERS,
    );
    const job = (await jobById(testApp(), jobId!))!;
    const plan = generatePlan({
      answers: ANSWERS,
      blueprint: null,
      today: "2026-01-01",
    });
    const results = await Promise.all([
      finishJob(quietApp(), job, plan),
      finishJob(quietApp(), job, plan),
      finishJob(quietApp(), job, plan),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("retries with backoff and fails after max_attempts; the plan says failed; Try again works", async () => {
    const subject = anonId();
    const { jobId } = await createPersonalizedPlan(
      quietApp(),
      { appId: DEMO_APP_ID, subject, testingStepId: "" },
      ANSWERS,
    );
    const failing: PlanAdapter = {
      name: "embedded",
      generatePlan: async () => {
        throw new Error("model down");
      },
    };
    let now = Date.now();
    const waits: number[] = [];
    for (let i = 0; i < 60; i++) {
      const next = await advancePlanJob(quietApp(now), jobId!, failing);
      if (next === null) break;
      const job = (await jobById(testApp(), jobId!))!;
      if (job.status === "queued") waits.push(next - now);
      now = next;
    }
    const job = (await jobById(testApp(), jobId!))!;
    // The provider's own text stays in the logs: what the job answers is the product's words.
    expect(job).toMatchObject({
      status: "failed",
      attempts: 5,
      error: jobMessages.failed,
    });
    expect(waits).toEqual([2000, 4000, 8000, 16000]);
    const browser = new Browser();
    const status = await browser.get(`/api/apps/checkPlanStatus/${subject}/${S1}/${S2}`, H(subject));
    const answered = await status.text();
    expect(JSON.parse(answered)).toMatchObject({ status: "failed", plan: null });
    expect(answered).not.toContain("model down");
    const retry = await browser.postJson(API("createPersonalizedPlan"), { userState: ANSWERS }, H(subject));
    expect(await retry.json()).toMatchObject({ status: "pending" });
  });

  it("pushes progress to the job's room, which an anonymous visitor may join (a guessed name may not)", async () => {
    const subject = anonId();
    const { jobId } = await createPersonalizedPlan(
      quietApp(),
      { appId: DEMO_APP_ID, subject, testingStepId: "" },
      ANSWERS,
    );
    const visitor = new Browser();
    const upgrade = { Upgrade: "websocket", Connection: "Upgrade" };
    expect((await visitor.get(`/parties/rooms/plan-not-a-uuid`, upgrade)).status).toBe(404);
    const response = await visitor.get(`/parties/rooms/${planRoom(jobId!)}`, upgrade);
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    socket.accept();
    const messages: string[] = [];
    socket.addEventListener("message", (event) => messages.push(String(event.data)));
    await runJob(jobId!);
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && !messages.some((m) => m.includes('"completed"')))
      await new Promise((r) => setTimeout(r, 50));
    const progress = messages.filter((m) => m.startsWith("{")).map((m) => JSON.parse(m).progress);
    expect(progress).toEqual([10, 40, 70, 100]);
    socket.close(1000, "test over");
  });

  it("its Durable Object runs it to the end on its own (alarms), once", async () => {
    const id = anonId();
    const browser = new Browser();
    await browser.postJson(API("completeOnboarding"), { finalUserState: ANSWERS, pagesInfo: {} }, H(id));
    const deadline = Date.now() + 15_000;
    let body: { status: string; progress: number } = { status: "pending", progress: 0 };
    while (Date.now() < deadline && body.status !== "completed") {
      await new Promise((r) => setTimeout(r, 200));
      body = (await (await browser.get(`/api/apps/checkPlanStatus/${id}/${S1}/${S2}`, H(id))).json()) as typeof body;
    }
    expect(body).toMatchObject({ status: "completed", progress: 100 });
    const row = (await planRow(testApp(), DEMO_APP_ID, id, ""))!;
    expect(await jobById(testApp(), row.jobId!)).toMatchObject({ status: "completed", attempts: 1 });
  });

  it("the sweep kicks queued or running jobs whose time has passed", async () => {
    const subject = anonId();
    const { jobId } = await createPersonalizedPlan(
      quietApp(),
      { appId: DEMO_APP_ID, subject, testingStepId: "" },
      ANSWERS,
    );
    await env.DB.prepare("UPDATE jobs SET status = 'running', run_after = 1 WHERE id = ?").bind(jobId).run();
    expect(await sweepStuckJobs(testApp())).toBeGreaterThanOrEqual(1);
  });
});

describe("the onboarding pages without JavaScript", () => {
  it("one post per step with 303s, errors re-rendered, resume, completion to the plan page", async () => {
    const browser = new Browser();
    const first = await browser.get(`/apps/${S1}/${S2}/onboarding`);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain("Step 1 of 4");
    expect(html).toContain("Already have an account?");
    const base = `/apps/${S1}/${S2}/onboarding`;
    const goal = await browser.post(base, { pageId: "goal", goal: "finish" });
    expect(goal.status).toBe(303);
    expect(goal.headers.get("Location")).toBe(`${base}?step=level`);
    const anon = browser.cookie("dx_non_auth_user_id")!;
    expect(anon).toMatch(/^anon_/);
    const bad = await browser.post(`${base}?step=level`, {
      pageId: "level",
      currentLevel: "beginner",
      longestRunKm: "99",
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter 42 or less");
    // Resume: a GET without a step opens the first unanswered page.
    const resume = await browser.get(base);
    expect(await resume.text()).toContain("Where are you now?");
    expect(
      (
        await browser.post(`${base}?step=level`, {
          pageId: "level",
          currentLevel: "beginner",
        })
      ).headers.get("Location"),
    ).toBe(`${base}?step=week`);
    expect(
      (
        await browser.post(`${base}?step=week`, {
          pageId: "week",
          daysPerWeek: "3",
        })
      ).headers.get("Location"),
    ).toBe(`${base}?step=race`);
    const last = await browser.post(`${base}?step=race`, {
      pageId: "race",
      targetDate: "",
    });
    expect(last.headers.get("Location")).toBe(`${base}/plan`);
    const planPage = await browser.get(`${base}/plan`);
    expect(planPage.status).toBe(200);
    const planHtml = await planPage.text();
    expect(planHtml.includes("Making your plan") || planHtml.includes("Time to Race Day")).toBe(true);
    if (planHtml.includes("Making your plan")) expect(planHtml).toContain('http-equiv="refresh"');
    expect(await count("SELECT count(*) AS n FROM personalized_plans WHERE subject = ?", anon)).toBe(1);
    // Signing up keeps the onboarding and the plan.
    const { userId } = await signUp("plans-page", browser);
    expect(await count("SELECT count(*) AS n FROM personalized_plans WHERE subject = ?", userId)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM onboarding_states WHERE subject = ?", anon)).toBe(0);
    const mine = await browser.get(`/api/apps/checkPlanStatus/${userId}/${S1}/${S2}`);
    expect(mine.status).toBe(200);
  });

  it("the plan page shows a failed plan clearly, with Try again (a new job); never a 500", async () => {
    const browser = new Browser();
    await browser.get(`/apps/${S1}/${S2}/onboarding`);
    const anon = browser.cookie("dx_non_auth_user_id")!;
    await browser.postJson(API("completeOnboarding"), { finalUserState: ANSWERS, pagesInfo: {} });
    const before = (await planRow(testApp(), DEMO_APP_ID, anon, ""))!;
    await env.DB.batch([
      env.DB.prepare("UPDATE jobs SET status = 'failed' WHERE id = ?").bind(before.jobId),
      env.DB.prepare("UPDATE personalized_plans SET status = 'failed' WHERE id = ?").bind(before.id),
    ]);
    const page = await browser.get(`/apps/${S1}/${S2}/onboarding/plan`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("We could not make your plan. Please try again.");
    expect(html).toContain("Try again");
    const retry = await browser.post(`/apps/${S1}/${S2}/onboarding/plan`, { intent: "regenerate" });
    expect(retry.status).toBe(303);
    const after = (await planRow(testApp(), DEMO_APP_ID, anon, ""))!;
    expect(after.jobId).not.toBe(before.jobId);
    expect(after.status).not.toBe("failed");
    // A visitor with no plan yet is sent to the onboarding.
    const fresh = await new Browser().get(`/apps/${S1}/${S2}/onboarding/plan`);
    expect(fresh.status).toBe(303);
  });

  it("'Make a new plan' checks the stored answers: answers the flow would not take open their page, no plan", async () => {
    const browser = new Browser();
    await browser.get(`/apps/${S1}/${S2}/onboarding`);
    const anon = browser.cookie("dx_non_auth_user_id")!;
    // Answers saved through the API are stored as sent; the plan page's form must not make a plan of them.
    await browser.postJson(API("saveOnboardingUserState"), {
      userState: { goal: "sub2", currentLevel: "beginner", daysPerWeek: 999 },
      pagesInfo: {},
    });
    const posted = await browser.post(`/apps/${S1}/${S2}/onboarding/plan`, { intent: "regenerate" });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe(`/apps/${S1}/${S2}/onboarding?step=week`);
    expect(await count("SELECT count(*) AS n FROM personalized_plans WHERE subject = ?", anon)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM jobs WHERE dedupe_key LIKE ?", `%${anon}%`)).toBe(0);
  });

  it("404 for an unpublished app; a preview only for its owner", async () => {
    expect((await new Browser().get(`/apps/draft-store/unpublished/onboarding`)).status).toBe(404);
    const preview = await owner.browser.get(`/apps/draft-store/unpublished/onboarding?testingStepId=preview`);
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain("Preview");
    expect((await other.browser.get(`/apps/draft-store/unpublished/onboarding?testingStepId=preview`)).status).toBe(
      403,
    );
  });
});

describe("linking the onboarding to an account", () => {
  it("linkOnboardingWithEmail moves the visitor's onboarding and plan to the signed-in account with that email", async () => {
    const id = anonId();
    const visitor = new Browser();
    await visitor.postJson(API("completeOnboarding"), { finalUserState: ANSWERS, pagesInfo: {} }, H(id));
    const { browser, userId, email } = await signUp("plans-link");
    const wrong = await browser.postJson(`/api/users/linkOnboardingWithEmail/${S1}/${S2}`, { email: "bad" });
    expect(wrong.status).toBe(400);
    // The signed-in browser carries the visitor's id (here as the header): only such an id is linked.
    const linked = await browser.postJson(
      `/api/users/linkOnboardingWithEmail/${S1}/${S2}`,
      { email, nonAuthUserId: id },
      H(id),
    );
    expect(await linked.json()).toMatchObject({
      status: "success",
      linked: true,
    });
    expect(await count("SELECT count(*) AS n FROM personalized_plans WHERE subject = ?", userId)).toBe(1);
    expect(
      await count("SELECT count(*) AS n FROM onboarding_states WHERE subject = ? AND email = ?", userId, email),
    ).toBe(1);
    // Someone else cannot take it back.
    const stolen = await other.browser.postJson(`/api/users/linkOnboardingWithEmail/${S1}/${S2}`, {
      email: other.email,
      nonAuthUserId: id,
    });
    expect(stolen.status).toBe(403);
  });

  it("an anonymous caller only records the email, and only for their own id", async () => {
    const id = anonId();
    const visitor = new Browser();
    await visitor.postJson(API("saveOnboardingUserState"), { userState: { goal: "pb" }, pagesInfo: {} }, H(id));
    const noted = await visitor.postJson(
      `/api/users/linkOnboardingWithEmail/${S1}/${S2}`,
      { email: "Runner@Example.com" },
      H(id),
    );
    expect(await noted.json()).toMatchObject({
      status: "success",
      linked: false,
    });
    expect(
      await count("SELECT count(*) AS n FROM onboarding_states WHERE subject = ? AND email = 'runner@example.com'", id),
    ).toBe(1);
    expect(
      (
        await visitor.postJson(
          `/api/users/linkOnboardingWithEmail/${S1}/${S2}`,
          { email: "a@example.com", nonAuthUserId: anonId() },
          H(id),
        )
      ).status,
    ).toBe(403);
  });

  it("linkAuthUserWithAnonymousUserId moves onboarding states and plans too", async () => {
    const id = anonId();
    await new Browser().postJson(API("completeOnboarding"), { finalUserState: ANSWERS, pagesInfo: {} }, H(id));
    const { browser, userId } = await signUp("plans-anon-link");
    const linked = await browser.postJson("/api/users/linkAuthUserWithAnonymousUserId", { anonymousUserId: id }, H(id));
    expect(await linked.json()).toEqual({
      success: true,
      dataLinked: true,
      message: "Anonymous data linked",
    });
    expect(await count("SELECT count(*) AS n FROM personalized_plans WHERE subject = ?", userId)).toBe(1);
  });
});
