// Plan rules and the generator: status answers, the polling rule, job timing, and plans from answers.
import { describe, expect, it } from "vitest";
import { blueprintSchema, planSchema, PLAN_DEFAULTS, type Plan } from "~/db/app-content";
import { DEFAULT_BLUEPRINT, generatePlan, spreadTemplates } from "~/features/plans/generator";
import {
  cleanPlan,
  generationOf,
  minutesText,
  nextPollDelay,
  PLAN_LIMITS,
  planLimitMessage,
  planLimitsFor,
  planDedupeKey,
  planRoom,
  phaseLabel,
  planStatusAnswer,
  readPlanJobMessage,
} from "~/features/plans/rules";
import { nextProgress, retryDelayMs } from "~/features/jobs/rules";
import { mayJoin, ROOMS_BINDING } from "~/features/realtime/rules";
import { aiPlanAdapter, modelPlanSchema } from "~/features/plans/ai.server";
import { createAi, providerFor } from "~/platform/adapters/ai/ai.server";
import { modelJson } from "~/platform/adapters/ai/json";
import { workersAiProvider, type AiBinding } from "~/platform/adapters/ai/workers-ai.server";
import { parseEnv } from "~/platform/env";

const env = parseEnv({});
const planAdapterFor = (bindings: Record<string, unknown>) =>
  aiPlanAdapter(createAi({ provider: providerFor(env, bindings), timeoutMs: 1000 }));
const workersAiPlanAdapter = (binding: AiBinding) =>
  aiPlanAdapter(createAi({ provider: workersAiProvider(binding), timeoutMs: 1000 }));
const parseModelPlan = (output: unknown) => {
  const parsed = modelPlanSchema.safeParse(modelJson(output));
  return parsed.success ? parsed.data : null;
};
import { DEMO_BLUEPRINT } from "../tools/apps-sql.mjs";

const blueprint = blueprintSchema.parse(DEMO_BLUEPRINT);
const today = "2026-11-21";
const plan = (answers: Record<string, unknown>, bp = blueprint) => generatePlan({ answers, blueprint: bp, today });

describe("the plan generator", () => {
  it("builds 13 dated phases with ids, titles, focus and sessions, 6 weeks by default, 'Time to Race Day'", () => {
    const p = plan({ goal: "sub2", currentLevel: "beginner", daysPerWeek: 3 });
    expect(planSchema.safeParse(p).success).toBe(true);
    expect(p.phases).toHaveLength(13);
    expect(p.totalPhaseCount).toBe(13);
    expect(new Set(p.phases.map((x) => x.id)).size).toBe(13);
    expect(p.phases.every((x) => x.title && x.focus && x.sessions.length >= 3)).toBe(true);
    expect(p.programLengthWeeks).toBe(6);
    expect(p.targetDate).toBe("2027-01-02");
    expect(p.phases[0].startDate).toBe(today);
    expect(p.phases[0].weekNumber).toBe(1);
    expect(p.phases[12].weekNumber).toBe(6);
    expect(p.phases[12].endDate <= p.targetDate).toBe(true);
    expect(p.timeToTargetLabel).toBe("Time to Race Day");
    expect(p.timeToTargetTitle).toBe("6 weeks");
    expect(p.timeToTargetDescription).toMatch(/^Race Day is January 2, 2027/);
    expect(p.title).toBe("Your Half Marathon Plan: Beginner, 3 days a week");
    expect(p.description.startsWith(PLAN_DEFAULTS.description)).toBe(true);
    expect(p.phases[0].title).toBe("Run-walk foundations");
    expect(p.phases.some((x) => x.title === "Race week")).toBe(true);
    expect(p.phases[12].title).toBe(blueprint.phaseTemplates.at(-1)!.title);
  });

  it("different answers give visibly different plans", () => {
    const beginner = plan({ goal: "finish", currentLevel: "beginner", daysPerWeek: 2 });
    const advanced = plan({
      goal: "pb",
      currentLevel: "advanced",
      daysPerWeek: 6,
      targetDate: "2027-03-13",
      extras: ["strength", "nutrition"],
      previousBest: "1:58",
      longestRunKm: 18,
    });
    expect(beginner.title).not.toBe(advanced.title);
    expect(beginner.phases.map((p) => p.title)).not.toEqual(advanced.phases.map((p) => p.title));
    expect(advanced.phases.some((p) => p.title === "Speed endurance")).toBe(true);
    expect(beginner.phases.some((p) => p.title === "Speed endurance")).toBe(false);
    expect(beginner.phases[1].sessions).toHaveLength(2);
    expect(advanced.phases[1].sessions.filter((s) => !s.startsWith("Strength"))).toHaveLength(6);
    expect(advanced.phases[1].sessions.some((s) => s.startsWith("Strength"))).toBe(true);
    expect(advanced.phases[12].sessions.some((s) => s.startsWith("Race nutrition"))).toBe(true);
    expect(advanced.programLengthWeeks).toBe(16);
    expect(advanced.targetDate).toBe("2027-03-13");
    expect(advanced.timeToTargetTitle).toBe("16 weeks");
    expect(advanced.description).toContain("18 km");
    expect(advanced.description).toContain("1:58");
  });

  it("uses the spec's defaults without a blueprint; a past target date means the default length; same input, same plan", () => {
    const p = generatePlan({ answers: {}, blueprint: null, today });
    expect(p.phases).toHaveLength(PLAN_DEFAULTS.expectedPhases);
    expect(p.timeToTargetLabel).toBe(PLAN_DEFAULTS.timeToTargetLabel);
    expect(p.programLengthWeeks).toBe(PLAN_DEFAULTS.programLengthWeeks);
    expect(plan({ targetDate: "2020-01-01" }).programLengthWeeks).toBe(6);
    expect(plan({ currentLevel: "intermediate" })).toEqual(plan({ currentLevel: "intermediate" }));
    expect(DEFAULT_BLUEPRINT.planTitle).toBe("Your Half Marathon Plan");
  });

  it("stretches too few templates to the expected count, and thins too many", () => {
    const few = spreadTemplates(blueprint.phaseTemplates.slice(0, 3), 5);
    expect(few).toHaveLength(5);
    expect(few.some((f) => f.part === 2)).toBe(true);
    const many = spreadTemplates(blueprint.phaseTemplates, 4);
    expect(many.map((m) => m.template.title)).toHaveLength(4);
    expect(many[3].template.title).toBe(blueprint.phaseTemplates.at(-1)!.title);
    const custom = plan({}, { ...blueprint, expectedPhaseCount: 20, targetLabel: "Exam Day" });
    expect(custom.phases).toHaveLength(20);
    expect(custom.timeToTargetLabel).toBe("Time to Exam Day");
  });
});

