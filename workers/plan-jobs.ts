/**
 * PlanJobRunner: the Durable Object that runs one personalized-plan job (bound as PlanJobs in
 * wrangler.toml, one object per job id). It keeps only the job id; the jobs row in D1 is the truth.
 * start() sets an alarm. The alarm first re-arms itself as a watchdog (the job's lease from now),
 * then runs the job's steps (app/features/plans/plans.server.ts advancePlanJob) with short waits
 * between them; a retry's backoff is a later alarm. Alarms are durable: an object evicted or
 * restarted mid-job wakes on its watchdog, re-reads the row and carries on.
 */
import { DurableObject } from "cloudflare:workers";
import { advancePlanJob } from "~/features/plans/plans.server";
import { LEASE_MS } from "~/features/plans/rules";
import type { AppContext } from "~/platform/context";
import { createAppContext } from "~/platform/context.server";

/** Waits longer than this (retry backoff) are left to an alarm instead of keeping the object awake. */
const MAX_IN_PLACE_WAIT_MS = 5_000;

export class PlanJobRunner extends DurableObject<Cloudflare.Env> {
  private context(): AppContext {
    // Work the job defers (a push to its room) is kept alive by the object's own state.
    return createAppContext(this.env, this.ctx);
  }

  /** Idempotent: remembers the job and wakes now unless a run or a retry is already scheduled. */
  async start(jobId: string): Promise<void> {
    await this.ctx.storage.put("jobId", jobId);
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now());
  }

  async alarm(): Promise<void> {
    const jobId = await this.ctx.storage.get<string>("jobId");
    if (!jobId) return;
    await this.ctx.storage.setAlarm(Date.now() + LEASE_MS + 1_000);
    for (;;) {
      const next = await advancePlanJob(this.context(), jobId);
      if (next === null) {
        await this.ctx.storage.deleteAlarm();
        await this.ctx.storage.deleteAll();
        return;
      }
      const wait = next - Date.now();
      if (wait > MAX_IN_PLACE_WAIT_MS) {
        await this.ctx.storage.setAlarm(next);
        return;
      }
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
