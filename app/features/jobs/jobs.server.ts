/**
 * One job runner for every kind of long work (plans, brainstorms, app builds, and the image and
 * description jobs to come). The D1 row is the truth (status, progress, attempts, run_after,
 * error); a Durable Object per job (workers/jobs.ts, JobRunner) runs it from an alarm, step by
 * step through advanceJob, and each step's progress is pushed to the job's room:
 *
 *   queued ──claim (attempts+1, progress 10, lease)──▶ running ──40──70──▶ work ──▶ completed
 *      ▲                                                  │ error
 *      └──────── retry after 2^attempts s (queued) ◀──────┘ … failed after max_attempts
 *
 * Every write is conditional on the row's current state, so a step run twice (a restart, a sweep's
 * re-kick, two alarms) changes nothing the second time. A kind's handler does the work and hands
 * back the statements that write its result; they go in one batch with the job's completion, each
 * conditional, so the result is written exactly once.
 */
import { and, asc, eq, inArray, lte, ne, notInArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { jobs } from "~/db/schema";
import { pushToRoom } from "~/features/realtime/rooms.server";
import type { AppContext } from "~/platform/context";
import type { Bindings } from "~/platform/env";
import { ServiceError } from "~/platform/service-error";
import {
  jobMessages,
  jobRoom,
  LEASE_MS,
  MAX_ATTEMPTS,
  nextProgress,
  retryDelayMs,
  STEP_DELAY_MS,
  type JobKind,
  type JobMessage,
  type JobStatus,
} from "./rules";

export interface JobRecord<Input = Record<string, unknown>> {
  id: string;
  kind: JobKind;
  status: JobStatus;
  progress: number;
  attempts: number;
  maxAttempts: number;
  runAfter: number;
  room: string | null;
  input: Input;
  error: string | null;
}

export type Statement = BatchItem<"sqlite">;

export interface JobHandler<Input = Record<string, unknown>> {
  /**
   * Does the job's work and answers the statements that write its result. They run in one batch
   * with the job's completion; each must be conditional (ON CONFLICT DO NOTHING, WHERE status <>
   * 'completed'…), so a second run writes nothing. Throwing retries the job later.
   */
  work(app: AppContext, job: JobRecord<Input>): Promise<Statement[]>;
  /** Statements that mark the job's own rows failed when it gives up (after max attempts). */
  failed?(app: AppContext, job: JobRecord<Input>): Statement[];
}

export type JobHandlers = { [Kind in JobKind]?: JobHandler<never> };

const jobColumns = {
  id: jobs.id,
  kind: jobs.kind,
  status: jobs.status,
  progress: jobs.progress,
  attempts: jobs.attempts,
  maxAttempts: jobs.maxAttempts,
  runAfter: jobs.runAfter,
  room: jobs.room,
  input: jobs.input,
  error: jobs.error,
};

export async function jobById<Input = Record<string, unknown>>(
  app: AppContext,
  jobId: string,
): Promise<JobRecord<Input> | null> {
  const row = await app.db.select(jobColumns).from(jobs).where(eq(jobs.id, jobId)).get();
  return row ? ({ ...row } as JobRecord<Input>) : null;
}

/**
 * The statement that queues a job, for the caller's own batch (with the rows that point at it).
 * A second job with the same dedupe key is not made: jobIdFor finds the one that was.
 */
export function queueJob(
  app: AppContext,
  job: { id: string; kind: JobKind; dedupeKey: string; input: Record<string, unknown> },
): Statement {
  const now = app.now;
  return app.db
    .insert(jobs)
    .values({
      id: job.id,
      kind: job.kind,
      dedupeKey: job.dedupeKey,
      status: "queued",
      progress: 0,
      attempts: 0,
      maxAttempts: MAX_ATTEMPTS,
      input: job.input,
      room: jobRoom(job.kind, job.id),
      runAfter: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey });
}

/** SQL for "the id of the job with this dedupe key", for rows written in the same batch. */
export const jobIdOfKey = (dedupeKey: string) => sql`(SELECT id FROM jobs WHERE dedupe_key = ${dedupeKey})`;

export async function jobIdFor(app: AppContext, dedupeKey: string): Promise<string | null> {
  const row = await app.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.dedupeKey, dedupeKey)).get();
  return row?.id ?? null;
}

/** The job runners' Durable Object namespace (wrangler.toml Jobs); a test context may leave it unbound. */
function runners(app: AppContext): Bindings["Jobs"] | null {
  return app.bindings.Jobs ?? null;
}

export interface JobRunnerRpc {
  start(jobId: string): Promise<void>;
}

/** Wakes the job's runner (idempotent). A failed kick is harmless: the scheduled sweep kicks it again. */
export async function kickJob(app: AppContext, jobId: string): Promise<void> {
  const namespace = runners(app);
  if (!namespace) return;
  try {
    // Typed by the generated bindings (DurableObjectNamespace<JobRunner>): its RPC, no cast.
    const stub: JobRunnerRpc = namespace.get(namespace.idFromName(jobId));
    await stub.start(jobId);
  } catch (error) {
    console.error("jobs: kicking job failed", jobId, String(error));
  }
}

