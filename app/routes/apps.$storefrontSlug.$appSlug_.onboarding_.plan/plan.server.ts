/**
 * The plan page (/apps/{storefrontSlug}/{appSlug}/onboarding/plan) over HTTP: the visitor's plan (or
 * its progress), the app's plans to buy under it, and 'Make a new plan'. Resolved like the
 * onboarding pages (../apps.$storefrontSlug.$appSlug_.onboarding/onboarding.server.ts).
 */
import { data, redirect } from "@remix-run/cloudflare";
import type { Plan } from "~/db/app-content";
import { todayPath } from "~/features/activities/today";
import { todayRole } from "~/features/activities/today.server";
import { loadAppPlans } from "~/features/apps/payment-options.server";
import { checkAllAnswers } from "~/features/onboarding/api.server";
import { readState } from "~/features/onboarding/onboarding.server";
import { firstPageToFix, onboardingPath, planPath, planRequestOf } from "~/features/onboarding/rules";
import { createPersonalizedPlan, planView } from "~/features/plans/plans.server";
import { tooManyOf } from "~/http/service.server";
import { clientOf } from "~/platform/client.server";
import type { AppContext } from "~/platform/context";
import { refusalHeaders } from "~/platform/service-error";
import {
  authStateHeaders,
  chrome,
  resolvePage,
  type Params,
} from "../apps.$storefrontSlug.$appSlug_.onboarding/onboarding.server";

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
  // /today, for a signed-in user who may use the app (and the owner, in a preview too).
  const mayOpenToday = r.user && (r.testingStepId || (await todayRole(app, r.user, r.target.row)));
  const headers = authStateHeaders(request, r, returnPath);
  return data(
    {
      ...chrome(r, returnPath, request),
      view: { ...view, plan: view.plan as Plan | null },
      subject: r.subject,
      checkStatusPath: `/api/apps/checkPlanStatus/${encodeURIComponent(r.subject)}/${r.storefrontSlug}/${r.appSlug}${r.testingStepId ? `?testingStepId=${encodeURIComponent(r.testingStepId)}` : ""}`,
      retakeHref: onboardingPath(r.storefrontSlug, r.appSlug, { step: first.id, testingStepId: r.testingStepId }),
      plans,
      todayHref: mayOpenToday ? todayPath(r.storefrontSlug, r.appSlug, r.testingStepId) : null,
      now: app.now,
    },
    { headers },
  );
}

/**
 * 'Make a new plan' and 'Try again': forceRegenerate from the stored answers, checked against the flow
 * as every plan's answers are (a page whose answers the flow would not take is opened to fix them),
 * then back to the plan page; past the plan limits, the plan page with when the next can be made.
 */
export async function submitPlanPage(app: AppContext, request: Request, params: Params) {
  const r = await resolvePage(app, request, params);
  const back = planPath(r.storefrontSlug, r.appSlug, r.testingStepId);
  if (!r.subject) throw redirect(onboardingPath(r.storefrontSlug, r.appSlug, { testingStepId: r.testingStepId }), 303);
  const state = await readState(app, r.target.row.id, r.subject, r.target.testingStepId);
  if (!state) throw redirect(onboardingPath(r.storefrontSlug, r.appSlug, { testingStepId: r.testingStepId }), 303);
  const { answers } = planRequestOf(state.finalUserState ?? state.userState);
  const checked = checkAllAnswers(r.target, answers);
  if (!checked.ok) {
    const page = firstPageToFix(r.target.flow, answers);
    throw redirect(
      onboardingPath(r.storefrontSlug, r.appSlug, { step: page?.id, testingStepId: r.testingStepId }),
      303,
    );
  }
  const refused = await tooManyOf(
    createPersonalizedPlan(
      app,
      { appId: r.target.row.id, subject: r.subject, testingStepId: r.target.testingStepId },
      checked.answers,
      { forceRegenerate: true, client: clientOf(app.env, request) },
    ),
  );
  // Past the plan limits: the plan page again, saying when the next plan can be made.
  if (refused) return data({ formError: refused.message }, { status: 429, headers: refusalHeaders(refused) });
  return redirect(back, 303);
}
