/**
 * The simulator's jobs as its screen follows them: a persona's plan (a "plan" job) and a simulated
 * run's AI cards ("activity-card" jobs). Neither carries the creator's userId, so the builders'
 * GET /api/jobs/{jobId} does not answer them; this answers their status to the app's owner only.
 */
import { jobById, jobStatusView, type JobStatusView } from "~/features/jobs/jobs.server";
import { openRun } from "~/features/activities/runs.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { openSimulatorApp, testingStepOfApp, type Creator } from "./access.server";

const notFound = () => new ServiceError("not-found", "Job not found");

export async function simulatorJobStatus(app: AppContext, user: Creator, jobId: string): Promise<JobStatusView> {
  const job = await jobById<{ appId?: unknown; subject?: unknown; testingStepId?: unknown; runId?: unknown }>(
    app,
    jobId,
  );
  if (!job) throw notFound();
  const { appId, subject, testingStepId, runId } = job.input;
  if (job.kind === "plan") {
    // A persona's plan only: a real user's plan job is not the simulator's to show.
    if (typeof appId !== "string" || typeof testingStepId !== "string" || !testingStepId) throw notFound();
    const row = await openSimulatorApp(app, user, appId);
    await testingStepOfApp(app, row.id, testingStepId);
    if (subject !== user.id) throw new ServiceError("forbidden", "This job is not yours");
    return jobStatusView(job);
  }
  if (job.kind === "activity-card" && typeof runId === "string") {
    const run = await openRun(app, user.id, runId);
    if (!run.testingStepId) throw notFound();
    return jobStatusView(job);
  }
  throw notFound();
}
