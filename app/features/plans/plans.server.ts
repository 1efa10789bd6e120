/**
 * Personalized plans as background jobs (creator-app-builder spec 3, 4, 7), run by the job runner
 * (features/jobs): a jobs row of kind 'plan' and the subject's personalized_plans row (pending →
 * completed | failed). The plan job's handler makes the plan through the AI layer and writes it
 * exactly once (UPDATE … WHERE status <> 'completed', batched with the job's completion).
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Plan } from "~/db/app-content";
import { blueprintSchema } from "~/db/app-content";
import { appBlueprints, jobs, personalizedPlans } from "~/db/schema";
import {
  advanceJob,
  completeJob,
  jobById as readJob,
  jobIdFor,
  jobIdOfKey,
  kickJob,
  queueJob,
  sweepStuckJobs,
  type JobHandler,
  type JobRecord,
  type Statement,
} from "~/features/jobs/jobs.server";
import { jobRoom } from "~/features/jobs/rules";
import { jobMeter, type Payer } from "~/features/apps/ai-meter.server";
import { aiFor, type AiMeter } from "~/platform/adapters/ai/ai.server";
import { LOCAL_CLIENT, type Client } from "~/platform/client.server";
import type { AppContext } from "~/platform/context";
import { aiPlanAdapter, type PlanAdapter } from "./ai.server";
import type { PlanAnswers } from "./generator";
import { claimNewPlan, releaseNewPlan } from "./limits.server";
import { generationOf, planDedupeKey, planStatusAnswer, type PlanStatus } from "./rules";

export interface PlanJobInput {
  appId: string;
  subject: string;
  testingStepId: string;
  planId: string;
  userState: PlanAnswers;
  generation: number;
  /** The day the plan starts (YYYY-MM-DD). */
  today: string;
  [key: string]: unknown;
}

type PlanJob = JobRecord<PlanJobInput>;

interface PlanRecord {
  id: string;
  status: PlanStatus;
  plan: Plan | null;
  jobId: string | null;
  updatedAt: number;
}

export const jobById = (app: AppContext, jobId: string) => readJob<PlanJobInput>(app, jobId);

export async function planRow(
  app: AppContext,
  appId: string,
  subject: string,
  testingStepId: string,
): Promise<PlanRecord | null> {
  const row = await app.db
    .select({
      id: personalizedPlans.id,
      status: personalizedPlans.status,
      plan: personalizedPlans.plan,
      jobId: personalizedPlans.jobId,
      updatedAt: personalizedPlans.updatedAt,
    })
    .from(personalizedPlans)
    .where(planOf(appId, subject, testingStepId))
    .get();
  return row ? { ...row, plan: row.plan ?? null } : null;
}

/** A subject's plan row of an app (one per app, subject and testing step). */
const planOf = (appId: string, subject: string, testingStepId: string) =>
  and(
    eq(personalizedPlans.appId, appId),
    eq(personalizedPlans.subject, subject),
    eq(personalizedPlans.testingStepId, testingStepId),
  );

export function todayOf(app: AppContext): string {
  try {
    return new Date(app.now).toLocaleDateString("en-CA", { timeZone: app.timeZone ?? "UTC" });
  } catch {
    return new Date(app.now).toISOString().slice(0, 10);
  }
}

/** The answers the subject's current plan was made from (null when they have none). */
export async function answersOfPlan(
  app: AppContext,
  target: { appId: string; subject: string; testingStepId: string },
): Promise<PlanAnswers | null> {
  const row = await planRow(app, target.appId, target.subject, target.testingStepId);
  const job = row?.jobId ? await jobById(app, row.jobId) : null;
  return job?.input.userState ?? null;
}

const sameAnswers = (a: unknown, b: unknown) => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

export type CreatePlanResult = { status: PlanStatus; jobId: string | null };

/**
 * createPersonalizedPlan: inserts (or finds) the job and the pending plan in one batch, then kicks
 * the job's runner. A subject's existing pending or completed plan is kept (a double submit is one
 * job) unless forceRegenerate asks for a new one (a new generation: a new job), or it failed. A new
 * plan is first claimed in its limits (limits.server.ts; `client` is the requesting client, read by
 * the route): past one, a 'too-many' ServiceError and nothing written. A claim whose request made no
 * job (a concurrent submit's job owns the generation) is given back.
 */
export async function createPersonalizedPlan(
  app: AppContext,
  target: { appId: string; subject: string; testingStepId: string },
  userState: PlanAnswers,
  {
    forceRegenerate = false,
    regenerateWhenChanged = false,
    client = LOCAL_CLIENT,
  }: { forceRegenerate?: boolean; regenerateWhenChanged?: boolean; client?: Client } = {},
): Promise<CreatePlanResult> {
  const { appId, subject, testingStepId } = target;
  const existing = await planRow(app, appId, subject, testingStepId);
  const existingJob = existing?.jobId ? await jobById(app, existing.jobId) : null;
  const changed = regenerateWhenChanged && existingJob !== null && !sameAnswers(existingJob.input.userState, userState);
  if (existing && !forceRegenerate && !changed && existing.status !== "failed") {
    if (existingJob && existing.status === "pending") await kickJob(app, existingJob.id);
    return { status: existing.status, jobId: existing.jobId };
  }
  const held = await claimNewPlan(app, { ...target, clientKey: client.key }, generationOf(existing));
  const generation = (existingJob?.input.generation ?? 0) + (existing ? 1 : 0) || 1;
  const dedupeKey = planDedupeKey(appId, subject, testingStepId, generation);
  const jobId = crypto.randomUUID();
  const planId = existing?.id ?? crypto.randomUUID();
  const input: PlanJobInput = { appId, subject, testingStepId, planId, userState, generation, today: todayOf(app) };
  const { db } = app;
  const now = app.now;
  const written = db.batch([
    queueJob(app, { id: jobId, kind: "plan", dedupeKey, input }),
    // The plan row points at whichever job owns the dedupe key (this one, or a concurrent submit's).
    db
      .insert(personalizedPlans)
      .values({
        id: planId,
        appId,
        subject,
        testingStepId,
        status: "pending",
        plan: null,
        jobId: jobIdOfKey(dedupeKey),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [personalizedPlans.appId, personalizedPlans.subject, personalizedPlans.testingStepId],
        set: { status: "pending", plan: null, jobId: sql`excluded.job_id`, updatedAt: sql`excluded.updated_at` },
        setWhere: sql`${personalizedPlans.jobId} IS NOT excluded.job_id`,
      }),
  ]);
  let ownerId: string;
  try {
    await written;
    ownerId = (await jobIdFor(app, dedupeKey)) ?? jobId;
  } catch (error) {
    await releaseNewPlan(app, held).catch(() => undefined);
    throw error;
  }
  if (ownerId !== jobId) await releaseNewPlan(app, held);
  await kickJob(app, ownerId);
  return { status: "pending", jobId: ownerId };
}

