/**
 * The builder's JSON API (spec 7): each handler checks the caller owns the app (admins pass), calls
 * the builder service, and answers with the body's 'response' object where the spec's note says
 * builder calls read it. Failures carry the spec's shapes (spec 8).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { UserRow } from "~/db/schema";
import { ownedApp } from "~/features/apps/apps.server";
import { sameOriginPath } from "~/platform/redirect";
import { signedInAction, signedInLoader } from "~/features/identity/api-auth.server";
import { messages as identityMessages } from "~/features/identity/rules";
import { requestUser } from "~/features/identity/tokens.server";
import { apiJson } from "~/platform/api.server";
import type { AppContext } from "~/platform/context";
import { jsonError } from "~/platform/http.server";
import {
  openStudioCheckout,
  publishApp,
  restoreVersion,
  saveLandingPage,
  saveOnboardingFlow,
  saveTheme,
  studioPaymentOptions,
  unpublishedChanges,
  updatePricing,
  versionPage,
} from "./builder.server";
import { builderMessages } from "./rules";
import {
  appIdBody,
  contentBody,
  landingHistoryQuery,
  noQuery,
  priceOptionsBody,
  restoreFlowBody,
  restoreLandingBody,
  studioCheckoutBody,
  versionHistoryQuery,
} from "./schema";

type Args = LoaderFunctionArgs;

async function owned(app: AppContext, user: UserRow, appId: string) {
  const found = await ownedApp(app, user, appId);
  return found.ok ? found : { ...found, response: jsonError(found.status, found.error) };
}

/** The content of a body sent wrapped ({appId, <key>: {...}}) or flat ({appId, ...content}). */
function unwrap(body: Record<string, unknown>, keys: string[]): unknown {
  for (const key of keys) if (body[key] && typeof body[key] === "object") return body[key];
  const { appId: _appId, ...rest } = body;
  return rest;
}

function invalid(errors: Record<string, string>) {
  const message = Object.values(errors)[0] ?? "Invalid request";
  return jsonError(
    400,
    message,
    Object.entries(errors).map(([field, m]) => ({ field, message: m })),
  );
}

/** POST /api/apps/saveAppLandingPageInfo {appId, landingPageInfo | ...info} → {response:{landingPageInfo, versionId}}. */
export const saveLandingPageInfoAction = signedInAction(appIdBody, async (body, user, app) => {
  const found = await owned(app, user, body.appId);
  if (!found.ok) return found.response;
  const saved = await saveLandingPage(app, found.row, user, unwrap(body, ["landingPageInfo", "landingPage", "info"]));
  if (!saved.ok) return invalid(saved.errors);
  return apiJson({ response: { success: true, landingPageInfo: saved.value, versionId: saved.versionId } });
});

/** POST /api/apps/updateAppTheme/{appId} {theme | ...theme} → {response:{theme, versionId}}. */
export const updateThemeAction = (args: Args) =>
  signedInAction(contentBody, async (body, user, app) => {
    const found = await owned(app, user, args.params.appId ?? "");
    if (!found.ok) return found.response;
    const saved = await saveTheme(app, found.row, user, unwrap(body, ["theme"]));
    if (!saved.ok) return invalid(saved.errors);
    return apiJson({ response: { success: true, theme: saved.value, versionId: saved.versionId } });
  })(args);

/** GET /api/apps/checkUnpublishedChanges/{appId} → {response:{hasUnpublishedChanges, isPublished, publishedAt, changed}}. */
export const checkUnpublishedLoader = (args: Args) =>
  signedInLoader(noQuery, async (_q, user, app) => {
    const found = await owned(app, user, args.params.appId ?? "");
    if (!found.ok) return found.response;
    return apiJson({ response: unpublishedChanges(found.row) });
  })(args);

/** POST /api/apps/publishApp/{appId} → {response:{success, isPublished, publishedAt}}; 403 without an active studio tier. */
export const publishAction = async ({ request, context, params }: Args) => {
  const app = context.app;
  const user = await requestUser(app, request);
  if (!user) return jsonError(401, identityMessages.notAuthenticated);
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  // The spec gives this call no body: whatever is sent (nothing, {}, a form) is not read.
  const found = await owned(app, user, params.appId ?? "");
  if (!found.ok) return found.response;
  const outcome = await publishApp(app, found.row);
  if (!outcome.ok)
    return Response.json(
      { status: "error", error: outcome.error, detail: outcome.error, needsStudioTier: true },
      { status: outcome.status },
    );
  return apiJson({ response: { success: true, isPublished: true, publishedAt: outcome.publishedAt } });
};

/** POST /api/apps/saveAppOnboardingFlowV2 {appId, flow | onboardingFlow | ...flow} → {response:{onboardingFlow, versionId}}. */
export const saveFlowAction = signedInAction(appIdBody, async (body, user, app) => {
  const found = await owned(app, user, body.appId);
  if (!found.ok) return found.response;
  const saved = await saveOnboardingFlow(app, found.row, user, unwrap(body, ["flow", "onboardingFlow"]));
  if (!saved.ok) return invalid(saved.errors);
  return apiJson({ response: { success: true, onboardingFlow: saved.value, versionId: saved.versionId } });
});

