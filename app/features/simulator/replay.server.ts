/**
 * A test flow's replay (job kind "test-flow-replay"): the flow's steps run against the app's
 * current DRAFT, as the owner's preview does (the draft onboarding flow, the same page checks, the
 * same plan generator), and what came out is compared with the flow's previous run. The outcome is
 * recorded as a 'replay' simulator item and kept as test_flows.last_run; the job's own record carries
 * {success, itemId, outcome, diff} for GET /api/app-builder/test-flow-replay/{jobId}. Progress goes
 * to the job's room like every job's.
 *
 * Steps run through STEP_RUNNERS, one function per step kind. Card inputs and uploads are given to
 * their cards, then each activity they name is run card by card against the current blueprint
 * (./activity-replay.server.ts), its AI cards inline: every card's result is in the outcome.
 */
import { and, eq, sql } from "drizzle-orm";
import { onboardingFlowSchema, type OnboardingPage, type Plan } from "~/db/app-content";
import { jobs, simulatorItems, testFlows, type AppRow } from "~/db/schema";
import { appById } from "~/features/apps/apps.server";
import {
  jobById,
  jobIdFor,
  kickJob,
  ownJobStatus,
  queueJob,
  type JobHandler,
  type JobStatusView,
  type Statement,
} from "~/features/jobs/jobs.server";
import { jobRoom } from "~/features/jobs/rules";
import {
  onboardingMessages,
  planRequestOf,
  validatePage,
  visiblePages,
  type Answers,
} from "~/features/onboarding/rules";
import { jobMeter } from "~/features/apps/ai-meter.server";
import { planForAnswers, todayOf } from "~/features/plans/plans.server";
import { planStepOf } from "~/features/activities/today";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import type { Creator } from "./access.server";
import { simulatorItemRow } from "./items.server";
import {
  diffReplays,
  readOutcome,
  simulatorMessages,
  type ReplayCard,
  type ReplayDiff,
  type ReplayOutcome,
  type ReplayPage,
  type ReplayStep,
} from "./rules";
import type { TestFlowStep } from "./schema";
import { ownedTestFlow, storedSteps } from "./test-flows.server";
import { replayActivity, type Activity, type GivenInput } from "./activity-replay.server";
import { blueprintOf } from "~/features/builder/blueprint.server";

export type ReplayResult =
  { success: true; itemId: string; outcome: ReplayOutcome; diff: ReplayDiff } | { success: false; error: string };

interface ReplayJobInput {
  userId: string;
  appId: string;
  testFlowId: string;
  result?: ReplayResult;
  [key: string]: unknown;
}

export interface StartedReplay {
  jobId: string;
  status: "pending";
  statusUrl: string;
  room: string;
}

export const replayStatusUrl = (jobId: string) => `/api/app-builder/test-flow-replay/${jobId}`;

/**
 * Queues a replay of the flow. Asked twice before the first is done, it is the same job (the key
 * names the run it follows); a failed replay is asked again with a new job.
 */
export async function startReplay(app: AppContext, user: Creator, testFlowId: string): Promise<StartedReplay> {
  const { row, flow } = await ownedTestFlow(app, user, testFlowId);
  let dedupeKey = `test-flow-replay:${flow.id}:${flow.lastRunAt ?? 0}`;
  const earlier = await jobIdFor(app, dedupeKey);
  const earlierStatus = earlier ? (await jobById(app, earlier))?.status : null;
  // Completed (but not yet recorded as the last run) or failed: this is a new request.
  if (earlierStatus && earlierStatus !== "queued" && earlierStatus !== "running")
    dedupeKey = `${dedupeKey}:${crypto.randomUUID()}`;
  const input: ReplayJobInput = { userId: user.id, appId: row.id, testFlowId: flow.id };
  await app.db.batch([queueJob(app, { id: crypto.randomUUID(), kind: "test-flow-replay", dedupeKey, input })]);
  const jobId = await jobIdFor(app, dedupeKey);
  if (!jobId) throw new ServiceError("unavailable", simulatorMessages.replayNotStarted);
  await kickJob(app, jobId);
  return { jobId, status: "pending", statusUrl: replayStatusUrl(jobId), room: jobRoom("test-flow-replay", jobId) };
}

