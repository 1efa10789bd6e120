/**
 * The public app landing page /apps/{storefrontSlug}/{appSlug}: the published snapshot (read through
 * KV for 60 s, see publishedApp), the plans, the buyer's confirmation after paying, and the buy form.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { confirmDirectCheckout } from "~/features/checkout/direct.server";
import { authHref } from "~/features/identity/modal";
import { currentUser } from "~/features/identity/sessions.server";
import type { AppContext } from "~/platform/context";
import { formDataOf, notFound } from "~/platform/http.server";
import { appBySlugs } from "./apps.server";
import { shownContentUrl, type LandingPage, type Theme } from "./content";
import { appPaths, appPlansFor, buyAppPlan, type AppPlans, type PublicAppView } from "./payment-options.server";
import { isPubliclyVisible, themeVars } from "./rules";

/** Seconds the public snapshot is kept in KV. */
export const PUBLISHED_CACHE_SECONDS = 60;
export const publishedCacheKey = (storefrontSlug: string, appSlug: string) =>
  `apps:v1:published:${storefrontSlug}/${appSlug}`;

const slugSchema = z.string().min(1).max(120);

/**
 * The publicly visible app by its slugs, or null (absent, unpublished, or its landing page pending).
 * Only a visible app is kept in KV (60 s), so a first publish shows at once; a re-publish shows
 * within a minute, or at once when the publisher calls forgetPublishedApp.
 */
export async function publishedApp(
  app: AppContext,
  storefrontSlug: string,
  appSlug: string,
): Promise<PublicAppView | null> {
  if (!slugSchema.safeParse(storefrontSlug).success || !slugSchema.safeParse(appSlug).success) return null;
  const key = publishedCacheKey(storefrontSlug, appSlug);
  try {
    const hit = await app.bindings.CACHE.get<PublicAppView>(key, "json");
    if (hit && isPubliclyVisible(hit)) return hit;
  } catch {
    // A cache that cannot be read is a miss.
  }
  const row = await appBySlugs(app, storefrontSlug, appSlug);
  if (!row || !isPubliclyVisible(row)) return null;
  const view: PublicAppView = {
    id: row.id,
    name: row.name,
    storefrontSlug: row.storefrontSlug,
    appSlug: row.appSlug,
    isPublished: row.isPublished,
    published: row.published,
  };
  app.ctx.waitUntil(
    app.bindings.CACHE.put(key, JSON.stringify(view), { expirationTtl: PUBLISHED_CACHE_SECONDS }).catch(
      () => undefined,
    ),
  );
  return view;
}

/** Drops the cached snapshot (call after publishing or unpublishing an app). */
export async function forgetPublishedApp(app: AppContext, storefrontSlug: string, appSlug: string): Promise<void> {
  await app.bindings.CACHE.delete(publishedCacheKey(storefrontSlug, appSlug)).catch(() => undefined);
}

export interface LandingPageData {
  appName: string;
  storefrontSlug: string;
  appSlug: string;
  landingPage: LandingPage;
  theme: Theme;
  themeStyle: Record<string, string>;
  plans: AppPlans | null;
  onboardingHref: string;
  signedIn: boolean;
  /** Just bought (back from the payment with an active plan). */
  purchased: boolean;
  /** Back from the payment but the plan is not active (yet). */
  purchasePending: boolean;
  canonical: string;
  buyError: string | null;
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
  const user = await currentUser(app, request);
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session_id");
  const returned = url.searchParams.get("purchased") === "1";
  if (user && returned && sessionId) await confirmDirectCheckout(app, user.id, sessionId.slice(0, 100));
  const plans = await appPlansFor(app, view, user?.id);
  const snapshot = view.published!;
  return {
    appName: view.name,
    storefrontSlug: view.storefrontSlug,
    appSlug: view.appSlug,
    // An image address stored before the URL rule is left out, never rendered.
    landingPage: {
      ...snapshot.landingPage,
      hero: { ...snapshot.landingPage.hero, imageUrl: shownContentUrl(snapshot.landingPage.hero.imageUrl) },
    },
    theme: snapshot.theme,
    themeStyle: themeVars(snapshot.theme),
    plans,
    onboardingHref: appPaths(view.storefrontSlug, view.appSlug).onboarding,
    signedIn: !!user,
    purchased: returned && !!plans?.activePlan,
    purchasePending: returned && !!user && !plans?.activePlan,
    canonical: `${url.origin}${appPaths(view.storefrontSlug, view.appSlug).landing}`,
    buyError,
  };
}

const buyFormSchema = z.object({
  priceOptionId: z.string({ required_error: "Choose a plan" }).trim().min(1, "Choose a plan").max(100),
  idempotencyKey: z.string().trim().max(100).optional(),
});

/**
 * POST /apps/{sf}/{app}/buy (the PlanPicker's form, without JavaScript too): signed out → sign up
 * first, then back to the plans; signed in → the payment page. A problem re-renders the landing page
 * with the message (status 400/404/502).
 */
export async function buyAction(app: AppContext, request: Request, storefrontSlug: string, appSlug: string) {
  const paths = appPaths(storefrontSlug, appSlug);
  const view = await publishedApp(app, storefrontSlug, appSlug);
  if (!view) notFound("No such app");
  const user = await currentUser(app, request);
  if (!user) {
    const back = new URL(paths.landing, "http://local");
    back.searchParams.set("redirect", `${paths.landing}#plans`);
    throw redirect(authHref(back.pathname + back.search, "SocialSignUp"), 303);
  }
  const form = await formDataOf(request);
  const parsed = buyFormSchema.safeParse(
    Object.fromEntries([...(form ?? new FormData())].filter(([, v]) => typeof v === "string")),
  );
  if (!parsed.success)
    return data(
      await loadLandingPage(app, request, storefrontSlug, appSlug, parsed.error.issues[0]?.message ?? "Choose a plan"),
      { status: 400 },
    );
  const key =
    parsed.data.idempotencyKey && /^[A-Za-z0-9_-]{8,100}$/.test(parsed.data.idempotencyKey)
      ? `app-plan:${user.id}:${parsed.data.idempotencyKey}`
      : undefined;
  const opened = await buyAppPlan(app, request, user, {
    storefrontSlug,
    appSlug,
    priceOptionId: parsed.data.priceOptionId,
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
