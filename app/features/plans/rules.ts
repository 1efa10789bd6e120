/**
 * Personalized plan rules (creator-app-builder spec 3, 4, 9): what checkPlanStatus answers, the
 * client's polling rule, the job's timing (progress marks, lease, retry backoff), its dedupe key, and
 * the limits on new plans with what a refused person is told. Pure: shared by the worker, the job runner, the browser and the tests.
 */
import { PLAN_DEFAULTS, type Plan, type PlanPhase } from "~/db/app-content";

import { ANONYMOUS_ID } from "~/features/identity/anonymous-id";
import type { WindowPolicy } from "~/features/identity/rules";
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

/**
 * Whether a new plan is the subject's first (they have no plan to show: none yet, or the one they
 * had failed) or a regeneration of a plan they have (forceRegenerate, changed answers at completion,
 * the plan page's "Make a new plan").
 */
export type PlanGeneration = "first" | "regeneration";

export function generationOf(existing: { status: PlanStatus } | null): PlanGeneration {
  return existing === null || existing.status === "failed" ? "first" : "regeneration";
}

const HOUR_MS = 60 * 60_000;

/**
 * How many regenerations (each one an AI call) may be made in an hour. Anonymous ids cost nothing to
 * make, so an anonymous visitor's regenerations count per visitor, per client (the connecting
 * address, platform/client.server.ts; locally the one machine) and per app. A signed-in user's count
 * per user. A first plan is never limited: what it may cost is bounded by the AI meter (the end user's
 * day on the app and the app's budget, past which the plan is made without a model). The owner's
 * preview is not limited here either (it is metered with the creator's own AI use).
 */
export const PLAN_LIMITS = {
  /** One visitor (anonymous id) or signed-in user, in one app: 3 new plans an hour after their first. */
  subjectRegenerations: { kind: "window", limit: 3, windowMs: HOUR_MS },
  /** Every anonymous visitor from one client: more than one person makes, fewer than a script. */
  clientRegenerations: { kind: "window", limit: 20, windowMs: HOUR_MS },
  /** Every anonymous visitor of one app together. */
  appRegenerations: { kind: "window", limit: 60, windowMs: HOUR_MS },
} as const satisfies Record<string, WindowPolicy>;

export type PlanLimitName = keyof typeof PLAN_LIMITS;

export interface PlanLimit {
  name: PlanLimitName;
  /** The attempt counter's key (features/identity/attempts.server.ts). */
  key: string;
  policy: WindowPolicy;
}

/** Who asks for a new plan, as the limits read it. */
export interface PlanRequester {
  appId: string;
  /** The signed-in user's id, or the anonymous visitor's 'anon_' id. */
  subject: string;
  /** '' for real users; the owner's preview step otherwise. */
  testingStepId: string;
  /** The client's throttle key (platform/client.server.ts Client.key). */
  clientKey: string;
}

const limit = (name: PlanLimitName, key: string): PlanLimit => ({ name, key, policy: PLAN_LIMITS[name] });

/** The windows a new plan counts in, the requester's own first (the first that is full refuses it). */
export function planLimitsFor(requester: PlanRequester, generation: PlanGeneration): PlanLimit[] {
  const { appId, subject, testingStepId, clientKey } = requester;
  if (testingStepId !== "") return [];
  const anonymous = ANONYMOUS_ID.test(subject);
  if (generation === "first") return [];
  const own = limit("subjectRegenerations", `plans:regenerations:${appId}:${subject}`);
  if (!anonymous) return [own];
  return [
    own,
    limit("clientRegenerations", `plans:regenerations:client:${clientKey}`),
    limit("appRegenerations", `plans:regenerations:app:${appId}`),
  ];
}

/** "1 minute", "42 minutes": a wait in whole minutes, rounded up. */
export function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** What a person is told when a limit refuses a new plan, with how long until the next one. */
export function planLimitMessage(name: PlanLimitName, waitMs: number): string {
  const wait = minutesText(waitMs);
  switch (name) {
    case "subjectRegenerations":
      return `You have made a new plan ${PLAN_LIMITS.subjectRegenerations.limit} times in the last hour. You can make another in ${wait}.`;
    case "clientRegenerations":
      return `Too many new plans have been made from your network in the last hour. You can make another in ${wait}.`;
    case "appRegenerations":
      return `Too many new plans have been made for this app in the last hour. You can make another in ${wait}.`;
  }
}
