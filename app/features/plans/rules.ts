/**
 * Personalized plan rules (creator-app-builder spec 3, 4, 9): what checkPlanStatus answers, the
 * client's polling rule, the job's timing (progress marks, lease, retry backoff) and its dedupe key.
 * Pure: shared by the worker, the job runner, the browser and the tests.
 */
import { PLAN_DEFAULTS, type Plan, type PlanPhase } from "~/db/app-content";

export type PlanStatus = "pending" | "completed" | "failed";

export const planMessages = {
  userIdRequired: "User ID is required to check plan status",
  checkFailed: "Failed to check plan status",
  notYours: "You may only check your own plan",
  failed: "We could not make your plan. Please try again.",
} as const;

/** Spec 4: phases without an id or a title are discarded. */
export function cleanPhases(phases: unknown): PlanPhase[] {
  if (!Array.isArray(phases)) return [];
  return phases.filter((p): p is PlanPhase =>
    Boolean(p && typeof p === "object" && (p as PlanPhase).id && (p as PlanPhase).title),
  );
}

export function cleanPlan(plan: Plan | null | undefined): Plan | null {
  if (!plan || typeof plan !== "object") return null;
  return { ...plan, phases: cleanPhases(plan.phases) };
}

/** checkPlanStatus's answer: 'completed' only when a plan is present (else still 'pending'). */
export function planStatusAnswer(row: { status: PlanStatus; plan: Plan | null } | null): {
  status: PlanStatus | "not_found";
  plan: Plan | null;
} {
  if (!row) return { status: "not_found", plan: null };
  const plan = cleanPlan(row.plan);
  if (row.status === "completed") return plan ? { status: "completed", plan } : { status: "pending", plan: null };
  return { status: row.status, plan: null };
}

/**
 * Spec 4, 9: a completed plan with fewer phases than expected (13) is polled again, up to 3 times
 * at 1500 ms. `retriesDone` counts the re-polls already made for a short plan. Returns the delay
 * before the next poll, or null to stop.
 */
export function nextPollDelay(
  answer: { status: string; plan: Pick<Plan, "phases"> | null },
  retriesDone: number,
  { expected = PLAN_DEFAULTS.expectedPhases, pendingMs = POLL_MS } = {},
): number | null {
  if (answer.status === "pending" || answer.status === "not_found") return pendingMs;
  if (answer.status !== "completed" || !answer.plan) return null;
  if (answer.plan.phases.length >= expected) return null;
  return retriesDone < PLAN_DEFAULTS.pollRetries ? PLAN_DEFAULTS.pollRetryMs : null;
}

/** How often the page polls checkPlanStatus while the plan is pending (with JavaScript). */
export const POLL_MS = 1_750;
/** Without JavaScript the pending page refreshes itself this often (seconds). */
export const REFRESH_SECONDS = 2;

/** The job's progress marks: claimed, two working steps, done. */
export const PROGRESS = [10, 40, 70, 100] as const;
/** Pause between the runner's steps, so progress is something a person can see. */
export const STEP_DELAY_MS = 400;
/** A running job whose lease ran out (its runner died) is claimed again by the next alarm or sweep. */
export const LEASE_MS = 30_000;
export const MAX_ATTEMPTS = 5;

/** Exponential backoff after failed attempt n (1-based): 2 s, 4 s, 8 s … capped at 5 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(300_000, 1_000 * 2 ** Math.max(1, attempt));
}

/** The progress mark after `progress` (10 → 40 → 70), or null when the next step is the last (writing the plan). */
export function nextProgress(progress: number): number | null {
  const next = PROGRESS.find((p) => p > progress);
  return next === undefined || next === 100 ? null : next;
}

/** One job per subject's plan generation: a double submit finds the same key. */
export function planDedupeKey(appId: string, subject: string, testingStepId: string, generation: number): string {
  return `plan:${appId}:${subject}:${testingStepId}:${generation}`;
}

/** The realtime room a job's progress goes to: named after the job's unguessable id. */
export function planRoom(jobId: string): string {
  return `plan-${jobId}`;
}

/** What the runner pushes to the room. */
export type PlanJobMessage = {
  type: "plan-progress";
  jobId: string;
  progress: number;
  status: "queued" | "running" | "completed" | "failed";
};

export function readPlanJobMessage(data: unknown): PlanJobMessage | null {
  try {
    const value = typeof data === "string" ? JSON.parse(data) : data;
    return value && typeof value === "object" && (value as PlanJobMessage).type === "plan-progress"
      ? (value as PlanJobMessage)
      : null;
  } catch {
    return null;
  }
}
