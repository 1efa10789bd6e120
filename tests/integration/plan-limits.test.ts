// Limits on new plans (issue 47): each new plan is an AI call and anonymous ids cost nothing, so
// regenerations count per visitor, per client and per app, each in an atomic D1 window claimed before
// anything is written; a first plan is never limited (the AI meter bounds what it costs). Every request here
// comes from the one local client (outside production the connecting address is not trusted). The
// counters are cleared before each test, so each starts with empty windows.
import { env } from "cloudflare:test";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { planLimitMessage, planLimitsFor, PLAN_LIMITS, type PlanLimitName } from "~/features/plans/rules";
import { LOCAL_CLIENT } from "~/platform/client.server";
import { demoAppStatements, DEMO_APP_ID } from "../tools/apps-sql.mjs";
import { Browser, count, signUp } from "./commerce-helpers";

const S1 = "marisol-vega";
const S2 = "half-marathon";
const API = (name: string) => `/api/apps/${name}/${S1}/${S2}`;
const PAGE = `/apps/${S1}/${S2}/onboarding`;
const anonId = () => `anon_${crypto.randomUUID()}`;
const H = (id: string) => ({ "X-Non-Auth-User-Id": id });
const ANSWERS = { goal: "sub2", currentLevel: "beginner", longestRunKm: 8, daysPerWeek: 4, extras: ["strength"] };
const HOUR_S = 3600;

// Some tests make dozens of plans, whose jobs run beside them.
vi.setConfig({ testTimeout: 60_000 });

let owner: { browser: Browser; userId: string };

beforeAll(async () => {
  owner = await signUp("limits-owner");
  await env.DB.batch(demoAppStatements(Date.now(), owner.userId).map((s: string) => env.DB.prepare(s)));
});

// The plan jobs made here run on their own; they finish before the file's runtime closes.
afterAll(async () => {
  const deadline = Date.now() + 30_000;
  while (
    Date.now() < deadline &&
    (await count("SELECT count(*) AS n FROM jobs WHERE status IN ('queued', 'running')")) > 0
  )
    await new Promise((r) => setTimeout(r, 250));
}, 40_000);

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM attempt_counters WHERE key LIKE 'plans:%'").run();
});

const planJobs = (subject: string) =>
  count("SELECT count(*) AS n FROM jobs WHERE kind = 'plan' AND json_extract(input, '$.subject') = ?", subject);

/** A visitor with a first plan (completeOnboarding), as the API's caller. */
async function visitorWithPlan() {
  const id = anonId();
  const browser = new Browser();
  const done = await browser.postJson(API("completeOnboarding"), { finalUserState: ANSWERS, pagesInfo: {} }, H(id));
  expect(done.status).toBe(200);
  return { id, browser };
}

const regenerate = (browser: Browser, id: string) =>
  browser.postJson(API("createPersonalizedPlan"), { forceRegenerate: true }, H(id));

/** A 429 in the one error body, with Retry-After and the limit's message for a wait within the hour. */
async function expectRefused(response: Response, name: PlanLimitName) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThan(HOUR_S - 120);
  expect(retryAfter).toBeLessThanOrEqual(HOUR_S);
  const body = (await response.json()) as { status: string; error: string; detail: string };
  expect(body).toEqual({ status: "error", error: planLimitMessage(name, retryAfter * 1000), detail: body.error });
}

/** Fills a window as if `used` new plans had just been made in it. */
async function used(name: PlanLimitName, key: string, n: number) {
  expect(key.length).toBeGreaterThan(0);
  await env.DB.prepare(
    "INSERT INTO attempt_counters (key, failures, last_failure_at) VALUES (?1, ?2, ?3) ON CONFLICT(key) DO UPDATE SET failures = ?2, last_failure_at = ?3",
  )
    .bind(key, n, Date.now())
    .run();
  expect(n).toBeLessThanOrEqual(PLAN_LIMITS[name].limit);
}

const keyOf = (name: PlanLimitName, subject: string, generation: "first" | "regeneration") =>
  planLimitsFor({ appId: DEMO_APP_ID, subject, testingStepId: "", clientKey: LOCAL_CLIENT.key }, generation).find(
    (l) => l.name === name,
  )!.key;

