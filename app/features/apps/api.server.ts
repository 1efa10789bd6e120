/**
 * The JSON API of creator apps (creator-app-builder spec 7 "Apps and public pages" and "App builder:
 * apps"). Public reads never show drafts of an app to anyone but its owner (or an admin); every
 * creator write checks ownership on the server.
 */
import { z } from "zod";
import type { UserRow } from "~/db/schema";
import { signedInAction, signedInLoader } from "~/features/identity/api-auth.server";
import { requestUser } from "~/features/identity/tokens.server";
import { sameOriginPath } from "~/platform/redirect";
import { apiJson } from "~/platform/api.server";
import type { AppContext } from "~/platform/context";
import { jsonError } from "~/platform/http.server";
import { appBySlugs, ownedApp } from "./apps.server";
import {
  createAppFromIdea,
  markRecentlyOpened,
  ownerAppJson,
  publicAppJson,
  publishedLandingPage,
  setIsIdea,
  updateAppFields,
} from "./creator-apps.server";
import { PAYMENT_MESSAGES } from "./payment-options";
import { appPaths, buyAppPlan, paymentOptionsFor } from "./payment-options.server";
import { appIdeaSchema, IDEA_MESSAGES } from "./rules";

const slugPair = (params: Record<string, string | undefined>) => ({
  s1: (params.slug1 ?? "").slice(0, 120),
  s2: (params.slug2 ?? "").slice(0, 120),
});
const isOwnerOrAdmin = (user: UserRow | null, ownerId: string) => !!user && (user.id === ownerId || user.isAdmin);

/** GET /api/apps/getAppBySlug/{s1}/{s2} → {app}: everything for its owner, public fields for others, 404 for an app the public cannot see. */
export async function getAppBySlug(app: AppContext, request: Request, params: Record<string, string | undefined>) {
  const { s1, s2 } = slugPair(params);
  const row = await appBySlugs(app, s1, s2);
  const user = row ? await requestUser(app, request) : null;
  if (row && isOwnerOrAdmin(user, row.ownerId)) return apiJson({ app: ownerAppJson(row) });
  if (!row || !publishedLandingPage(row)) return jsonError(404, "App not found");
  return apiJson({ app: publicAppJson(row, { withLandingPage: true }) });
}

/** GET /api/apps/getAppLandingPageInfoBySlug/{s1}/{s2}: the owner gets the draft; the public the published one, or 404. */
export async function getAppLandingPageInfoBySlug(
  app: AppContext,
  request: Request,
  params: Record<string, string | undefined>,
) {
  const { s1, s2 } = slugPair(params);
  const row = await appBySlugs(app, s1, s2);
  const user = row ? await requestUser(app, request) : null;
  if (row && isOwnerOrAdmin(user, row.ownerId))
    return apiJson({ response: row.landingPage, landingPageInfo: row.landingPage });
  const page = publishedLandingPage(row);
  if (!page) return jsonError(404, "Landing page not found");
  return apiJson({ response: page, landingPageInfo: page });
}

/** GET /api/apps/getPublishedLandingPageInfo/{s1}/{s2}: the published landing page, 404 when absent or pending. */
export async function getPublishedLandingPageInfo(app: AppContext, params: Record<string, string | undefined>) {
  const { s1, s2 } = slugPair(params);
  const page = publishedLandingPage(await appBySlugs(app, s1, s2));
  if (!page) return jsonError(404, "Landing page not found");
  return apiJson({ response: page, landingPageInfo: page });
}

const appIdSchema = z.string({ required_error: "appId is required" }).uuid("appId must be an app id");

/** POST /api/apps/updateApp {appId, canvasSettings} or {appId, name?, isIdea?} (auth + owner) → {response}. */
export const updateApp = signedInAction(
  z
    .object({
      appId: appIdSchema,
      name: z.string().trim().min(1, "name must not be empty").max(80, "name must be at most 80 characters").optional(),
      isIdea: z.boolean().optional(),
      canvasSettings: z
        .record(z.unknown())
        .refine((v) => JSON.stringify(v).length <= 50_000, "canvasSettings is too large")
        .optional(),
    })
    .strict(),
  async (input, user, app) => {
    const owned = await ownedApp(app, user, input.appId);
    if (!owned.ok) return jsonError(owned.status, owned.error);
    const row = await updateAppFields(app, input.appId, input);
    return apiJson({ response: row ? ownerAppJson(row) : null });
  },
);

/** POST /api/app-builder/updateRecentlyOpened?appId= (owner) → {response: {appId, recentlyOpenedAt}}. */
export const updateRecentlyOpened = signedInLoader(
  z.object({ appId: appIdSchema }),
  async (input, user, app, request) => {
    if (request.method !== "POST") return jsonError(405, "Method not allowed");
    const owned = await ownedApp(app, user, input.appId);
    if (!owned.ok) return jsonError(owned.status, owned.error);
    return apiJson({ response: { appId: input.appId, recentlyOpenedAt: await markRecentlyOpened(app, input.appId) } });
  },
);

