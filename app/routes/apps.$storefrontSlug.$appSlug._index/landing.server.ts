/**
 * The public app landing page /apps/{storefrontSlug}/{appSlug}: the published snapshot (through
 * publishedApp's KV copy), the plans, the buyer's confirmation after paying, and the buy form's post
 * (/apps/{sf}/{app}/buy re-renders this page with its message).
 */
import { data, redirect } from "@remix-run/cloudflare";
import { shownContentUrl, type LandingPage, type Theme } from "~/db/app-content";
import { todayPath } from "~/features/activities/today";
import { todayRole } from "~/features/activities/today.server";
import { publishedApp } from "~/features/apps/landing.server";
import { appPaths, appPlansFor, buyAppPlan, type AppPlans } from "~/features/apps/payment-options.server";
import { checkoutVisitOf } from "~/http/checkout.server";
import { themeVars } from "~/features/apps/rules";
import { buyFormSchema } from "~/features/apps/schema";
import { confirmDirectCheckout } from "~/features/checkout/direct.server";
import { authHref } from "~/features/identity/modal";
import { storefrontPath } from "~/features/storefronts/rules";
import { creatorBySlug } from "~/features/storefronts/storefronts.server";
import { parseSubmission } from "~/http/form.server";
import { visitorOf } from "~/http/visitor.server";
import type { AppContext } from "~/platform/context";
import { notFound } from "~/platform/http.server";

export interface LandingPageData {
  appName: string;
  storefrontSlug: string;
  appSlug: string;
  landingPage: LandingPage;
  theme: Theme;
  themeStyle: Record<string, string>;
  plans: AppPlans | null;
  onboardingHref: string;
  /** /today, for a signed-in visitor who may use the app (or its owner). */
  todayHref: string | null;
  signedIn: boolean;
  /** Just bought (back from the payment with an active plan). */
  purchased: boolean;
  /** Back from the payment but the plan is not active (yet). */
  purchasePending: boolean;
  canonical: string;
  buyError: string | null;
  /** The creator whose storefront the app is in, when it has a storefront page. */
  creator: { name: string; href: string } | null;
}

export async function loadLandingPage(
  app: AppContext,
  request: Request,
  storefrontSlug: string,
  appSlug: string,
  buyError: string | null = null,
): Promise<LandingPageData> {
  const view = await publishedApp(app, storefrontSlug, appSlug);
  if (!view) notFound("No such app");
  const { user } = await visitorOf(app, request);
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session_id");
  const returned = url.searchParams.get("purchased") === "1";
  if (user && returned && sessionId) await confirmDirectCheckout(app, user.id, sessionId.slice(0, 100));
  const plans = await appPlansFor(app, view, user?.id);
  const snapshot = view.published!;
  const [mayOpenToday, creator] = await Promise.all([
    user ? todayRole(app, user, view) : null,
    creatorBySlug(app, view.storefrontSlug),
  ]);
  return {
    appName: view.name,
    storefrontSlug: view.storefrontSlug,
    appSlug: view.appSlug,
    // An image address stored before the URL rule is left out, never rendered.
    landingPage: shownPictures(snapshot.landingPage),
    theme: snapshot.theme,
    themeStyle: themeVars(snapshot.theme),
    plans,
    onboardingHref: appPaths(view.storefrontSlug, view.appSlug).onboarding,
    todayHref: mayOpenToday ? todayPath(view.storefrontSlug, view.appSlug) : null,
    signedIn: !!user,
    purchased: returned && !!plans?.activePlan,
    purchasePending: returned && !!user && !plans?.activePlan,
    canonical: `${url.origin}${appPaths(view.storefrontSlug, view.appSlug).landing}`,
    buyError,
    creator: creator ? { name: creator.name, href: storefrontPath(creator.storefrontSlug) } : null,
  };
}

/** The page with every picture address checked: one stored before the URL rule is left out. */
function shownPictures(page: LandingPage): LandingPage {
  return {
    ...page,
    hero: { ...page.hero, imageUrl: shownContentUrl(page.hero.imageUrl) },
    images: { benefits: shownContentUrl(page.images?.benefits), howItWorks: shownContentUrl(page.images?.howItWorks) },
    screenshots: (page.screenshots ?? []).filter((shot) => shownContentUrl(shot.url)),
  };
}

/**
 * POST /apps/{sf}/{app}/buy (the PlanPicker's form, without JavaScript too): signed out → sign up
 * first, then back to the plans; signed in → the payment page. A problem re-renders the landing page
 * with the message (status 400/404/502).
 */
export async function buyAction(app: AppContext, request: Request, storefrontSlug: string, appSlug: string) {
  const paths = appPaths(storefrontSlug, appSlug);
  const view = await publishedApp(app, storefrontSlug, appSlug);
  if (!view) notFound("No such app");
  const { user } = await visitorOf(app, request);
  if (!user) {
    const back = new URL(paths.landing, "http://local");
    back.searchParams.set("redirect", `${paths.landing}#plans`);
    throw redirect(authHref(back.pathname + back.search, "SocialSignUp"), 303);
  }
  const submission = await parseSubmission(request, buyFormSchema);
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).find((errors) => errors?.length)?.[0];
    return data(await loadLandingPage(app, request, storefrontSlug, appSlug, first ?? "Choose a plan"), {
      status: 400,
    });
  }
  const key =
    submission.value.idempotencyKey && /^[A-Za-z0-9_-]{8,100}$/.test(submission.value.idempotencyKey)
      ? `app-plan:${user.id}:${submission.value.idempotencyKey}`
      : undefined;
  const opened = await buyAppPlan(app, checkoutVisitOf(request), user, {
    storefrontSlug,
    appSlug,
    priceOptionId: submission.value.priceOptionId,
    idempotencyKey: key,
  });
  if (opened.ok) throw redirect(opened.url, 303);
  return data(
    await loadLandingPage(
      app,
      request,
      storefrontSlug,
      appSlug,
      opened.formError ?? "Failed to create checkout session",
    ),
    { status: opened.status },
  );
}