describe("checkPlanStatus answers and the polling rule", () => {
  const full = plan({});
  it("'completed' only with a plan; phases without id or title are discarded", () => {
    expect(planStatusAnswer({ status: "completed", plan: null })).toEqual({ status: "pending", plan: null });
    expect(planStatusAnswer({ status: "failed", plan: null })).toEqual({ status: "failed", plan: null });
    expect(planStatusAnswer(null).status).toBe("not_found");
    const dirty = {
      ...full,
      phases: [...full.phases, { ...full.phases[0], id: "" }, { ...full.phases[0], id: "x", title: "" }],
    } as Plan;
    expect(cleanPlan(dirty)!.phases).toHaveLength(13);
  });

  it("polls while pending; re-polls a short completed plan up to 3 times at 1500 ms; stops on a full one or failure", () => {
    expect(nextPollDelay({ status: "pending", plan: null }, 0)).toBe(1750);
    const short = { status: "completed", plan: { phases: full.phases.slice(0, 10) } };
    expect([0, 1, 2, 3].map((n) => nextPollDelay(short, n))).toEqual([1500, 1500, 1500, null]);
    expect(nextPollDelay({ status: "completed", plan: full }, 0)).toBeNull();
    expect(nextPollDelay({ status: "failed", plan: null }, 0)).toBeNull();
  });
});

describe("job timing, keys and rooms", () => {
  it("progress 10 → 40 → 70, then the plan; backoff doubles to a cap", () => {
    expect(nextProgress(10)).toBe(40);
    expect(nextProgress(40)).toBe(70);
    expect(nextProgress(70)).toBeNull();
    expect([1, 2, 3].map(retryDelayMs)).toEqual([2000, 4000, 8000]);
    expect(retryDelayMs(30)).toBe(300_000);
  });

  it("one dedupe key per generation; plan rooms joinable by anyone with the id, user rooms unchanged", () => {
    expect(planDedupeKey("a", "anon_x", "", 2)).toBe("plan:a:anon_x::2");
    const jobId = "3f2b8c1e-6c1a-4d9e-9b8e-2f0c1d2e3f4a";
    expect(mayJoin(ROOMS_BINDING, planRoom(jobId), null)).toEqual({ ok: true });
    expect(mayJoin(ROOMS_BINDING, "plan-guess", null).ok).toBe(false);
    expect(mayJoin(ROOMS_BINDING, `user-${jobId}`, null)).toMatchObject({ ok: false, status: 401 });
    expect(mayJoin("Jobs", planRoom(jobId), null).ok).toBe(false);
    expect(
      readPlanJobMessage(JSON.stringify({ type: "plan-progress", jobId, progress: 40, status: "running" }))?.progress,
    ).toBe(40);
    expect(readPlanJobMessage("pong")).toBeNull();
  });
});

