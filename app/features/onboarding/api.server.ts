/**
 * The services behind the JSON API of onboarding and plans (creator-app-builder spec 7 "Onboarding
 * and plans"); each route under app/routes/api.apps.* is one wrapper calling one of these. The
 * caller is the signed-in user or the anonymous visitor (X-Non-Auth-User-Id, else the cookie), as
 * the route read it (CallerClaim); the *ForTesting variants are the app owner's preview: the draft
 * flow, answers and plans kept apart under testingStepId.
 */
import { z } from "zod";
import { planMessages } from "~/features/plans/rules";
import { answersOfPlan, createPersonalizedPlan, planView } from "~/features/plans/plans.server";
import type { Client } from "~/platform/client.server";
import type { AppContext } from "~/platform/context";
import { ServiceError, type Failure as FailureKind } from "~/platform/service-error";
import {
  apiCaller,
  completeState,
  flowTarget,
  linkOnboardingWithEmail,
  readState,
  saveState,
  type Caller,
  type CallerClaim,
  type Failure,
  type FlowTarget,
} from "./onboarding.server";
import { onboardingMessages, planRequestOf, readPagesInfo, validatePage, visiblePages, type Answers } from "./rules";

const MAX_STATE_BYTES = 32_000;
const record = (name: string) =>
  z
    .record(z.unknown(), { required_error: `${name} is required`, invalid_type_error: `${name} must be an object` })
    .refine((v) => JSON.stringify(v).length <= MAX_STATE_BYTES, `${name} is too large`);
const testingStepId = z
  .string({ required_error: "testingStepId is required" })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, onboardingMessages.badTestingStep);
const flag = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).optional();

/** One schema per call (the routes hand them to the API wrapper). */
export const schemas = {
  none: z.object({}),
  testingQuery: z.object({ testingStepId }),
  planStatusQuery: z.object({ testingStepId: z.string().optional() }),
  save: z.object({ userState: record("userState"), pagesInfo: record("pagesInfo") }),
  saveForTesting: z.object({ userState: record("userState"), pagesInfo: record("pagesInfo"), testingStepId }),
  complete: z.object({ finalUserState: record("finalUserState"), pagesInfo: record("pagesInfo").optional() }),
  createPlan: z.object({ userState: record("userState").optional(), forceRegenerate: flag }),
  createPlanForTesting: z.object({ userState: record("userState").optional(), testingStepId, forceRegenerate: flag }),
  link: z.object({
    email: z
      .string({ required_error: "email is required" })
      .trim()
      .toLowerCase()
      .email("email must be a valid email address")
      .max(200),
    nonAuthUserId: z.string().trim().max(60).optional().nullable(),
  }),
};

/** The app a call names by its two slugs. */
export interface AppRef {
  storefrontSlug: string;
  appSlug: string;
}

const FAILURE_KIND: Record<Failure["status"], FailureKind> = {
  400: "invalid",
  401: "unauthenticated",
  403: "forbidden",
  404: "not-found",
};

/** A refusal, as the service error the wrapper answers with its status and message. */
function refuse(failure: Failure): never {
  throw new ServiceError(FAILURE_KIND[failure.status], failure.error);
}

/** Slugs, caller and flow: the public (published) flow, or with testing the owner's draft under testingStepId. */
async function resolve(
  app: AppContext,
  ref: AppRef,
  claim: CallerClaim,
  testing: string | null,
): Promise<{ caller: Caller; target: FlowTarget }> {
  if (testing !== null) {
    const user = claim.user;
    if (!user) refuse({ ok: false, status: 401, error: "User is not authenticated" });
    const target = await flowTarget(app, ref.storefrontSlug, ref.appSlug, { testingStepId: testing, user });
    if (!target.ok) refuse(target);
    return { caller: { subject: user.id, user, anonymousId: null, anonymousIds: [] }, target: target.target };
  }
  const target = await flowTarget(app, ref.storefrontSlug, ref.appSlug, null);
  if (!target.ok) refuse(target);
  const caller = apiCaller(claim);
  if (!caller.ok) refuse(caller);
  return { caller: caller.caller, target: target.target };
}

