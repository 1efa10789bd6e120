/**
 * Personalized plan rules (creator-app-builder spec 3, 4, 9): what checkPlanStatus answers, the
 * client's polling rule, the job's timing (progress marks, lease, retry backoff) and its dedupe key.
 * Pure: shared by the worker, the job runner, the browser and the tests.
 */
import { PLAN_DEFAULTS, type Plan, type PlanPhase } from "~/db/app-content";

import { jobRoom, readJobMessage, type JobMessage } from "~/features/jobs/rules";

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

/** One job per subject's plan generation: a double submit finds the same key. */
export function planDedupeKey(appId: string, subject: string, testingStepId: string, generation: number): string {
  return `plan:${appId}:${subject}:${testingStepId}:${generation}`;
}

/** A plan job's realtime room (the job runner's, kept as 'plan-<job id>'). */
export const planRoom = (jobId: string) => jobRoom("plan", jobId);

/** What a plan job pushes to its room. */
export type PlanJobMessage = JobMessage;
export const readPlanJobMessage = readJobMessage;

/**
 * How the timeline names a phase: 'Week 3' when every phase has a week of its own; 'Phase 2 of 13'
 * when phases are shorter than a week (the spec's 13 phases over 6 weeks), so no two phases carry
 * the same label.
 */
export function phaseLabel(phases: readonly Pick<PlanPhase, "weekNumber">[], index: number): string {
  const weeks = new Set(phases.map((p) => p.weekNumber));
  return weeks.size === phases.length ? `Week ${phases[index]!.weekNumber}` : `Phase ${index + 1} of ${phases.length}`;
}