/** A replay's status for whoever started it, with its result once completed. */
export async function replayResult(
  app: AppContext,
  user: Creator,
  jobId: string,
): Promise<JobStatusView & { result: ReplayResult | null }> {
  const view = await ownJobStatus(app, user.id, jobId);
  if (view.kind !== "test-flow-replay") throw new ServiceError("not-found", simulatorMessages.replayNotFound);
  const job = await jobById<ReplayJobInput>(app, jobId);
  return { ...view, result: view.status === "completed" ? (job?.input.result ?? null) : null };
}

// ——— Running the steps ———

/** What the steps build up as they run. */
interface ReplayRun {
  answers: Answers;
  /** The current blueprint's activities, by id. */
  activities: Map<string, Activity>;
  /** What the card steps give, by activity then card, in the order the flow names them. */
  inputs: Map<string, Map<string, GivenInput>>;
}

type StepRunner<K extends TestFlowStep["kind"]> = (
  run: ReplayRun,
  step: Extract<TestFlowStep, { kind: K }>,
) => Pick<ReplayStep, "status" | "note">;

const UPLOAD_MEDIA = { photo: "image", audio: "audio", video: "video", pdf: "pdf" } as const;

/** A card step's input given to its card, or why it cannot be (the activity or card is gone, or takes no input). */
function giveInput(
  run: ReplayRun,
  step: { activityId: string; cardId: string },
  input: GivenInput,
): Pick<ReplayStep, "status" | "note"> {
  const activity = run.activities.get(step.activityId);
  if (!activity) return { status: "not-run", note: `the blueprint has no activity ${step.activityId} now` };
  const card = activity.cards.find((c) => c.id === step.cardId);
  if (!card) return { status: "not-run", note: `${activity.title} has no card ${step.cardId} now` };
  if (card.kind !== "input") return { status: "not-run", note: `${activity.title} · ${step.cardId} takes no input` };
  const given = run.inputs.get(activity.id) ?? new Map<string, GivenInput>();
  given.set(card.id, input);
  run.inputs.set(activity.id, given);
  return { status: "ran", note: `given to ${activity.title} · ${card.prompt}` };
}

/**
 * One runner per step kind. Persona answers are merged (a later step's answer wins) and go through
 * onboarding when the steps are done; card inputs and uploads are given to their cards (a later
 * one wins), and their activities run once the steps are done.
 */
export const STEP_RUNNERS: { [K in TestFlowStep["kind"]]: StepRunner<K> } = {
  "persona-answers": (run, step) => {
    Object.assign(run.answers, step.answers);
    return { status: "ran", note: `answers given: ${Object.keys(step.answers).join(", ") || "none"}` };
  },
  "card-input": (run, step) => giveInput(run, step, { value: step.value }),
  upload: (run, step) => giveInput(run, step, { url: step.url, type: UPLOAD_MEDIA[step.type] }),
};

function runStep(run: ReplayRun, step: TestFlowStep): Pick<ReplayStep, "status" | "note"> {
  const runner = STEP_RUNNERS[step.kind] as StepRunner<TestFlowStep["kind"]>;
  return runner(run, step as never);
}

const shown = (value: unknown) => (Array.isArray(value) ? value.join(", ") : String(value));

/** The draft's onboarding as the persona goes through it: each visible page, answered or not, and the typed answers. */
function runOnboarding(
  row: AppRow,
  answers: Answers,
): { pages: ReplayPage[]; problem: string | null; typed: Answers | null } {
  const flow = onboardingFlowSchema.safeParse(row.onboardingFlow);
  if (!flow.success) return { pages: [], problem: onboardingMessages.noFlow, typed: null };
  const pages: ReplayPage[] = [];
  const typed: Answers = {};
  let complete = true;
  for (const page of visiblePages(flow.data, answers)) {
    const check = validatePage(page, answers);
    const given = check.ok ? check.answers : answers;
    pages.push({
      pageId: page.id,
      title: page.title,
      answers: answerLines(page, given),
      problems: check.ok ? [] : Object.entries(check.fieldErrors).map(([key, error]) => `${key}: ${error}`),
    });
    if (check.ok)
      Object.assign(typed, Object.fromEntries(Object.entries(check.answers).filter(([, v]) => v !== undefined)));
    else complete = false;
  }
  return {
    pages,
    problem: complete ? null : "The onboarding stops at a page with a problem",
    typed: complete ? typed : null,
  };
}

