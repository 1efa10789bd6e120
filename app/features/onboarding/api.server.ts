/**
 * The JSON API of onboarding and plans (creator-app-builder spec 7 "Onboarding and plans"). Each
 * route file is one line calling a handler here. The caller is the signed-in user or the anonymous
 * visitor (X-Non-Auth-User-Id, else the cookie); the *ForTesting variants are the app owner's
 * preview: the draft flow, answers and plans kept apart under testingStepId.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requestUser } from "~/features/identity/tokens.server";
import { planMessages } from "~/features/plans/rules";
import { createPersonalizedPlan, planView } from "~/features/plans/plans.server";
import { apiJson, readBody } from "~/platform/api.server";
import type { AppContext } from "~/platform/context";
import { jsonError } from "~/platform/http.server";
import {
  apiCaller,
  completeState,
  flowTarget,
  linkOnboardingWithEmail,
  readState,
  saveState,
  type Caller,
  type Failure,
  type FlowTarget,
} from "./onboarding.server";
import { onboardingMessages, readPagesInfo, validatePage, visiblePages, type Answers } from "./rules";

type Args = LoaderFunctionArgs | ActionFunctionArgs;

const MAX_STATE_BYTES = 32_000;
const record = (name: string) =>
  z
    .record(z.unknown(), { required_error: `${name} is required`, invalid_type_error: `${name} must be an object` })
    .refine((v) => JSON.stringify(v).length <= MAX_STATE_BYTES, `${name} is too large`);
const testingStepId = z
  .string({ required_error: "testingStepId is required" })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, onboardingMessages.badTestingStep);
const flag = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).optional();

export const schemas = {
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

const fail = (f: Failure) => jsonError(f.status, f.error);

function badInput(error: z.ZodError) {
  const issue = error.issues[0];
  return jsonError(
    400,
    issue?.message ?? "Invalid request",
    error.issues.map((i) => ({ field: i.path.join("."), message: i.message })),
  );
}

interface Resolved {
  app: AppContext;
  request: Request;
  caller: Caller;
  target: FlowTarget;
}

/** Slugs, caller and flow: the public (published) flow, or with testing the owner's draft under testingStepId. */
async function resolve(args: Args, testing: string | null): Promise<{ ok: true; value: Resolved } | Failure> {
  const { app } = args.context;
  const s1 = args.params.storefrontSlug ?? "";
  const s2 = args.params.appSlug ?? "";
  if (testing !== null) {
    const user = await requestUser(app, args.request);
    if (!user) return { ok: false, status: 401, error: "User is not authenticated" };
    const target = await flowTarget(app, s1, s2, { testingStepId: testing, user });
    if (!target.ok) return target;
    return {
      ok: true,
      value: {
        app,
        request: args.request,
        caller: { subject: user.id, user, anonymousId: null, anonymousIds: [] },
        target: target.target,
      },
    };
  }
  const target = await flowTarget(app, s1, s2, null);
  if (!target.ok) return target;
  const caller = await apiCaller(app, args.request);
  if (!caller.ok) return caller;
  return { ok: true, value: { app, request: args.request, caller: caller.caller, target: target.target } };
}

async function body<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
): Promise<{ ok: true; value: z.output<S> } | { ok: false; response: Response }> {
  if (request.method !== "POST") return { ok: false, response: jsonError(405, "Method not allowed") };
  const raw = await readBody(request);
  if (!raw) return { ok: false, response: jsonError(400, "The body must be JSON or form data") };
  const parsed = schema.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, response: badInput(parsed.error) };
}

/** GET /api/apps/getAppOnboardingFlow/{s1}/{s2} → {status, flow}: the published flow (404 when none). */
export async function getAppOnboardingFlow(args: Args) {
  const target = await flowTarget(args.context.app, args.params.storefrontSlug ?? "", args.params.appSlug ?? "", null);
  if (!target.ok) return fail(target);
  return apiJson({ status: "success", flow: target.target.flow });
}

/** POST saveOnboardingUserState / saveOnboardingUserStateForTesting: the answers so far and where the visitor is. */
export async function saveOnboardingUserState(args: Args, testing: boolean) {
  const input = await body(args.request, testing ? schemas.saveForTesting : schemas.save);
  if (!input.ok) return input.response;
  const resolved = await resolve(
    args,
    testing ? (input.value as unknown as { testingStepId: string }).testingStepId : null,
  );
  if (!resolved.ok) return fail(resolved);
  const { app, caller, target } = resolved.value;
  await saveState(
    app,
    target.row.id,
    caller.subject,
    target.testingStepId,
    input.value.userState as Answers,
    readPagesInfo(input.value.pagesInfo),
  );
  return apiJson({ status: "success" });
}

