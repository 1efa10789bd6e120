/**
 * JobRunner: the Durable Object that runs one background job of any kind (bound as Jobs in
 * wrangler.toml, one object per job id). It keeps only the job id; the jobs row in D1 is the truth.
 * start() sets an alarm. The alarm first re-arms itself as a watchdog (the job's lease from now),
 * then runs the job's steps (features/jobs advanceJob, with every kind's handler below) with short
 * waits between them; a retry's backoff is a later alarm. Alarms are durable: an object evicted or
 * restarted mid-job wakes on its watchdog, re-reads the row and carries on.
 */
import { DurableObject } from "cloudflare:workers";
import { activityCardJobHandler } from "~/features/activities/runs.server";
import { brainstormJobHandler } from "~/features/builder/brainstorms.server";
import { buildAppJobHandler } from "~/features/builder/build-app.server";
import { appImagesJobHandler } from "~/features/builder/landing/screenshots.server";
import { advanceJob, type JobHandlers } from "~/features/jobs/jobs.server";
import { describeMediaJobHandler } from "~/features/media/describe/describe-job.server";
import { LEASE_MS } from "~/features/jobs/rules";
import { planJobHandler } from "~/features/plans/plans.server";
import { testFlowReplayJobHandler } from "~/features/simulator/replay.server";
import type { AppContext } from "~/platform/context";
import { createAppContext } from "~/platform/context.server";

/** Every kind of job and the feature that does its work. */
const HANDLERS: JobHandlers = {
  plan: planJobHandler(),
  brainstorm: brainstormJobHandler,
  "build-app": buildAppJobHandler,
  "describe-media": describeMediaJobHandler,
  "app-images": appImagesJobHandler,
  "activity-card": activityCardJobHandler,
  "test-flow-replay": testFlowReplayJobHandler,
};

/** Waits longer than this (retry backoff) are left to an alarm instead of keeping the object awake. */
const MAX_IN_PLACE_WAIT_MS = 5_000;

export class JobRunner extends DurableObject<Cloudflare.Env> {
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
      const next = await advanceJob(this.context(), jobId, HANDLERS);
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
