/**
 * Personalized plans as background jobs (creator-app-builder spec 3, 4, 7). The D1 rows are the
 * truth: a jobs row (status, progress, attempts, run_after, error) and the subject's
 * personalized_plans row (pending → completed | failed). A Durable Object per job
 * (workers/plan-jobs.ts, PlanJobRunner) runs it from an alarm, step by step through advancePlanJob:
 *
 *   queued ──claim (attempts+1, progress 10, lease)──▶ running ──40──70──▶ write plan ──▶ completed
 *      ▲                                                  │ error
 *      └──────── retry after 2^attempts s (queued) ◀──────┘ … failed after max_attempts
 *
 * Every write is conditional on the row's current state, so running a step twice (a restart, a
 * sweep re-kick, two alarms) changes nothing the second time, and the plan is written exactly once
 * (UPDATE … WHERE status <> 'completed'). A runner killed mid-way leaves a 'running' row whose lease
 * runs out; the next alarm or the scheduled sweep claims it again and finishes it.
 */
import { and, asc, eq, inArray, lte, ne, notInArray, sql } from "drizzle-orm";
import type { Plan } from "~/db/app-content";
import { appBlueprints, jobs, personalizedPlans } from "~/db/schema";
import { blueprintSchema } from "~/db/app-content";
import { pushToRoom } from "~/features/realtime/rooms.server";
import type { PlanAnswers } from "./generator";
import { planAdapterFor, type PlanAdapter } from "./ai.server";
import type { AppContext } from "~/platform/context";
import {
  LEASE_MS,
  MAX_ATTEMPTS,
  nextProgress,
  planDedupeKey,
  planRoom,
  planStatusAnswer,
  retryDelayMs,
  STEP_DELAY_MS,
  type PlanJobMessage,
  type PlanStatus,
} from "./rules";

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

interface JobRecord {
  id: string;
  status: "queued" | "running" | "completed" | "failed";
  progress: number;
  attempts: number;
  maxAttempts: number;
  runAfter: number;
  room: string | null;
  input: PlanJobInput;
  error: string | null;
}

interface PlanRecord {
  id: string;
  status: PlanStatus;
  plan: Plan | null;
  jobId: string | null;
  updatedAt: number;
}

/** The columns a JobRecord is read with. */
const jobColumns = {
  id: jobs.id,
  status: jobs.status,
  progress: jobs.progress,
  attempts: jobs.attempts,
  maxAttempts: jobs.maxAttempts,
  runAfter: jobs.runAfter,
  room: jobs.room,
  input: jobs.input,
  error: jobs.error,
};

/** A jobs row as jobColumns reads it; its input is the plan job's (the table holds any job's). */
function toJob(row: (Omit<JobRecord, "input"> & { input: Record<string, unknown> }) | undefined): JobRecord | null {
  return row ? { ...row, input: row.input as PlanJobInput } : null;
}

export async function jobById(app: AppContext, jobId: string): Promise<JobRecord | null> {
  return toJob(await app.db.select(jobColumns).from(jobs).where(eq(jobs.id, jobId)).get());
}

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

function todayOf(app: AppContext): string {
  try {
    return new Date(app.now).toLocaleDateString("en-CA", { timeZone: app.timeZone ?? "UTC" });
  } catch {
    return new Date(app.now).toISOString().slice(0, 10);
  }
}

const sameAnswers = (a: unknown, b: unknown) => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

export type CreatePlanResult = { status: PlanStatus; jobId: string | null };

/**
 * createPersonalizedPlan: inserts (or finds) the job and the pending plan in one batch, then kicks
 * the job's runner. A subject's existing pending or completed plan is kept (a double submit is one
 * job) unless forceRegenerate asks for a new one (a new generation: a new job), or it failed.
 */