/** GET getOnboardingUserState (ForTesting: ?testingStepId=) → {response: {userState, pagesInfo}}. */
export async function getOnboardingUserState(args: Args, testing: boolean) {
  let step: string | null = null;
  if (testing) {
    const parsed = testingStepId.safeParse(new URL(args.request.url).searchParams.get("testingStepId") ?? undefined);
    if (!parsed.success) return badInput(parsed.error);
    step = parsed.data;
  }
  const resolved = await resolve(args, step);
  if (!resolved.ok) return fail(resolved);
  const { app, caller, target } = resolved.value;
  const state = await readState(app, target.row.id, caller.subject, target.testingStepId);
  return apiJson({
    status: "success",
    response: {
      userState: state?.userState ?? {},
      pagesInfo: state?.pagesInfo ?? readPagesInfo(null),
      completed: Boolean(state?.completedAt),
    },
  });
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
 * Completion (the page's last step and POST completeOnboarding): the final answers and pagesInfo
 * stored, the onboarding completed, then the plan requested (a new one when the answers changed).
 */
export async function completeAndRequestPlan(
  app: AppContext,
  target: FlowTarget,
  subject: string,
  finalUserState: Answers,
  pagesInfo: Record<string, unknown>,
) {
  await completeState(app, target.row.id, subject, target.testingStepId, finalUserState, pagesInfo);
  return createPersonalizedPlan(
    app,
    { appId: target.row.id, subject, testingStepId: target.testingStepId },
    finalUserState,
    { regenerateWhenChanged: true },
  );
}

/** POST /api/apps/completeOnboarding/{s1}/{s2} {finalUserState, pagesInfo} → {status, planStatus}. */
export async function completeOnboarding(args: Args) {
  const input = await body(args.request, schemas.complete);
  if (!input.ok) return input.response;
  const resolved = await resolve(args, null);
  if (!resolved.ok) return fail(resolved);
  const { app, caller, target } = resolved.value;
  const checked = checkAllAnswers(target, input.value.finalUserState as Answers);
  if (!checked.ok) return jsonError(400, checked.error);
  const pagesInfo = {
    ...readPagesInfo(input.value.pagesInfo ?? {}),
    currentPageId: "plan",
    completedPageIds: visiblePages(target.flow, checked.answers).map((p) => p.id),
  };
  const plan = await completeAndRequestPlan(app, target, caller.subject, checked.answers, pagesInfo);
  return apiJson({ status: "success", planStatus: plan.status, userId: caller.subject });
}

/** POST createPersonalizedPlan (ForTesting too) {userState, forceRegenerate} → {status}; failure {status:'error'}. */
export async function createPlan(args: Args, testing: boolean) {
  const input = await body(args.request, testing ? schemas.createPlanForTesting : schemas.createPlan);
  if (!input.ok) return input.response;
  const resolved = await resolve(
    args,
    testing ? (input.value as unknown as { testingStepId: string }).testingStepId : null,
  );
  if (!resolved.ok) return fail(resolved);
  const { app, caller, target } = resolved.value;
  try {
    const stored = await readState(app, target.row.id, caller.subject, target.testingStepId);
    const userState =
      (input.value.userState as Answers | undefined) ?? stored?.finalUserState ?? stored?.userState ?? {};
    const result = await createPersonalizedPlan(
      app,
      { appId: target.row.id, subject: caller.subject, testingStepId: target.testingStepId },
      userState,
      {
        forceRegenerate: input.value.forceRegenerate ?? false,
      },
    );
    return apiJson({ status: result.status, jobId: result.jobId });
  } catch (error) {
    console.error("plans: createPersonalizedPlan failed", String(error));
    return apiJson({ status: "error" }, { status: 500 });
  }
}

const MISSING_IDS = new Set(["", "undefined", "null"]);

/**
 * GET /api/apps/checkPlanStatus/{userId}/{s1}/{s2} (?testingStepId= for the preview) → {status, plan}.
 * The userId must be the caller's own (their user id or their anonymous id): 403 otherwise.
 */
export async function checkPlanStatus(args: Args) {
  const userId = (args.params.userId ?? "").trim();
  if (MISSING_IDS.has(userId)) return jsonError(400, planMessages.userIdRequired);
  const step = new URL(args.request.url).searchParams.get("testingStepId");
  const resolved = await resolve(args, step);
  if (!resolved.ok) return fail(resolved);
  const { app, caller, target } = resolved.value;
  if (userId !== caller.subject && userId !== caller.anonymousId) return jsonError(403, planMessages.notYours);
  try {
    const view = await planView(app, target.row.id, userId, target.testingStepId);
    return apiJson({ status: view.status, plan: view.plan, progress: view.progress, jobId: view.jobId });
  } catch (error) {
    console.error("plans: checkPlanStatus failed", String(error));
    return apiJson({ status: "error", error: planMessages.checkFailed }, { status: 500 });
  }
}

/** POST /api/users/linkOnboardingWithEmail/{s1}/{s2} {email, nonAuthUserId?} → {status, linked}. */
export async function linkOnboarding(args: Args) {
  const input = await body(args.request, schemas.link);
  if (!input.ok) return input.response;
  const resolved = await resolve(args, null);
  if (!resolved.ok) return fail(resolved);
  const { app, caller, target } = resolved.value;
  const result = await linkOnboardingWithEmail(app, caller, target.row.id, {
    email: input.value.email,
    nonAuthUserId: input.value.nonAuthUserId ?? null,
  });
  if (!result.ok) return fail(result);
  return apiJson({ status: "success", linked: result.linked, moved: result.moved });
}
