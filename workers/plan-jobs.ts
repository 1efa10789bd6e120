/**
 * PlanJobRunner: the Durable Object that runs one personalized-plan job (bound as PlanJobs in
 * wrangler.toml, one object per job id). It keeps only the job id; the jobs row in D1 is the truth.
 * start() sets an alarm; each alarm runs one step (app/features/plans/plans.server.ts
 * advancePlanJob) and sets the next alarm when the job is not finished. Alarms are durable: an
 * object evicted or restarted mid-job wakes on its alarm, re-reads the row and carries on. Retries
 * with backoff are alarms set at the row's run_after.
 */
import { DurableObject } from "cloudflare:workers";
import { advancePlanJob } from "~/features/plans/plans.server";
import type { AppContext } from "~/platform/context";
import { createDb } from "~/platform/db.server";
import { parseEnv, type Bindings } from "~/platform/env";

export class PlanJobRunner extends DurableObject {
  private context(): AppContext {
    const bindings = this.env as unknown as Bindings;
    const state = this.ctx;
    const ctx = { waitUntil: (promise: Promise<unknown>) => state.waitUntil(promise), passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    return { env: parseEnv(bindings), bindings, db: createDb(bindings.DB), ctx, now: Date.now(), timeZone: undefined };
  }

  /** Idempotent: remembers the job and wakes now unless a step is already scheduled. */
  async start(jobId: string): Promise<void> {
    await this.ctx.storage.put("jobId", jobId);
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now());
  }

  async alarm(): Promise<void> {
    const jobId = await this.ctx.storage.get<string>("jobId");
    if (!jobId) return;
    const next = await advancePlanJob(this.context(), jobId);
    if (next !== null) await this.ctx.storage.setAlarm(Math.max(next, Date.now()));
    else await this.ctx.storage.deleteAll();
  }
}