describe("regenerations of one anonymous visitor", () => {
  it("3 an hour: of 20 one after another, 3 make a new plan and 17 are a 429 with Retry-After that make none", async () => {
    const { id, browser } = await visitorWithPlan();
    const limit = PLAN_LIMITS.subjectRegenerations.limit;
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const answer = await regenerate(browser, id);
      statuses.push(answer.status);
      if (i < limit) expect(await answer.json()).toMatchObject({ status: "pending" });
      else await expectRefused(answer, "subjectRegenerations");
    }
    expect(statuses).toEqual([...Array<number>(limit).fill(200), ...Array<number>(20 - limit).fill(429)]);
    expect(await planJobs(id)).toBe(1 + limit);
    expect(planLimitMessage("subjectRegenerations", 3_600_000)).toBe(
      "You have made a new plan 3 times in the last hour. You can make another in 60 minutes.",
    );
    // Asking for the plan it has (no new one) is not limited.
    const kept = await browser.postJson(API("createPersonalizedPlan"), {}, H(id));
    expect(kept.status).toBe(200);
  });

  it("25 at once: no more new jobs than the limit, the others 429 with Retry-After or the job a concurrent one made", async () => {
    const { id, browser } = await visitorWithPlan();
    const answers = await Promise.all(Array.from({ length: 25 }, () => regenerate(browser, id)));
    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(accepted.length + refused.length).toBe(25);
    expect(refused.length).toBeGreaterThan(0);
    for (const response of refused) await expectRefused(response, "subjectRegenerations");
    // Requests of the same generation at once are one job (as a double submit is); a request whose job
    // a concurrent one made answers that job and gives its count back, so the window counts jobs made:
    // never more than the limit, each named by an accepted answer.
    const named = new Set(await Promise.all(accepted.map(async (a) => ((await a.json()) as { jobId: string }).jobId)));
    const regenerations = (await planJobs(id)) - 1;
    expect(regenerations).toBeGreaterThanOrEqual(1);
    expect(regenerations).toBeLessThanOrEqual(PLAN_LIMITS.subjectRegenerations.limit);
    expect(named.size).toBe(regenerations);
    const jobIds = await env.DB.prepare(
      "SELECT id FROM jobs WHERE kind = 'plan' AND json_extract(input, '$.subject') = ? AND json_extract(input, '$.generation') > 1",
    )
      .bind(id)
      .all<{ id: string }>();
    expect(new Set(jobIds.results.map((r) => r.id))).toEqual(named);
    const counter = await env.DB.prepare("SELECT failures FROM attempt_counters WHERE key = ?")
      .bind(keyOf("subjectRegenerations", id, "regeneration"))
      .first<{ failures: number }>();
    expect(counter!.failures).toBe(regenerations);
  });

  it("changed answers at completeOnboarding are a regeneration too; the same answers are not", async () => {
    const { id, browser } = await visitorWithPlan();
    await used("subjectRegenerations", keyOf("subjectRegenerations", id, "regeneration"), 3);
    const same = await browser.postJson(API("completeOnboarding"), { finalUserState: ANSWERS, pagesInfo: {} }, H(id));
    expect(same.status).toBe(200);
    const changed = { ...ANSWERS, daysPerWeek: 5 };
    const refused = await browser.postJson(
      API("completeOnboarding"),
      { finalUserState: changed, pagesInfo: {} },
      H(id),
    );
    await expectRefused(refused, "subjectRegenerations");
    // Nothing changed: the stored answers are still those of the plan it has, and no job was made.
    const state = await env.DB.prepare("SELECT final_user_state FROM onboarding_states WHERE subject = ?")
      .bind(id)
      .first<{ final_user_state: string }>();
    expect(JSON.parse(state!.final_user_state)).toEqual(ANSWERS);
    expect(await planJobs(id)).toBe(1);
  });
});