async function blueprintFor(app: AppContext, appId: string) {
  try {
    const row = await app.db
      .select({ content: appBlueprints.content })
      .from(appBlueprints)
      .where(eq(appBlueprints.appId, appId))
      .get();
    if (!row) return null;
    const parsed = blueprintSchema.safeParse(row.content);
    return parsed.success ? parsed.data : null;
  } catch {
    // Unreadable content (not JSON): the plan is made without the blueprint.
    return null;
  }
}

/** The statements that write the plan, conditional: only while this job owns a plan not yet completed. */
function writePlan(app: AppContext, job: PlanJob, plan: Plan): Statement[] {
  return [
    app.db
      .update(personalizedPlans)
      .set({ plan, status: "completed", updatedAt: app.now })
      .where(
        and(
          eq(personalizedPlans.id, job.input.planId),
          eq(personalizedPlans.jobId, job.id),
          ne(personalizedPlans.status, "completed"),
        ),
      ),
  ];
}

/** Writes the plan and completes the job, exactly once: true only for the call that did it. */
export const finishJob = (app: AppContext, job: PlanJob, plan: Plan) =>
  completeJob(app, job as JobRecord, writePlan(app, job, plan));

/**
 * Who pays for a plan's AI call: the end user on the app (their allowance and the app's budget), or
 * the owner for their own preview (a testing step's plan). Past a limit the embedded generator makes
 * the plan: a plan is always made.
 */
const planPayer = ({ appId, subject, testingStepId }: PlanJobInput): Payer =>
  testingStepId ? { creatorId: subject, appId } : { appId, endUser: subject };

/** The plan job: the plan from the user's answers and the app's blueprint, through the AI layer. */
export function planJobHandler(given?: PlanAdapter): JobHandler<PlanJobInput> {
  return {
    async work(app, job) {
      const meter = jobMeter(app, planPayer(job.input), job.id, "embedded");
      const adapter = given ?? aiPlanAdapter(aiFor(app, { appId: job.input.appId, meter }));
      const plan = await adapter.generatePlan({
        answers: job.input.userState ?? {},
        blueprint: await blueprintFor(app, job.input.appId),
        today: job.input.today,
      });
      return writePlan(app, job, plan);
    },
    failed: (app, job) => [
      app.db
        .update(personalizedPlans)
        .set({ status: "failed", updatedAt: app.now })
        .where(and(eq(personalizedPlans.jobId, job.id), eq(personalizedPlans.status, "pending"))),
    ],
  };
}

/**
 * A plan made now, with no job and no row: what the app's draft makes of these answers (the
 * simulator's test-flow replay, which runs inside its own job and compares plans between runs).
 */
export async function planForAnswers(
  app: AppContext,
  appId: string,
  answers: PlanAnswers,
  meter: AiMeter,
): Promise<Plan> {
  const adapter = aiPlanAdapter(aiFor(app, { appId, meter }));
  return adapter.generatePlan({ answers, blueprint: await blueprintFor(app, appId), today: todayOf(app) });
}

/** One step of a plan job (the runner's advanceJob with the plan handler). */
export const advancePlanJob = (app: AppContext, jobId: string, adapter?: PlanAdapter) =>
  advanceJob(app, jobId, { plan: planJobHandler(adapter) });

export { kickJob, sweepStuckJobs };

export interface PlanView {
  status: PlanStatus | "not_found";
  plan: Plan | null;
  jobId: string | null;
  progress: number;
  room: string | null;
}

/** checkPlanStatus and the plan page: the answer plus the job's progress and room (one query). */
export async function planView(
  app: AppContext,
  appId: string,
  subject: string,
  testingStepId: string,
): Promise<PlanView> {
  const row = await app.db
    .select({
      status: personalizedPlans.status,
      plan: personalizedPlans.plan,
      jobId: jobs.id,
      progress: jobs.progress,
      room: jobs.room,
    })
    .from(personalizedPlans)
    .leftJoin(jobs, eq(jobs.id, personalizedPlans.jobId))
    .where(planOf(appId, subject, testingStepId))
    .get();
  const answer = planStatusAnswer(row ? { status: row.status, plan: row.plan ?? null } : null);
  const progress = answer.status === "completed" ? 100 : (row?.progress ?? 0);
  return {
    ...answer,
    jobId: row?.jobId ?? null,
    progress,
    room: row?.jobId ? (row.room ?? jobRoom("plan", row.jobId)) : null,
  };
}
