/**
 * The onboarding pages (/apps/{storefrontSlug}/{appSlug}/onboarding) and the plan page
 * (/apps/{storefrontSlug}/{appSlug}/onboarding/plan), without JavaScript first: each step is a form
 * post that checks the page's answers, saves userState and pagesInfo and answers 303 to the next
 * step; the last one completes the onboarding, requests the plan and goes to the plan page. The
 * visitor is the signed-in user or the anonymous id of the dx_non_auth_user_id cookie (made on the
 * first answer when missing). ?testingStepId= is the app owner's preview: the draft flow, answers
 * and plans kept apart.
 */
import { loadAppPlans } from "~/features/apps/payment-options.server";
import { data, redirect } from "@remix-run/cloudflare";
import type { UserRow } from "~/db/schema";
import type { Plan, Theme } from "~/features/apps/content";
import { DEFAULT_THEME } from "~/features/apps/content";
import { anonymousCookie, anonymousIdOf, newAnonymousId } from "~/features/identity/anonymous.server";
import { authHref } from "~/features/identity/modal";
import { currentUser } from "~/features/identity/sessions.server";
import { createPersonalizedPlan, planView } from "~/features/plans/plans.server";
import type { AppContext } from "~/platform/context";
import { formDataOf, isSecureRequest } from "~/platform/http.server";
import { completeAndRequestPlan } from "./api.server";
import { adoptAnonymousOnboarding, flowTarget, readState, saveState, type FlowTarget } from "./onboarding.server";
import {
  mergeAnswers,
  nextPage,
  pageById,
  pageFields,
  pagesInfoAfter,
  PLAN_STEP,
  previousPage,
  readPagesInfo,
  resumePage,
  stepNumber,
  validatePage,
  visiblePages,
  type Answers,
} from "./rules";

type Params = { storefrontSlug?: string; appSlug?: string };

/** Short-lived onboarding auth state (spec 2): set while the sign-in modal is open over an onboarding page. */
export const ONBOARDING_AUTH_COOKIE = "dx_onboarding_auth";

export function onboardingPath(
  storefrontSlug: string,
  appSlug: string,
  query: { step?: string | null; testingStepId?: string | null } = {},
) {
  const params = new URLSearchParams();
  if (query.step) params.set("step", query.step);
  if (query.testingStepId) params.set("testingStepId", query.testingStepId);
  const search = params.toString();
  return `/apps/${storefrontSlug}/${appSlug}/onboarding${search ? `?${search}` : ""}`;
}

export function planPath(storefrontSlug: string, appSlug: string, testingStepId?: string | null) {
  return `/apps/${storefrontSlug}/${appSlug}/onboarding/plan${testingStepId ? `?testingStepId=${encodeURIComponent(testingStepId)}` : ""}`;
}

interface Resolved {
  target: FlowTarget;
  user: UserRow | null;
  /** Whose answers: the user's id, the anonymous id, or null for a first-time visitor without a cookie. */
  subject: string | null;
  testingStepId: string | null;
  storefrontSlug: string;
  appSlug: string;
}

/** The app, flow and visitor; a 404 (or the owner check's 403) is thrown as the page's error. */
async function resolvePage(app: AppContext, request: Request, params: Params): Promise<Resolved> {
  const url = new URL(request.url);
  const storefrontSlug = params.storefrontSlug ?? "";
  const appSlug = params.appSlug ?? "";
  const testingStepId = url.searchParams.get("testingStepId");
  const user = await currentUser(app, request);
  const target = await flowTarget(
    app,
    storefrontSlug,
    appSlug,
    testingStepId !== null ? { testingStepId, user } : null,
  );
  if (!target.ok) {
    if (target.status === 401)
      throw redirect(
        authHref(url.pathname + url.search, "Login") + `&redirect=${encodeURIComponent(url.pathname + url.search)}`,
      );
    throw new Response(target.error, { status: target.status === 400 ? 404 : target.status });
  }
  if (user && testingStepId === null) await adoptAnonymousOnboarding(app, request, user);
  const subject = testingStepId !== null ? user!.id : (user?.id ?? anonymousIdOf(request));
  return { target: target.target, user, subject, testingStepId, storefrontSlug, appSlug };
}

function themeOf(target: FlowTarget): Theme {
  return (target.testingStepId ? target.row.theme : target.row.published?.theme) ?? DEFAULT_THEME;
}