export async function createPersonalizedPlan(
  app: AppContext,
  target: { appId: string; subject: string; testingStepId: string },
  userState: PlanAnswers,
  { forceRegenerate = false, regenerateWhenChanged = false } = {},
): Promise<CreatePlanResult> {
  const { appId, subject, testingStepId } = target;
  const existing = await planRow(app, appId, subject, testingStepId);
  const existingJob = existing?.jobId ? await jobById(app, existing.jobId) : null;
  const changed = regenerateWhenChanged && existingJob !== null && !sameAnswers(existingJob.input.userState, userState);
  if (existing && !forceRegenerate && !changed && existing.status !== "failed") {
    if (existingJob && existing.status === "pending") await kickJob(app, existingJob.id);
    return { status: existing.status, jobId: existing.jobId };
  }
  const generation = (existingJob?.input.generation ?? 0) + (existing ? 1 : 0) || 1;
  const dedupeKey = planDedupeKey(appId, subject, testingStepId, generation);
  const jobId = crypto.randomUUID();
  const planId = existing?.id ?? crypto.randomUUID();
  const input: PlanJobInput = { appId, subject, testingStepId, planId, userState, generation, today: todayOf(app) };
  const { db } = app;
  const now = app.now;
  await db.batch([
    db
      .insert(jobs)
      .values({
        id: jobId,
        kind: "plan",
        dedupeKey,
        status: "queued",
        progress: 0,
        attempts: 0,
        maxAttempts: MAX_ATTEMPTS,
        input,
        room: planRoom(jobId),
        runAfter: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: jobs.dedupeKey }),
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
        jobId: sql`(SELECT id FROM jobs WHERE dedupe_key = ${dedupeKey})`,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [personalizedPlans.appId, personalizedPlans.subject, personalizedPlans.testingStepId],
        set: { status: "pending", plan: null, jobId: sql`excluded.job_id`, updatedAt: sql`excluded.updated_at` },
        setWhere: sql`${personalizedPlans.jobId} IS NOT excluded.job_id`,
      }),
  ]);
  const owner = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.dedupeKey, dedupeKey)).get();
  const ownerId = owner?.id ?? jobId;
  await kickJob(app, ownerId);
  return { status: "pending", jobId: ownerId };
}

/** The job runners' Durable Object namespace (wrangler.toml PlanJobs); a test context may leave it unbound. */
function runners(app: AppContext): Bindings["PlanJobs"] | null {
  return app.bindings.PlanJobs ?? null;
}

export interface PlanJobRunnerRpc {
  start(jobId: string): Promise<void>;
}

/** Wakes the job's runner (idempotent). A failed kick is harmless: the scheduled sweep kicks it again. */
export async function kickJob(app: AppContext, jobId: string): Promise<void> {
  const namespace = runners(app);
  if (!namespace) return;
  try {
    // Typed by the generated bindings (DurableObjectNamespace<PlanJobRunner>): its RPC, no cast.
    const stub: PlanJobRunnerRpc = namespace.get(namespace.idFromName(jobId));
    await stub.start(jobId);
  } catch (error) {
    console.error("plans: kicking job failed", jobId, String(error));
  }
}

