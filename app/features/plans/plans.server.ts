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
import type { Plan } from "~/db/app-content";
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

const JOB_COLUMNS = `id, status, progress, attempts, max_attempts AS maxAttempts, run_after AS runAfter, room, input, error`;

/** A jobs row as JOB_COLUMNS selects it: the input still JSON text. */
type JobRow = Omit<JobRecord, "input"> & { input: string };

function toJob(row: JobRow | null): JobRecord | null {
  if (!row) return null;
  return { ...row, input: JSON.parse(row.input) as PlanJobInput };
}

export async function jobById(app: AppContext, jobId: string): Promise<JobRecord | null> {
  return toJob(
    await app.bindings.DB.prepare(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = ?1`).bind(jobId).first<JobRow>(),
  );
}

export async function planRow(
  app: AppContext,
  appId: string,
  subject: string,
  testingStepId: string,
): Promise<PlanRecord | null> {
  const row = await app.bindings.DB.prepare(
    `SELECT id, status, plan, job_id AS jobId, updated_at AS updatedAt FROM personalized_plans WHERE app_id = ?1 AND subject = ?2 AND testing_step_id = ?3`,
  )
    .bind(appId, subject, testingStepId)
    .first<{ id: string; status: PlanStatus; plan: string | null; jobId: string | null; updatedAt: number }>();
  if (!row) return null;
  return { ...row, plan: row.plan ? (JSON.parse(row.plan) as Plan) : null };
}

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
  const db = app.bindings.DB;
  await db.batch([
    db
      .prepare(
        `INSERT INTO jobs (id, kind, dedupe_key, status, progress, attempts, max_attempts, input, room, run_after, created_at, updated_at)
         VALUES (?1, 'plan', ?2, 'queued', 0, 0, ?3, ?4, ?5, ?6, ?6, ?6) ON CONFLICT (dedupe_key) DO NOTHING`,
      )
      .bind(jobId, dedupeKey, MAX_ATTEMPTS, JSON.stringify(input), planRoom(jobId), app.now),
    // The plan row points at whichever job owns the dedupe key (this one, or a concurrent submit's).
    db
      .prepare(
        `INSERT INTO personalized_plans (id, app_id, subject, testing_step_id, status, plan, job_id, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, 'pending', NULL, (SELECT id FROM jobs WHERE dedupe_key = ?5), ?6, ?6)
         ON CONFLICT (app_id, subject, testing_step_id) DO UPDATE SET status = 'pending', plan = NULL, job_id = excluded.job_id, updated_at = excluded.updated_at
         WHERE personalized_plans.job_id IS NOT excluded.job_id`,
      )
      .bind(planId, appId, subject, testingStepId, dedupeKey, app.now),
  ]);
  const owner = await db.prepare(`SELECT id FROM jobs WHERE dedupe_key = ?1`).bind(dedupeKey).first<{ id: string }>();
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
  const row = await app.bindings.DB.prepare(`SELECT content FROM app_blueprints WHERE app_id = ?1`)
    .bind(appId)
    .first<{ content: string }>();
  if (!row) return null;
  try {
    const parsed = blueprintSchema.safeParse(JSON.parse(row.content));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Claims a queued job (or a running one whose lease ran out): attempts+1, progress 10, a lease. Null when someone else did. */
export async function claimJob(app: AppContext, job: JobRecord): Promise<JobRecord | null> {
  const row = await app.bindings.DB.prepare(
    `UPDATE jobs SET status = 'running', attempts = attempts + 1, progress = 10, run_after = ?2, started_at = coalesce(started_at, ?3), updated_at = ?3
      WHERE id = ?1 AND status = ?4 AND attempts = ?5 AND run_after = ?6 AND run_after <= ?3 RETURNING ${JOB_COLUMNS}`,
  )
    .bind(job.id, app.now + LEASE_MS, app.now, job.status, job.attempts, job.runAfter)
    .first<JobRow>();
  return toJob(row);
}

/** Writes the plan and completes the job, exactly once: true only for the call that did it. */
export async function finishJob(app: AppContext, job: JobRecord, plan: Plan): Promise<boolean> {
  const db = app.bindings.DB;
  const [jobUpdate] = await db.batch([
    db
      .prepare(
        `UPDATE jobs SET status = 'completed', progress = 100, error = NULL, finished_at = ?2, updated_at = ?2 WHERE id = ?1 AND status <> 'completed'`,
      )
      .bind(job.id, app.now),
    db
      .prepare(
        `UPDATE personalized_plans SET plan = ?1, status = 'completed', updated_at = ?2 WHERE id = ?3 AND job_id = ?4 AND status <> 'completed'`,
      )
      .bind(JSON.stringify(plan), app.now, job.input.planId, job.id),
  ]);
  return (jobUpdate.meta.changes ?? 0) === 1;
}

async function failJob(app: AppContext, job: JobRecord, error: string): Promise<void> {
  const db = app.bindings.DB;
  await db.batch([
    db
      .prepare(
        `UPDATE jobs SET status = 'failed', error = ?2, finished_at = ?3, updated_at = ?3 WHERE id = ?1 AND status NOT IN ('completed', 'failed')`,
      )
      .bind(job.id, error, app.now),
    db
      .prepare(
        `UPDATE personalized_plans SET status = 'failed', updated_at = ?2 WHERE job_id = ?1 AND status = 'pending'`,
      )
      .bind(job.id, app.now),
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
    const moved = await app.bindings.DB.prepare(
      `UPDATE jobs SET progress = ?2, run_after = ?3, updated_at = ?4 WHERE id = ?1 AND status = 'running' AND progress = ?5`,
    )
      .bind(job.id, next, app.now + LEASE_MS, app.now, job.progress)
      .run();
    if ((moved.meta.changes ?? 0) === 1) await push(app, job, next, "running");
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
    await app.bindings.DB.prepare(
      `UPDATE jobs SET status = 'queued', progress = 0, error = ?2, run_after = ?3, updated_at = ?4 WHERE id = ?1 AND status = 'running'`,
    )
      .bind(job.id, message.slice(0, 500), runAfter, app.now)
      .run();
    await push(app, job, 0, "queued");
    return runAfter;
  }
}

/** The scheduled sweep: queued or running jobs whose time has come (stuck: lost alarm, dead runner) are kicked again. */
export async function sweepStuckJobs(app: AppContext, limit = 200): Promise<number> {
  const { results } = await app.bindings.DB.prepare(
    `SELECT id FROM jobs WHERE status IN ('queued', 'running') AND run_after <= ?1 ORDER BY run_after LIMIT ?2`,
  )
    .bind(app.now, limit)
    .all<{ id: string }>();
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
  const row = await app.bindings.DB.prepare(
    `SELECT p.status, p.plan, j.id AS jobId, j.progress, j.room FROM personalized_plans p LEFT JOIN jobs j ON j.id = p.job_id
      WHERE p.app_id = ?1 AND p.subject = ?2 AND p.testing_step_id = ?3`,
  )
    .bind(appId, subject, testingStepId)
    .first<{
      status: PlanStatus;
      plan: string | null;
      jobId: string | null;
      progress: number | null;
      room: string | null;
    }>();
  const answer = planStatusAnswer(
    row ? { status: row.status, plan: row.plan ? (JSON.parse(row.plan) as Plan) : null } : null,
  );
  const progress = answer.status === "completed" ? 100 : (row?.progress ?? 0);
  return {
    ...answer,
    jobId: row?.jobId ?? null,
    progress,
    room: row?.jobId ? (row.room ?? planRoom(row.jobId)) : null,
  };
}