function answerLines(page: OnboardingPage, answers: Answers): string[] {
  return page.questions.map((q) => {
    const value = answers[q.key];
    return `${q.label}: ${value === undefined || value === null || value === "" ? "(no answer)" : shown(value)}`;
  });
}

/** Runs the flow's steps, the onboarding and the plan: the outcome, without writing anything. */
export async function runReplay(
  app: AppContext,
  row: AppRow,
  flow: { id: string; title: string; steps: TestFlowStep[] },
  jobId: string,
  userId: string,
): Promise<ReplayOutcome> {
  const blueprint = await blueprintOf(app, row.id);
  const activities = new Map(
    (blueprint?.blueprint.items ?? []).flatMap((i) => (i.kind === "activity" ? [[i.id, i] as const] : [])),
  );
  const run: ReplayRun = { answers: {}, activities, inputs: new Map() };
  // The replay is the owner's: its AI calls are their generations, the same units on every attempt.
  const meter = jobMeter(app, { creatorId: userId, appId: row.id }, jobId);
  const steps: ReplayStep[] = flow.steps.map((step, index) => ({ index, kind: step.kind, ...runStep(run, step) }));
  const onboarding = runOnboarding(row, run.answers);
  let plan: ReplayOutcome["plan"] = null;
  let made: Plan | null = null;
  let planProblem: string | null = null;
  if (!onboarding.typed) planProblem = `No plan: ${onboarding.problem}`;
  else {
    try {
      made = await planForAnswers(app, row.id, planRequestOf(onboarding.typed).answers, meter);
      plan = {
        title: made.title,
        phases: made.phases.map((p) => ({
          id: p.id,
          title: p.title,
          detail: [p.focus, ...p.sessions.map((s) => `• ${s}`)].filter(Boolean).join("\n"),
        })),
      };
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error; // a fault of ours: the job retries
      planProblem = `The plan could not be made: ${error.message}`;
    }
  }
  // Each activity the card steps named, run with what they gave (as the owner, whose uploads they are),
  // its analyses and summary closing on the replay's own plan, as a run's close on the persona's.
  const cards: ReplayCard[] = [];
  for (const [activityId, given] of run.inputs) {
    const activity = activities.get(activityId)!;
    const next = made ? planStepOf(made, todayOf(app), activity.title) : null;
    cards.push(...(await replayActivity(app, { userId, appId: row.id, meter }, activity, given, next)));
  }
  return {
    testFlowId: flow.id,
    title: flow.title,
    jobId,
    ranAt: app.now,
    steps,
    onboarding: { pages: onboarding.pages, problem: onboarding.problem },
    plan,
    planProblem,
    cards,
  };
}

function resultStatement(app: AppContext, jobId: string, result: ReplayResult): Statement {
  return app.db
    .update(jobs)
    .set({ input: sql`json_set(${jobs.input}, '$.result', json(${JSON.stringify(result)}))` })
    .where(and(eq(jobs.id, jobId), sql`json_extract(${jobs.input}, '$.result') IS NULL`));
}

export const testFlowReplayJobHandler: JobHandler<ReplayJobInput> = {
  async work(app, job) {
    const { appId, testFlowId } = job.input;
    const flow = await app.db.select().from(testFlows).where(eq(testFlows.id, testFlowId)).get();
    const row = await appById(app, appId);
    if (!flow || !row || flow.appId !== appId)
      return [resultStatement(app, job.id, { success: false, error: simulatorMessages.testFlowNotFound })];
    const outcome = await runReplay(
      app,
      row,
      { id: flow.id, title: flow.title, steps: storedSteps(flow.steps) },
      job.id,
      job.input.userId,
    );
    const diff = diffReplays(readOutcome(flow.lastRun), outcome);
    const item = simulatorItemRow(app, {
      id: `replay-${job.id}`,
      appId,
      itemType: "replay",
      testingStepId: null,
      content: { testFlowId, outcome, diff },
    });
    return [
      app.db.insert(simulatorItems).values(item).onConflictDoNothing(),
      app.db
        .update(testFlows)
        .set({ lastRun: outcome as unknown as Record<string, unknown>, lastRunAt: app.now })
        .where(
          and(
            eq(testFlows.id, testFlowId),
            sql`json_extract(coalesce(${testFlows.lastRun}, '{}'), '$.jobId') IS NOT ${job.id}`,
          ),
        ),
      resultStatement(app, job.id, { success: true, itemId: item.id, outcome, diff }),
    ];
  },
};