async function push(
  app: AppContext,
  job: Pick<JobRecord, "id" | "room">,
  progress: number,
  status: PlanJobMessage["status"],
) {
  const message: PlanJobMessage = { type: "plan-progress", jobId: job.id, progress, status };
  try {
    await pushToRoom(app.bindings, job.room ?? planRoom(job.id), JSON.stringify(message), { isPrivate: false });
  } catch (error) {
    // Realtime is liveness only: the page polls checkPlanStatus and reads D1 either way.
    console.warn("plans: push failed", String(error));
  }
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

/** Claims a queued job (or a running one whose lease ran out): attempts+1, progress 10, a lease. Null when someone else did. */
export async function claimJob(app: AppContext, job: JobRecord): Promise<JobRecord | null> {
  const now = app.now;
  const [row] = await app.db
    .update(jobs)
    .set({
      status: "running",
      attempts: sql`${jobs.attempts} + 1`,
      progress: 10,
      runAfter: now + LEASE_MS,
      startedAt: sql`coalesce(${jobs.startedAt}, ${now})`,
      updatedAt: now,
    })
    .where(
      and(
        eq(jobs.id, job.id),
        eq(jobs.status, job.status),
        eq(jobs.attempts, job.attempts),
        eq(jobs.runAfter, job.runAfter),
        lte(jobs.runAfter, now),
      ),
    )
    .returning(jobColumns);
  return toJob(row);
}

/** Writes the plan and completes the job, exactly once: true only for the call that did it. */
export async function finishJob(app: AppContext, job: JobRecord, plan: Plan): Promise<boolean> {
  const { db } = app;
  const now = app.now;
  const [completed] = await db.batch([
    db
      .update(jobs)
      .set({ status: "completed", progress: 100, error: null, finishedAt: now, updatedAt: now })
      .where(and(eq(jobs.id, job.id), ne(jobs.status, "completed")))
      .returning({ id: jobs.id }),
    db
      .update(personalizedPlans)
      .set({ plan, status: "completed", updatedAt: now })
      .where(
        and(
          eq(personalizedPlans.id, job.input.planId),
          eq(personalizedPlans.jobId, job.id),
          ne(personalizedPlans.status, "completed"),
        ),
      ),
  ]);
  return completed.length === 1;
}

async function failJob(app: AppContext, job: JobRecord, error: string): Promise<void> {
  const { db } = app;
  const now = app.now;
  await db.batch([
    db
      .update(jobs)
      .set({ status: "failed", error, finishedAt: now, updatedAt: now })
      .where(and(eq(jobs.id, job.id), notInArray(jobs.status, ["completed", "failed"]))),
    db
      .update(personalizedPlans)
      .set({ status: "failed", updatedAt: now })
      .where(and(eq(personalizedPlans.jobId, job.id), eq(personalizedPlans.status, "pending"))),
  ]);
  await push(app, job, job.progress, "failed");
}

/**
 * One step of a job; returns when the runner should call again (ms since epoch), or null when the
 * job is finished (completed or failed) or gone. Safe to call at any time, any number of times.
 */
export async function advancePlanJob(
  app: AppContext,
  jobId: string,
  adapter: PlanAdapter = planAdapterFor(app.bindings),
): Promise<number | null> {
  let job = await jobById(app, jobId);
  if (!job || job.status === "completed" || job.status === "failed") return null;
  const leaseOver = job.runAfter <= app.now;
  if (job.status === "queued" || leaseOver) {
    if (job.runAfter > app.now) return job.runAfter;
    if (job.attempts >= job.maxAttempts) {
      await failJob(app, job, job.error ?? "Too many attempts");
      return null;
    }
    const claimed = await claimJob(app, job);
    if (!claimed) return app.now + STEP_DELAY_MS;
    await push(app, claimed, claimed.progress, "running");
    return app.now + STEP_DELAY_MS;
  }
  // Running, lease held: the next progress mark, or the plan itself.
  const next = nextProgress(job.progress);
  if (next !== null) {
    const moved = await app.db
      .update(jobs)
      .set({ progress: next, runAfter: app.now + LEASE_MS, updatedAt: app.now })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.progress, job.progress)))
      .returning({ id: jobs.id });
    if (moved.length === 1) await push(app, job, next, "running");
    return app.now + STEP_DELAY_MS;
  }
  try {
    const plan = await adapter.generatePlan({
      answers: job.input.userState ?? {},
      blueprint: await blueprintFor(app, job.input.appId),
      today: job.input.today,
    });
    if (await finishJob(app, job, plan)) await push(app, job, 100, "completed");
    return null;
  } catch (error) {
    job = (await jobById(app, jobId)) ?? job;
    const message = error instanceof Error ? error.message : String(error);
    if (job.attempts >= job.maxAttempts) {
      await failJob(app, job, message);
      return null;
    }
    const runAfter = app.now + retryDelayMs(job.attempts);
    await app.db
      .update(jobs)
      .set({ status: "queued", progress: 0, error: message.slice(0, 500), runAfter, updatedAt: app.now })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, "running")));
    await push(app, job, 0, "queued");
    return runAfter;
  }
}

/** The scheduled sweep: queued or running jobs whose time has come (stuck: lost alarm, dead runner) are kicked again. */
export async function sweepStuckJobs(app: AppContext, limit = 200): Promise<number> {
  const results = await app.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.status, ["queued", "running"]), lte(jobs.runAfter, app.now)))
    .orderBy(asc(jobs.runAfter))
    .limit(limit);
  for (const { id } of results) await kickJob(app, id);
  return results.length;
}

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
    room: row?.jobId ? (row.room ?? planRoom(row.jobId)) : null,
  };
}
