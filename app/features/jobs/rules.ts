/**
 * The job runner's pure rules: the kinds of long work, how progress moves, leases and retries, the
 * room each job's progress goes to and the message pushed there. Shared by the runner (server) and
 * the pages that show a job's progress (browser).
 */

/** Every kind of long work; each has a handler (workers/jobs.ts puts them together). */
export const JOB_KINDS = [
  "plan",
  "brainstorm",
  "build-app",
  "describe-media",
  "app-images",
  // issue 14: an activity's AI card (analysis, picture, summary) and a test flow's replay
  "activity-card",
  "test-flow-replay",
] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export type JobStatus = "queued" | "running" | "completed" | "failed";

/** The job's progress marks before its work: claimed, then two paced steps; 100 when done. */
export const PROGRESS = [10, 40, 70, 100] as const;
/** Pause between the runner's steps, so progress is something a person can see. */
export const STEP_DELAY_MS = 400;
/** A running job whose lease ran out (its runner died) is claimed again by the next alarm or sweep. */
export const LEASE_MS = 30_000;
export const MAX_ATTEMPTS = 5;

export const jobMessages = {
  /** A job that failed for a reason of ours (the details are in the logs, never in an answer). */
  failed: "Something went wrong on our side. Please try again.",
} as const;

/** Exponential backoff after failed attempt n (1-based): 2 s, 4 s, 8 s … capped at 5 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(300_000, 1_000 * 2 ** Math.max(1, attempt));
}

/** The progress mark after `progress` (10 → 40 → 70), or null when the next step is the work itself. */
export function nextProgress(progress: number): number | null {
  const next = PROGRESS.find((p) => p > progress);
  return next === undefined || next === 100 ? null : next;
}

/**
 * The realtime room a job's progress goes to, named after the job's unguessable id: anyone who
 * knows the id may listen (the id is only ever given to whoever started the job).
 */
export function jobRoom(kind: JobKind, jobId: string): string {
  return `${kind === "plan" ? "plan" : "job"}-${jobId}`;
}

/** What the runner pushes to the room. Plans keep their original message type. */
export type JobMessage = {
  type: "plan-progress" | "job-progress";
  jobId: string;
  kind?: JobKind;
  progress: number;
  status: JobStatus;
};

export function readJobMessage(data: unknown): JobMessage | null {
  try {
    const value = typeof data === "string" ? JSON.parse(data) : data;
    const type = value && typeof value === "object" ? (value as JobMessage).type : null;
    return type === "plan-progress" || type === "job-progress" ? (value as JobMessage) : null;
  } catch {
    return null;
  }
}