describe("first plans", () => {
  it("are never refused by the visitor's own limit", async () => {
    const id = anonId();
    // Its window is full (say its plan went to an account at sign-in, and the id came back).
    await used("subjectRegenerations", keyOf("subjectRegenerations", id, "regeneration"), 3);
    const first = await new Browser().postJson(
      API("completeOnboarding"),
      { finalUserState: ANSWERS, pagesInfo: {} },
      H(id),
    );
    expect(first.status).toBe(200);
    expect(await planJobs(id)).toBe(1);
    // A failed plan is no plan: Try again is a first plan, not a regeneration.
    await env.DB.prepare("UPDATE personalized_plans SET status = 'failed' WHERE subject = ?").bind(id).run();
    const again = await new Browser().postJson(API("createPersonalizedPlan"), {}, H(id));
    expect(await again.json()).toMatchObject({ status: "pending" });
    expect(await planJobs(id)).toBe(2);
  });

  it("of many new anonymous ids from one client are all made: a limit never blocks a first plan", async () => {
    const browser = new Browser();
    // More than the client's and the app's regeneration windows together.
    const ids = Array.from({ length: PLAN_LIMITS.appRegenerations.limit + 5 }, anonId);
    const statuses: number[] = [];
    for (let i = 0; i < ids.length; i += 8) {
      const batch = await Promise.all(
        ids
          .slice(i, i + 8)
          .map((id) => browser.postJson(API("completeOnboarding"), { finalUserState: ANSWERS, pagesInfo: {} }, H(id))),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses).toEqual(Array(ids.length).fill(200));
    for (const id of ids.slice(0, 3)) expect(await planJobs(id)).toBe(1);
    // They counted in no window: the regenerations of the client and the app are still free.
    expect(await count("SELECT count(*) AS n FROM attempt_counters WHERE key LIKE 'plans:%'")).toBe(0);
    // Signed-in users' first plans are not limited either.
    const user = await signUp("limits-first");
    expect((await user.browser.postJson(API("createPersonalizedPlan"), { userState: ANSWERS })).status).toBe(200);
  });
});

describe("regenerations per client and per app", () => {
  it("every anonymous visitor of one client together: the client's limit, then 429; the refused one's own count is given back", async () => {
    const limit = PLAN_LIMITS.clientRegenerations.limit;
    const visitors = await Promise.all(Array.from({ length: Math.ceil(limit / 3) + 1 }, () => visitorWithPlan()));
    let made = 0;
    for (const { id, browser } of visitors)
      for (let i = 0; i < 3 && made < limit; i++) {
        expect((await regenerate(browser, id)).status).toBe(200);
        made += 1;
      }
    const fresh = visitors[visitors.length - 1];
    await expectRefused(await regenerate(fresh.browser, fresh.id), "clientRegenerations");
    expect(await planJobs(fresh.id)).toBe(1);
    const own = await env.DB.prepare("SELECT failures FROM attempt_counters WHERE key = ?")
      .bind(keyOf("subjectRegenerations", fresh.id, "regeneration"))
      .first<{ failures: number }>();
    expect(own?.failures ?? 0).toBe(0);
  });

  it("every anonymous visitor of one app together: the app's limit", async () => {
    const { id, browser } = await visitorWithPlan();
    await used("appRegenerations", keyOf("appRegenerations", id, "regeneration"), PLAN_LIMITS.appRegenerations.limit);
    await expectRefused(await regenerate(browser, id), "appRegenerations");
    expect(await planJobs(id)).toBe(1);
  });
});

describe("signed-in users and the owner's preview", () => {
  it("a signed-in user has the same 3 an hour, counted per user only", async () => {
    const { browser, userId } = await signUp("limits-user");
    expect((await browser.postJson(API("completeOnboarding"), { finalUserState: ANSWERS, pagesInfo: {} })).status).toBe(
      200,
    );
    // The anonymous visitors' client window is full: a signed-in user is not counted in it.
    await used("clientRegenerations", keyOf("clientRegenerations", anonId(), "regeneration"), 20);
    for (let i = 0; i < 3; i++)
      expect((await browser.postJson(API("createPersonalizedPlan"), { forceRegenerate: true })).status).toBe(200);
    await expectRefused(
      await browser.postJson(API("createPersonalizedPlan"), { forceRegenerate: true }),
      "subjectRegenerations",
    );
    expect(await planJobs(userId)).toBe(4);
  });

  it("the owner's testing variant is not limited here", async () => {
    for (let i = 0; i < 5; i++) {
      const made = await owner.browser.postJson(API("createPersonalizedPlanForTesting"), {
        testingStepId: "preview",
        userState: ANSWERS,
        forceRegenerate: true,
      });
      expect(made.status).toBe(200);
    }
  });
});

describe("the pages without JavaScript", () => {
  /** A visitor who took the onboarding on its pages: the cookie's id has its first plan. */
  async function pageVisitor() {
    const browser = new Browser();
    await browser.get(PAGE);
    for (const [step, fields] of [
      ["goal", { goal: "sub2" }],
      ["level", { currentLevel: "beginner" }],
      ["week", { daysPerWeek: "3" }],
      ["race", { targetDate: "" }],
    ] as const)
      expect((await browser.post(`${PAGE}?step=${step}`, { pageId: step, ...fields })).status).toBe(303);
    const id = browser.cookie("dx_non_auth_user_id")!;
    expect(await planJobs(id)).toBe(1);
    return { browser, id };
  }

  it("'Make a new plan' past the limit shows the message on the plan page (429), and makes no job", async () => {
    const { browser, id } = await pageVisitor();
    for (let i = 0; i < 3; i++) {
      const made = await browser.post(`${PAGE}/plan`, { intent: "regenerate" });
      expect(made.status).toBe(303);
      expect(made.headers.get("Location")).toBe(`${PAGE}/plan`);
    }
    const refused = await browser.post(`${PAGE}/plan`, { intent: "regenerate" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(HOUR_S - 120);
    const html = await refused.text();
    expect(html).toContain("You have made a new plan 3 times in the last hour. You can make another in");
    expect(html).toMatch(/role="alert"[^>]*>You have made a new plan 3 times/);
    expect(await planJobs(id)).toBe(4);
  });

  it("the last step with changed answers past the limit shows the step again with the message; nothing is stored", async () => {
    const { browser, id } = await pageVisitor();
    await used("subjectRegenerations", keyOf("subjectRegenerations", id, "regeneration"), 3);
    const before = await env.DB.prepare("SELECT final_user_state FROM onboarding_states WHERE subject = ?")
      .bind(id)
      .first<{ final_user_state: string }>();
    const refused = await browser.post(`${PAGE}?step=race`, { pageId: "race", targetDate: "2030-05-04" });
    expect(refused.status).toBe(429);
    const html = await refused.text();
    expect(html).toContain("You have made a new plan 3 times in the last hour. You can make another in");
    // The step again, with what was typed.
    expect(html).toContain('value="2030-05-04"');
    const after = await env.DB.prepare("SELECT final_user_state FROM onboarding_states WHERE subject = ?")
      .bind(id)
      .first<{ final_user_state: string }>();
    expect(after!.final_user_state).toBe(before!.final_user_state);
    expect(await planJobs(id)).toBe(1);
  });
});