/** POST /api/app-builder/update-app-is-idea {appId, isIdea} (owner) → {response: {appId, isIdea}}. */
export const updateAppIsIdea = signedInAction(
  z.object({
    appId: appIdSchema,
    isIdea: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")], {
      required_error: "isIdea is required",
      invalid_type_error: "isIdea must be true or false",
    }),
  }),
  async (input, user, app) => {
    const owned = await ownedApp(app, user, input.appId);
    if (!owned.ok) return jsonError(owned.status, owned.error);
    await setIsIdea(app, input.appId, input.isIdea);
    return apiJson({ response: { appId: input.appId, isIdea: input.isIdea } });
  },
);

/** POST /api/app-builder/buildApp {appIdea} (auth) → {response: {appId, storefrontSlug, appSlug, app}}, 201. */
export const buildApp = signedInAction(appIdeaSchema, async (input, user, app) => {
  try {
    const row = await createAppFromIdea(app, user, input.appIdea);
    return apiJson(
      {
        response: {
          appId: row.id,
          storefrontSlug: row.storefrontSlug,
          appSlug: row.appSlug,
          builderUrl: `/dashboard/builder?appId=${row.id}`,
          app: ownerAppJson(row),
        },
      },
      { status: 201 },
    );
  } catch (error) {
    console.error("apps: buildApp failed", error);
    return jsonError(503, IDEA_MESSAGES.createFailed);
  }
});

/** GET /api/payments/payment-options/{storefrontSlug}/{appSlug}?user_id= → {status:'success', response}; failure 'Failed to fetch payment options'. */
export async function getPaymentOptions(app: AppContext, params: Record<string, string | undefined>) {
  const fail = (status: number) =>
    Response.json(
      { status: status === 404 ? "not found" : "error", error: PAYMENT_MESSAGES.fetchFailed },
      { status, headers: { "Cache-Control": "no-store" } },
    );
  try {
    const row = await appBySlugs(
      app,
      (params.storefrontSlug ?? "").slice(0, 120),
      (params.appSlug ?? "").slice(0, 120),
    );
    const response = row ? paymentOptionsFor(app, row) : null;
    if (!response) return fail(404);
    return apiJson({ status: "success", response });
  } catch (error) {
    console.error("payments: payment options failed", error);
    return fail(503);
  }
}

const sameSite = z.string().max(2000).optional();

/**
 * POST /api/payments/create-checkout-session {userId, storefrontSlug, appSlug, priceOptionId,
 * successUrl, cancelUrl, metadata} → {url, sessionId}. The price is the app's published price; the
 * signed-in user buys (userId, when sent, must be theirs).
 */
export const createCheckoutSession = signedInAction(
  z.object({
    userId: z.string().max(100).optional(),
    storefrontSlug: z.string({ required_error: "storefrontSlug is required" }).min(1).max(120),
    appSlug: z.string({ required_error: "appSlug is required" }).min(1).max(120),
    priceOptionId: z.string({ required_error: "priceOptionId is required" }).min(1).max(100),
    successUrl: sameSite,
    cancelUrl: sameSite,
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,100}$/)
      .optional(),
    metadata: z.record(z.unknown()).optional(),
  }),
  async (input, user, app, request) => {
    if (input.userId && input.userId !== user.id) return jsonError(403, "You can only buy a plan for yourself");
    const origin = new URL(request.url).origin;
    const paths = appPaths(input.storefrontSlug, input.appSlug);
    const opened = await buyAppPlan(app, request, user, {
      storefrontSlug: input.storefrontSlug,
      appSlug: input.appSlug,
      priceOptionId: input.priceOptionId,
      idempotencyKey: input.idempotencyKey ? `app-plan:${user.id}:${input.idempotencyKey}` : undefined,
      successPath: (input.successUrl && sameOriginPath(input.successUrl, origin)) || paths.success,
      cancelPath: (input.cancelUrl && sameOriginPath(input.cancelUrl, origin)) || paths.cancel,
    });
    if (!opened.ok) {
      const status =
        opened.status === 404
          ? 404
          : opened.status === 400
            ? 400
            : opened.status === 409
              ? 409
              : opened.status === 503
                ? 503
                : 502;
      return jsonError(
        status,
        status === 502 ? PAYMENT_MESSAGES.createFailed : (opened.formError ?? PAYMENT_MESSAGES.createFailed),
      );
    }
    return apiJson({ url: opened.url, sessionId: opened.session.id });
  },
);