async function push(
  app: AppContext,
  job: Pick<JobRecord, "id" | "room" | "kind">,
  progress: number,
  status: JobStatus,
) {
  const message: JobMessage =
    job.kind === "plan"
      ? { type: "plan-progress", jobId: job.id, progress, status }
      : { type: "job-progress", jobId: job.id, kind: job.kind, progress, status };
  try {
    await pushToRoom(app.bindings, job.room ?? jobRoom(job.kind, job.id), JSON.stringify(message), {
      isPrivate: false,
    });
  } catch (error) {
    // Realtime is liveness only: pages poll the job's status and read D1 either way.
    console.warn("jobs: push failed", String(error));
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
  return row ? ({ ...row } as JobRecord) : null;
}

/** Writes the result and completes the job, exactly once: true only for the call that did it. */
export async function completeJob(app: AppContext, job: JobRecord, result: Statement[]): Promise<boolean> {
  const { db } = app;
  const now = app.now;
  const [completed] = await db.batch([
    db
      .update(jobs)
      .set({ status: "completed", progress: 100, error: null, finishedAt: now, updatedAt: now })
      .where(and(eq(jobs.id, job.id), ne(jobs.status, "completed")))
      .returning({ id: jobs.id }),
    ...result,
  ]);
  return (completed as unknown[]).length === 1;
}

async function failJob(app: AppContext, job: JobRecord, handler: JobHandler | undefined, error: string) {
  const { db } = app;
  const now = app.now;
  await db.batch([
    db
      .update(jobs)
      .set({ status: "failed", error, finishedAt: now, updatedAt: now })
      .where(and(eq(jobs.id, job.id), notInArray(jobs.status, ["completed", "failed"]))),
    ...(handler?.failed?.(app, job) ?? []),
  ]);
  await push(app, job, job.progress, "failed");
}

/**
 * One step of a job; answers when the runner should call again (ms since epoch), or null when the
 * job is finished (completed or failed) or gone. Safe to call at any time, any number of times.
 */
export async function advanceJob(app: AppContext, jobId: string, handlers: JobHandlers): Promise<number | null> {
  let job = await jobById(app, jobId);
  if (!job || job.status === "completed" || job.status === "failed") return null;
  const handler = handlers[job.kind] as JobHandler | undefined;
  if (!handler) {
    console.error(`jobs: no handler for ${job.kind} jobs`, job.id);
    await failJob(app, job, undefined, jobMessages.failed);
    return null;
  }
  const leaseOver = job.runAfter <= app.now;
  if (job.status === "queued" || leaseOver) {
    if (job.runAfter > app.now) return job.runAfter;
    if (job.attempts >= job.maxAttempts) {
      await failJob(app, job, handler, job.error ?? jobMessages.failed);
      return null;
    }
    const claimed = await claimJob(app, job);
    if (!claimed) return app.now + STEP_DELAY_MS;
    await push(app, claimed, claimed.progress, "running");
    return app.now + STEP_DELAY_MS;
  }
  // Running, lease held: the next progress mark, or the work itself.
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
    const result = await handler.work(app, job);
    if (await completeJob(app, job, result)) await push(app, job, 100, "completed");
    return null;
  } catch (error) {
    job = (await jobById(app, jobId)) ?? job;
    // What the job answers is the product's words: a service's refusal as it is, anything else (a
    // database or provider fault) only in the logs.
    const message = error instanceof ServiceError ? error.message : jobMessages.failed;
    if (!(error instanceof ServiceError)) console.error(`jobs: ${job.kind} job ${job.id} failed`, error);
    if (job.attempts >= job.maxAttempts) {
      await failJob(app, job, handler, message);
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

/** What a status endpoint answers for a job: for pollers. */
export interface JobStatusView {
  jobId: string;
  kind: JobKind;
  status: JobStatus;
  progress: number;
  error: string | null;
  room: string;
}

export function jobStatusView(job: JobRecord): JobStatusView {
  return {
    jobId: job.id,
    kind: job.kind,
    status: job.status,
    progress: job.status === "completed" ? 100 : job.progress,
    error: job.status === "failed" ? job.error : null,
    room: job.room ?? jobRoom(job.kind, job.id),
  };
}

/**
 * A builder job's status for GET /api/jobs/{jobId}: only for whoever started it (jobs carrying a
 * userId). Plan jobs answer through checkPlanStatus, so they are not found here.
 */
export async function ownJobStatus(app: AppContext, userId: string, jobId: string): Promise<JobStatusView> {
  const job = await jobById<{ userId?: unknown }>(app, jobId);
  if (!job || job.kind === "plan" || typeof job.input.userId !== "string")
    throw new ServiceError("not-found", "Job not found");
  if (job.input.userId !== userId) throw new ServiceError("forbidden", "This job is not yours");
  return jobStatusView(job);
}
