/**
 * The onboarding pages (/apps/{storefrontSlug}/{appSlug}/onboarding) over HTTP, without JavaScript
 * first: each step is a form post that checks the page's answers (its conform schema), saves
 * userState and pagesInfo and answers 303 to the next step; the last one completes the onboarding,
 * requests the plan and goes to the plan page (or, past the plan limits, shows the step again with
 * when the next plan can be made). The visitor is the signed-in user or the anonymous id
 * of the dx_non_auth_user_id cookie (made on the first answer when missing). ?testingStepId= is the
 * app owner's preview: the draft flow, answers and plans kept apart. The plan page shares the
 * resolving below.
 */
import { data, redirect } from "@remix-run/cloudflare";
import type { UserRow } from "~/db/schema";
import { DEFAULT_THEME, type Theme } from "~/db/app-content";
import { newAnonymousId } from "~/features/identity/anonymous.server";
import { authHref } from "~/features/identity/modal";
import { completeAndRequestPlan } from "~/features/onboarding/api.server";
import {
  adoptAnonymousOnboarding,
  flowTarget,
  readState,
  saveState,
  type FlowTarget,
} from "~/features/onboarding/onboarding.server";
import {
  mergeAnswers,
  nextPage,
  onboardingPath,
  pageById,
  pageFields,
  pagesInfoAfter,
  PLAN_STEP,
  planPath,
  previousPage,
  readPagesInfo,
  resumePage,
  stepNumber,
  visiblePages,
  type Answers,
} from "~/features/onboarding/rules";
import { onboardingPageSchema } from "~/features/onboarding/schema";
import { anonymousCookie, anonymousIdOf } from "~/http/anonymous.server";
import { hasOnboardingAuthState, onboardingAuthCookie } from "~/http/onboarding.server";
import { tooManyOf } from "~/http/service.server";
import { sessionUserOf } from "~/http/session.server";
import { clientOf } from "~/platform/client.server";
import type { AppContext } from "~/platform/context";
import { parseForm } from "~/platform/form.server";
import { formDataOf, isSecureRequest } from "~/platform/http.server";
import { refusalHeaders } from "~/platform/service-error";

export type Params = { storefrontSlug?: string; appSlug?: string };

export interface Resolved {
  target: FlowTarget;
  user: UserRow | null;
  /** Whose answers: the user's id, the anonymous id, or null for a first-time visitor without a cookie. */
  subject: string | null;
  testingStepId: string | null;
  storefrontSlug: string;
  appSlug: string;
}

/** The app, flow and visitor; a 404 (or the owner check's 403) is thrown as the page's error. */
export async function resolvePage(app: AppContext, request: Request, params: Params): Promise<Resolved> {
  const url = new URL(request.url);
  const storefrontSlug = params.storefrontSlug ?? "";
  const appSlug = params.appSlug ?? "";
  const testingStepId = url.searchParams.get("testingStepId");
  const user = await sessionUserOf(app, request);
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
  if (user && testingStepId === null) await adoptAnonymousOnboarding(app, anonymousIdOf(request), user);
  const subject = testingStepId !== null ? user!.id : (user?.id ?? anonymousIdOf(request));
  return { target: target.target, user, subject, testingStepId, storefrontSlug, appSlug };
}

function themeOf(target: FlowTarget): Theme {
  return (target.testingStepId ? target.row.theme : target.row.published?.theme) ?? DEFAULT_THEME;
}

export function chrome(r: Resolved, returnPath: string, request: Request) {
  return {
    anonymousId: r.user ? null : r.subject,
    // Signed in and the anonymous cookie is gone: sign-in linked the visitor's data (dataLinked).
    anonymousLinked: Boolean(r.user) && anonymousIdOf(request) === null,
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

/** The auth-state cookie to set (sign-in modal open over the page) or clear (signed in now), as headers. */
export function authStateHeaders(request: Request, r: Resolved, returnPath: string): Headers {
  const headers = new Headers();
  if (new URL(request.url).searchParams.get("auth") && !r.user)
    headers.append(
      "Set-Cookie",
      onboardingAuthCookie(request, {
        isOnboarding: true,
        storefrontSlug: r.storefrontSlug,
        appSlug: r.appSlug,
        returnPath,
      }),
    );
  else if (r.user && hasOnboardingAuthState(request)) headers.append("Set-Cookie", onboardingAuthCookie(request, null));
  return headers;
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
  const headers = authStateHeaders(request, r, returnPath);
  return data(
    {
      ...chrome(r, returnPath, request),
      page,
      answers,
      step: stepNumber(flow, page.id, answers),
      isLast: nextPage(flow, page.id, answers) === null,
      backHref: previous
        ? onboardingPath(r.storefrontSlug, r.appSlug, { step: previous.id, testingStepId: r.testingStepId })
        : null,
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
  // The page's own schema (its questions), the same one the page validates with.
  const submission = parseForm(form, { schema: onboardingPageSchema(page) });
  if (submission.status !== "success") {
    const fieldErrors: FieldErrors = Object.fromEntries(
      Object.entries(submission.error ?? {}).flatMap(([key, errors]) => (errors?.[0] ? [[key, errors[0]]] : [])),
    );
    return data({ fieldErrors, values: pageFields(page, form), formError: null }, { status: 400 });
  }
  const { pageId: _pageId, ...pageAnswers } = submission.value;

  const headers = new Headers();
  let subject = r.subject;
  if (!subject) {
    subject = newAnonymousId();
    headers.append("Set-Cookie", anonymousCookie(subject, isSecureRequest(request)));
  }
  const state = await readState(app, r.target.row.id, subject, r.target.testingStepId);
  const answers = mergeAnswers(state?.userState ?? {}, page, pageAnswers);
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
  const refused = await tooManyOf(
    completeAndRequestPlan(app, r.target, subject, kept, pagesInfo, clientOf(app.env, request)),
  );
  if (refused) {
    // A new plan past its limits: the step again, saying when the next one can be made (nothing was stored).
    for (const [name, value] of Object.entries(refusalHeaders(refused))) headers.set(name, value);
    return data(
      { fieldErrors: {} as FieldErrors, values: pageFields(page, form), formError: refused.message },
      { status: 429, headers },
    );
  }
  return redirect(planPath(r.storefrontSlug, r.appSlug, r.testingStepId), { status: 303, headers });
}