/** GET /api/apps/getOnboardingFlowVersionHistoryPaginated?appId&limit&cursor → {versions, nextCursor, hasMore} (also under 'response'). */
export const flowHistoryLoader = signedInLoader(versionHistoryQuery, async (query, user, app) => {
  const found = await owned(app, user, query.appId);
  if (!found.ok) return found.response;
  const page = await versionPage(app, found.row.id, "onboarding_flow", { limit: query.limit, cursor: query.cursor });
  if (!page) return jsonError(400, builderMessages.cursorInvalid);
  return apiJson({ ...page, response: page });
});

/** POST /api/apps/restoreOnboardingFlowVersion {app_id, version_id} → {response:{success, versionId, onboardingFlow}}. */
export const restoreFlowAction = signedInAction(restoreFlowBody, async (body, user, app) => {
  const found = await owned(app, user, body.app_id);
  if (!found.ok) return found.response;
  const restored = await restoreVersion(app, found.row, user, "onboarding_flow", body.version_id);
  if (!restored.ok) return jsonError(404, restored.error);
  return apiJson({ response: { success: true, versionId: restored.versionId, onboardingFlow: restored.content } });
});

/** GET /api/app-builder/getLandingPageVersionHistory?appId → {response:{versions}} (the newest 50). */
export const landingHistoryLoader = signedInLoader(landingHistoryQuery, async (query, user, app) => {
  const found = await owned(app, user, query.appId);
  if (!found.ok) return found.response;
  const page = await versionPage(app, found.row.id, "landing_page", { limit: 50 });
  return apiJson({ response: { versions: page?.versions ?? [] } });
});

/** POST /api/app-builder/restoreLandingPageVersion {appId, versionId} → {response:{success, versionId, landingPageInfo}}. */
export const restoreLandingAction = signedInAction(restoreLandingBody, async (body, user, app) => {
  const found = await owned(app, user, body.appId);
  if (!found.ok) return found.response;
  const restored = await restoreVersion(app, found.row, user, "landing_page", body.versionId);
  if (!restored.ok) return jsonError(404, restored.error);
  return apiJson({ response: { success: true, versionId: restored.versionId, landingPageInfo: restored.content } });
});

const pricingFailed = (status: number, detail: string) =>
  Response.json({ success: false, error: builderMessages.pricingFailed, detail }, { status });

/** POST /api/payments/update-price-options {appId, monthlyPrice, annualPrice, annualDurationUnit} (cents) → {success:true}. */
export async function updatePriceOptionsAction(args: Args) {
  const { context, request } = args;
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  const user = await requestUser(context.app, request);
  if (!user) return pricingFailed(401, "User is not authenticated");
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return pricingFailed(400, "The body must be JSON");
  }
  const parsed = priceOptionsBody.safeParse(body);
  if (!parsed.success) return pricingFailed(400, parsed.error.issues[0]?.message ?? "Invalid request");
  const found = await ownedApp(context.app, user, parsed.data.appId);
  if (!found.ok) return pricingFailed(found.status, found.error);
  try {
    await updatePricing(context.app, found.row, {
      monthlyPrice: parsed.data.monthlyPrice,
      annualPrice: parsed.data.annualPrice,
      annualDurationUnit: parsed.data.annualDurationUnit,
    });
  } catch (error) {
    console.error("update-price-options failed", error);
    return pricingFailed(500, builderMessages.pricingFailed);
  }
  return apiJson({ success: true });
}

/** GET /api/payments/studio-payment-options → {status:'success', tiers, response:{tiers}}; 'Failed to fetch studio payment options' on a failed read. */
export const studioOptionsLoader = signedInLoader(noQuery, async (_q, _user, app) => {
  try {
    const tiers = await studioPaymentOptions(app);
    return apiJson({ status: "success", tiers, response: { tiers } });
  } catch (error) {
    console.error("studio-payment-options: read failed", error);
    return jsonError(500, builderMessages.studioOptionsFailed);
  }
});

/** POST /api/payments/create-studio-checkout-session {price_option_id, success_url, cancel_url, tier_slug} → {url, sessionId}. */
export const studioCheckoutAction = signedInAction(studioCheckoutBody, async (body, user, app, request) => {
  const origin = new URL(request.url).origin;
  // Only paths on this site: a checkout must never send a buyer elsewhere.
  const successPath = sameOriginPath(body.success_url, origin);
  const cancelPath = sameOriginPath(body.cancel_url, origin);
  if (!successPath || !cancelPath) return jsonError(400, builderMessages.badPath);
  const opened = await openStudioCheckout(app, request, user, {
    priceOptionId: body.price_option_id,
    tierSlug: body.tier_slug,
    successPath,
    cancelPath,
    idempotencyKey: `studio-api:${crypto.randomUUID()}`,
  });
  if (!opened.ok) return jsonError(opened.status, opened.formError ?? builderMessages.priceOptionUnknown);
  return apiJson({
    url: opened.url,
    sessionId: opened.session.id,
    response: { url: opened.url, sessionId: opened.session.id },
  });
});