function chrome(r: Resolved, returnPath: string) {
  return {
    appName: r.target.row.name,
    storefrontSlug: r.storefrontSlug,
    appSlug: r.appSlug,
    theme: themeOf(r.target),
    preview: r.testingStepId,
    signedIn: Boolean(r.user),
    signInHref: `${authHref(returnPath, "Login")}&redirect=${encodeURIComponent(returnPath)}`,
    landingHref: `/apps/${r.storefrontSlug}/${r.appSlug}`,
  };
}

/** Sets (when the sign-in modal is open) or clears the onboarding auth state cookie. */
function authStateCookie(request: Request, r: Resolved, returnPath: string): string | null {
  const url = new URL(request.url);
  const secure = isSecureRequest(request) ? "; Secure" : "";
  if (url.searchParams.get("auth") && !r.user) {
    const state = { isOnboarding: true, storefrontSlug: r.storefrontSlug, appSlug: r.appSlug, returnPath };
    return `${ONBOARDING_AUTH_COOKIE}=${encodeURIComponent(JSON.stringify(state))}; Path=/; Max-Age=900; HttpOnly; SameSite=Lax${secure}`;
  }
  if (r.user && (request.headers.get("Cookie") ?? "").includes(`${ONBOARDING_AUTH_COOKIE}=`))
    return `${ONBOARDING_AUTH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
  return null;
}

export async function loadOnboardingPage(app: AppContext, request: Request, params: Params) {
  const r = await resolvePage(app, request, params);
  const url = new URL(request.url);
  const { flow } = r.target;
  const state = r.subject ? await readState(app, r.target.row.id, r.subject, r.target.testingStepId) : null;
  const answers = state?.userState ?? {};
  const step = url.searchParams.get("step");
  if (step === PLAN_STEP) throw redirect(planPath(r.storefrontSlug, r.appSlug, r.testingStepId), 303);
  const visible = visiblePages(flow, answers);
  let page = step ? (visible.find((p) => p.id === step) ?? null) : null;
  if (!page) {
    const resume = resumePage(flow, answers, state?.pagesInfo);
    // Everything answered: a completed visitor goes to their plan; otherwise the last page.
    if (!resume && state?.completedAt && !step)
      throw redirect(planPath(r.storefrontSlug, r.appSlug, r.testingStepId), 303);
    page = resume ?? visible[visible.length - 1] ?? flow.pages[0];
    if (step)
      throw redirect(
        onboardingPath(r.storefrontSlug, r.appSlug, { step: page.id, testingStepId: r.testingStepId }),
        303,
      );
  }
  const previous = previousPage(flow, page.id, answers);
  const returnPath = onboardingPath(r.storefrontSlug, r.appSlug, { step: page.id, testingStepId: r.testingStepId });
  const headers = new Headers();
  const cookie = authStateCookie(request, r, returnPath);
  if (cookie) headers.append("Set-Cookie", cookie);
  return data(
    {
      ...chrome(r, returnPath),
      page,
      answers,
      step: stepNumber(flow, page.id, answers),
      isLast: nextPage(flow, page.id, answers) === null,
      backHref: previous
        ? onboardingPath(r.storefrontSlug, r.appSlug, { step: previous.id, testingStepId: r.testingStepId })
        : null,
      anonymousId: r.user ? null : r.subject,
    },
    { headers },
  );
}

export type FieldErrors = Record<string, string>;

/** One step's post: checked, saved, then 303 to the next step, or (last step) completion and the plan page. */
export async function submitOnboardingPage(app: AppContext, request: Request, params: Params) {
  const r = await resolvePage(app, request, params);
  const form = (await formDataOf(request)) ?? new FormData();
  const { flow } = r.target;
  const pageId = String(form.get("pageId") ?? "");
  const page = pageById(flow, pageId);
  if (!page) throw redirect(onboardingPath(r.storefrontSlug, r.appSlug, { testingStepId: r.testingStepId }), 303);
  const fields = pageFields(page, form);
  const check = validatePage(page, fields);
  if (!check.ok) return data({ fieldErrors: check.fieldErrors as FieldErrors, values: fields }, { status: 400 });

  const headers = new Headers();
  let subject = r.subject;
  if (!subject) {
    subject = newAnonymousId();
    headers.append("Set-Cookie", anonymousCookie(subject, isSecureRequest(request)));
  }
  const state = await readState(app, r.target.row.id, subject, r.target.testingStepId);
  const answers = mergeAnswers(state?.userState ?? {}, page, check.answers);
  // Answers of pages now skipped are dropped, so a skipped page never shapes the plan.
  const visible = new Set(visiblePages(flow, answers).flatMap((p) => p.questions.map((q) => q.key)));
  const kept: Answers = Object.fromEntries(
    Object.entries(answers).filter(
      ([key]) => visible.has(key) || !flow.pages.some((p) => p.questions.some((q) => q.key === key)),
    ),
  );
  const pagesInfo = pagesInfoAfter(flow, readPagesInfo(state?.pagesInfo), page.id, kept);
  const next = nextPage(flow, page.id, kept);
  if (next) {
    await saveState(app, r.target.row.id, subject, r.target.testingStepId, kept, pagesInfo);
    return redirect(onboardingPath(r.storefrontSlug, r.appSlug, { step: next.id, testingStepId: r.testingStepId }), {
      status: 303,
      headers,
    });
  }
  // The last page: every visible page must be answered (a visitor may jump here by address).
  const missing = resumePage(flow, kept, { ...pagesInfo, completedPageIds: pagesInfo.completedPageIds });
  if (missing) {
    await saveState(app, r.target.row.id, subject, r.target.testingStepId, kept, pagesInfo);
    return redirect(onboardingPath(r.storefrontSlug, r.appSlug, { step: missing.id, testingStepId: r.testingStepId }), {
      status: 303,
      headers,
    });
  }
  await completeAndRequestPlan(app, r.target, subject, kept, pagesInfo);
  return redirect(planPath(r.storefrontSlug, r.appSlug, r.testingStepId), { status: 303, headers });
}

export async function loadPlanPage(app: AppContext, request: Request, params: Params) {
  const r = await resolvePage(app, request, params);
  const returnPath = planPath(r.storefrontSlug, r.appSlug, r.testingStepId);
  const start = onboardingPath(r.storefrontSlug, r.appSlug, { testingStepId: r.testingStepId });
  if (!r.subject) throw redirect(start, 303);
  const view = await planView(app, r.target.row.id, r.subject, r.target.testingStepId);
  if (view.status === "not_found") throw redirect(start, 303);
  // The plans to buy, under the plan (not in a creator's preview: nothing is sold there).
  const plans = r.testingStepId ? null : await loadAppPlans(app, r.storefrontSlug, r.appSlug, r.user?.id ?? null);
  const first = r.target.flow.pages[0];
  const headers = new Headers();
  const cookie = authStateCookie(request, r, returnPath);
  if (cookie) headers.append("Set-Cookie", cookie);
  return data(
    {
      ...chrome(r, returnPath),
      view: { ...view, plan: view.plan as Plan | null },
      subject: r.subject,
      checkStatusPath: `/api/apps/checkPlanStatus/${encodeURIComponent(r.subject)}/${r.storefrontSlug}/${r.appSlug}${r.testingStepId ? `?testingStepId=${encodeURIComponent(r.testingStepId)}` : ""}`,
      retakeHref: onboardingPath(r.storefrontSlug, r.appSlug, { step: first.id, testingStepId: r.testingStepId }),
      anonymousId: r.user ? null : r.subject,
      plans,
      now: app.now,
    },
    { headers },
  );
}

/** 'Make a new plan' and 'Try again': forceRegenerate from the stored answers, then back to the plan page. */
export async function submitPlanPage(app: AppContext, request: Request, params: Params) {
  const r = await resolvePage(app, request, params);
  const back = planPath(r.storefrontSlug, r.appSlug, r.testingStepId);
  if (!r.subject) throw redirect(onboardingPath(r.storefrontSlug, r.appSlug, { testingStepId: r.testingStepId }), 303);
  const state = await readState(app, r.target.row.id, r.subject, r.target.testingStepId);
  if (!state) throw redirect(onboardingPath(r.storefrontSlug, r.appSlug, { testingStepId: r.testingStepId }), 303);
  await createPersonalizedPlan(
    app,
    { appId: r.target.row.id, subject: r.subject, testingStepId: r.target.testingStepId },
    state.finalUserState ?? state.userState,
    { forceRegenerate: true },
  );
  return redirect(back, 303);
}