describe("the AI adapter", () => {
  const input = { answers: { currentLevel: "advanced", daysPerWeek: 5 }, blueprint, today };
  it("embedded without an AI binding", async () => {
    const adapter = planAdapterFor({});
    expect(adapter.name).toBe("embedded");
    expect((await adapter.generatePlan(input)).phases).toHaveLength(13);
  });

  it("Workers AI: a valid JSON plan is used; invalid output or an error falls back to the generator", async () => {
    const modelPlan = { ...plan({}), title: "From the model", phases: plan({}).phases.slice(0, 13) };
    const good = workersAiPlanAdapter({ run: async () => ({ response: `Here you go: ${JSON.stringify(modelPlan)}` }) });
    expect((await good.generatePlan(input)).title).toBe("From the model");
    const calls: unknown[] = [];
    const bad = workersAiPlanAdapter({
      run: async (model, body) => {
        calls.push({ model, body });
        return { response: '{"title": 42}' };
      },
    });
    const fallback = await bad.generatePlan(input);
    expect(fallback.title).toBe(generatePlan(input).title);
    expect(calls).toHaveLength(1);
    const broken = workersAiPlanAdapter({ run: async () => Promise.reject(new Error("quota")) });
    expect((await broken.generatePlan(input)).phases).toHaveLength(13);
    expect(planAdapterFor({ AI: { run: async () => ({}) } }).name).toBe("workers-ai");
    expect(parseModelPlan({ response: "not json" })).toBeNull();
    expect(parseModelPlan(modelPlan)?.title).toBe("From the model");
  });
});

describe("the timeline's phase labels", () => {
  it("weeks when each phase has its own week; 'Phase i of n' when phases share weeks (no label twice)", () => {
    const demo = plan({ daysPerWeek: 3 });
    const labels = demo.phases.map((_, i) => phaseLabel(demo.phases, i));
    expect(new Set(labels).size).toBe(demo.phases.length);
    expect(labels[0]).toBe("Phase 1 of 13");
    const weekly = [1, 2, 3].map((weekNumber) => ({ weekNumber }));
    expect(weekly.map((_, i) => phaseLabel(weekly, i))).toEqual(["Week 1", "Week 2", "Week 3"]);
  });
});

describe("limits on new plans", () => {
  const anon = "anon_0f8fad5b-d9cb-469f-a165-70867728950e";
  const who = (subject: string, testingStepId = "") => ({
    appId: "app-1",
    subject,
    testingStepId,
    clientKey: "ip:203.0.113.7",
  });
  const names = (list: { name: string }[]) => list.map((l) => l.name);

  it("a first plan is one the subject has none of: no plan yet, or the one they had failed", () => {
    expect(generationOf(null)).toBe("first");
    expect(generationOf({ status: "failed" })).toBe("first");
    expect(generationOf({ status: "pending" })).toBe("regeneration");
    expect(generationOf({ status: "completed" })).toBe("regeneration");
  });

  it("anonymous regenerations count per visitor and app, per client and per app; a first plan in no window", () => {
    const regeneration = planLimitsFor(who(anon), "regeneration");
    expect(names(regeneration)).toEqual(["subjectRegenerations", "clientRegenerations", "appRegenerations"]);
    expect(regeneration.map((l) => l.key)).toEqual([
      `plans:regenerations:app-1:${anon}`,
      "plans:regenerations:client:ip:203.0.113.7",
      "plans:regenerations:app:app-1",
    ]);
    // A limit never blocks a first plan: the AI meter bounds what it costs.
    expect(planLimitsFor(who(anon), "first")).toEqual([]);
    expect(regeneration.every((l) => l.policy === PLAN_LIMITS[l.name])).toBe(true);
  });

  it("a signed-in user's regenerations count per user and app; their first plan and the owner's preview are not limited", () => {
    const user = planLimitsFor(who("user-1"), "regeneration");
    expect(user).toEqual([
      {
        name: "subjectRegenerations",
        key: "plans:regenerations:app-1:user-1",
        policy: PLAN_LIMITS.subjectRegenerations,
      },
    ]);
    expect(planLimitsFor(who("user-1"), "first")).toEqual([]);
    expect(planLimitsFor(who("user-1", "preview"), "regeneration")).toEqual([]);
    expect(planLimitsFor(who(anon, "preview"), "first")).toEqual([]);
    // A malformed 'anon_' subject is not an anonymous visitor's id (the API refuses such ids before this).
    expect(names(planLimitsFor(who("anon_x"), "regeneration"))).toEqual(["subjectRegenerations"]);
  });

  it("the limits: 3 an hour per visitor, 20 per client and 60 per app", () => {
    const perHour = Object.fromEntries(
      Object.entries(PLAN_LIMITS).map(([name, p]) => [
        name,
        p.windowMs === 3_600_000 && p.kind === "window" ? p.limit : null,
      ]),
    );
    expect(perHour).toEqual({
      subjectRegenerations: 3,
      clientRegenerations: 20,
      appRegenerations: 60,
    });
  });

  it("says what happened and when the next plan can be made, in whole minutes rounded up", () => {
    expect(minutesText(1)).toBe("1 minute");
    expect(minutesText(60_000)).toBe("1 minute");
    expect(minutesText(60_001)).toBe("2 minutes");
    expect(minutesText(3_600_000)).toBe("60 minutes");
    expect(planLimitMessage("subjectRegenerations", 42 * 60_000 - 500)).toBe(
      "You have made a new plan 3 times in the last hour. You can make another in 42 minutes.",
    );
    expect(planLimitMessage("clientRegenerations", 60_000)).toBe(
      "Too many new plans have been made from your network in the last hour. You can make another in 1 minute.",
    );
    expect(planLimitMessage("appRegenerations", 90_000)).toBe(
      "Too many new plans have been made for this app in the last hour. You can make another in 2 minutes.",
    );
  });
});