/** GET getAppOnboardingFlow → {status, flow}: the published flow (404 when none). */
export async function publishedOnboardingFlow(app: AppContext, ref: AppRef) {
  const target = await flowTarget(app, ref.storefrontSlug, ref.appSlug, null);
  if (!target.ok) refuse(target);
  return { status: "success", flow: target.target.flow };
}

/** POST saveOnboardingUserState / saveOnboardingUserStateForTesting: the answers so far and where the visitor is. */
export async function saveOnboardingUserState(
  app: AppContext,
  ref: AppRef,
  claim: CallerClaim,
  input: z.output<typeof schemas.save> & { testingStepId?: string },
) {
  const { caller, target } = await resolve(app, ref, claim, input.testingStepId ?? null);
  await saveState(
    app,
    target.row.id,
    caller.subject,
    target.testingStepId,
    input.userState as Answers,
    readPagesInfo(input.pagesInfo),
  );
  return { status: "success" };
}

/** GET getOnboardingUserState (ForTesting: ?testingStepId=) → {response: {userState, pagesInfo}}. */
export async function onboardingUserState(app: AppContext, ref: AppRef, claim: CallerClaim, testing: string | null) {
  const { caller, target } = await resolve(app, ref, claim, testing);
  const state = await readState(app, target.row.id, caller.subject, target.testingStepId);
  return {
    status: "success",
    response: {
      userState: state?.userState ?? {},
      pagesInfo: state?.pagesInfo ?? readPagesInfo(null),
      completed: Boolean(state?.completedAt),
    },
  };
}

/** Every visible page's answers checked against its questions: the first problem, or the typed answers. */
export function checkAllAnswers(
  target: FlowTarget,
  answers: Answers,
): { ok: true; answers: Answers } | { ok: false; error: string } {
  const typed: Answers = { ...answers };
  for (const page of visiblePages(target.flow, answers)) {
    const check = validatePage(page, answers);
    if (!check.ok) {
      const [key, error] = Object.entries(check.fieldErrors)[0];
      return { ok: false, error: `${key}: ${error}` };
    }
    for (const q of page.questions) {
      if (check.answers[q.key] === undefined) delete typed[q.key];
      else typed[q.key] = check.answers[q.key];
    }
  }
  return { ok: true, answers: typed };
}

/**
 * Completion (the page's last step and POST completeOnboarding): the plan requested (a new one when
 * the answers changed), then the final answers and pagesInfo stored and the onboarding completed.
 * The plan comes first so that a new plan past its limits (a 'too-many' ServiceError) changes
 * nothing: the answers stay those the current plan was made of.
 */
export async function completeAndRequestPlan(
  app: AppContext,
  target: FlowTarget,
  subject: string,
  finalUserState: Answers,
  pagesInfo: Record<string, unknown>,
  client: Client,
) {
  const { answers, regenerate } = planRequestOf(finalUserState);
  const plan = await createPersonalizedPlan(
    app,
    { appId: target.row.id, subject, testingStepId: target.testingStepId },
    answers,
    { regenerateWhenChanged: true, forceRegenerate: regenerate, client },
  );
  await completeState(app, target.row.id, subject, target.testingStepId, finalUserState, pagesInfo);
  return plan;
}

/** POST completeOnboarding {finalUserState, pagesInfo} → {status, planStatus}; `client` is the requesting client (plan limits). */
export async function completeOnboarding(
  app: AppContext,
  ref: AppRef,
  claim: CallerClaim,
  input: z.output<typeof schemas.complete>,
  client: Client,
) {
  const { caller, target } = await resolve(app, ref, claim, null);
  const checked = checkAllAnswers(target, input.finalUserState as Answers);
  if (!checked.ok) throw new ServiceError("invalid", checked.error);
  const pagesInfo = {
    ...readPagesInfo(input.pagesInfo ?? {}),
    currentPageId: "plan",
    completedPageIds: visiblePages(target.flow, checked.answers).map((p) => p.id),
  };
  const plan = await completeAndRequestPlan(app, target, caller.subject, checked.answers, pagesInfo, client);
  return { status: "success", planStatus: plan.status, userId: caller.subject };
}

/**
 * POST createPersonalizedPlan (ForTesting too) {userState, forceRegenerate} → {status, jobId}. The
 * answers are the given userState, else the stored ones (the completed onboarding's, else those saved
 * so far); either way they are checked against the flow (the published one, or the owner's draft for
 * the preview) as completeOnboarding checks them, and refused with its words (400): a plan is never
 * made of answers the flow would not take, nor of none. A new plan counts in the plan limits
 * (plans/limits.server.ts) of `client`, the requesting client. Null when the plan could not be
 * requested (the route answers the spec's {status:'error'}); a refusal (400, 429) is thrown for the
 * wrapper to answer.
 */
export async function requestPersonalizedPlan(
  app: AppContext,
  ref: AppRef,
  claim: CallerClaim,
  input: z.output<typeof schemas.createPlan> & { testingStepId?: string },
  client: Client,
) {
  const { caller, target } = await resolve(app, ref, claim, input.testingStepId ?? null);
  try {
    const subject = { appId: target.row.id, subject: caller.subject, testingStepId: target.testingStepId };
    const stored =
      input.userState === undefined ? await readState(app, target.row.id, caller.subject, target.testingStepId) : null;
    // Without answers sent: the onboarding's, else those the current plan was made from (a plan asked
    // for through the API alone has no onboarding state).
    const userState =
      (input.userState as Answers | undefined) ??
      stored?.finalUserState ??
      stored?.userState ??
      ((await answersOfPlan(app, subject)) as Answers | null) ??
      {};
    const { answers, regenerate } = planRequestOf(userState);
    const checked = checkAllAnswers(target, answers);
    if (!checked.ok) throw new ServiceError("invalid", checked.error);
    const result = await createPersonalizedPlan(app, subject, checked.answers, {
      forceRegenerate: (input.forceRegenerate ?? false) || regenerate,
      client,
    });
    return { status: result.status, jobId: result.jobId };
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    console.error("plans: createPersonalizedPlan failed", String(error));
    return null;
  }
}

const MISSING_IDS = new Set(["", "undefined", "null"]);

/**
 * GET checkPlanStatus/{userId} (?testingStepId= for the preview) → {status, plan, progress, jobId};
 * null when it could not be read (the route answers the spec's error). The userId must be the
 * caller's own (their user id or their anonymous id): 403 otherwise.
 */
export async function planStatus(
  app: AppContext,
  ref: AppRef,
  claim: CallerClaim,
  userIdParam: string,
  testing: string | null,
) {
  const userId = userIdParam.trim();
  if (MISSING_IDS.has(userId)) throw new ServiceError("invalid", planMessages.userIdRequired);
  const { caller, target } = await resolve(app, ref, claim, testing);
  if (userId !== caller.subject && userId !== caller.anonymousId)
    throw new ServiceError("forbidden", planMessages.notYours);
  try {
    const view = await planView(app, target.row.id, userId, target.testingStepId);
    return { status: view.status, plan: view.plan, progress: view.progress, jobId: view.jobId };
  } catch (error) {
    console.error("plans: checkPlanStatus failed", String(error));
    return null;
  }
}

/** POST linkOnboardingWithEmail {email, nonAuthUserId?} → {status, linked, moved}. */
export async function linkOnboarding(
  app: AppContext,
  ref: AppRef,
  claim: CallerClaim,
  input: z.output<typeof schemas.link>,
) {
  const { caller, target } = await resolve(app, ref, claim, null);
  const result = await linkOnboardingWithEmail(app, caller, target.row.id, {
    email: input.email,
    nonAuthUserId: input.nonAuthUserId ?? null,
  });
  if (!result.ok) refuse(result);
  return { status: "success", linked: result.linked, moved: result.moved };
}
