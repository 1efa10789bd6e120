/**
 * The worker entry: every request that is not a static file comes here. It applies the global
 * route rules, builds the per-request context and hands the request to the realtime rooms
 * (/parties/*) or to Remix.
 */
import { createRequestHandler } from "@remix-run/cloudflare";
import * as build from "@remix-run/dev/server-build";
import { attributionForRequest, withSetCookies } from "~/http/attribution.server";
import { d1SessionFor } from "~/http/d1-session.server";
import { withDevFaults } from "~/http/dev-faults.server";
import { sharedPageFor } from "~/http/shared-pages";
import { SHARED_PAGE_HEADER, sharedPage, type RenderPage } from "~/http/shared-pages.server";
import { cleanSimulationUploads } from "~/features/activities/uploads.server";
import { sweepOldUnits } from "~/features/apps/ai-meter.server";
import { sweepStuckJobs } from "~/features/jobs/jobs.server";
import { renewDueSubscriptions } from "~/features/subscriptions/renewals.server";
import { createAppContext } from "~/platform/context.server";
import { isDevelopment, type Bindings } from "~/platform/env";
import { withErrorReporting } from "~/platform/error-reporting.server";
import {
  browserTimeZone,
  corsPreflight,
  globalRedirect,
  isCrossSite,
  isDevelopmentPath,
  AUTHORIZATION_FORMS,
  TOKEN_APIS,
  withCors,
} from "~/platform/route-rules";
import { cspNonce, withSecurityHeaders } from "~/platform/security-headers";
import { withLazyRoutes, type BuiltRoute } from "./lazy-routes";
import { routeRealtimeRequest } from "./rooms";

// The Remix compiler replaces process.env.NODE_ENV at build time.
declare const process: { env: { NODE_ENV: string } };

// The routes of remix.config.js serverLazyRoutes come as `lazy` (workers/lazy-routes.ts).
const routes = withLazyRoutes(build.routes as unknown as Record<string, BuiltRoute>);
const handleRemixRequest = createRequestHandler({ ...build, routes }, process.env.NODE_ENV);

const renderPage: RenderPage = (request, app, nonce) => handleRemixRequest(request, { app, cspNonce: nonce });

const PROVIDER_POSTS = new Set(["/auth/callback", "/api/webhooks/stripe"]);

/** The answer to one request, before the security headers go on. */
async function answer(request: Request, bindings: Bindings, ctx: ExecutionContext, nonce: string): Promise<Response> {
  const url = new URL(request.url);
  const redirectTo = globalRedirect(url, request.method);
  if (redirectTo) return new Response(null, { status: 302, headers: { Location: redirectTo } });

  // Other sites' apps call the token APIs from the browser (route-rules.ts TOKEN_APIS).
  const tokenApi = TOKEN_APIS.has(url.pathname);
  if (tokenApi && request.method === "OPTIONS") return corsPreflight();
  const authorizationForm = request.method === "POST" && AUTHORIZATION_FORMS.has(url.pathname);

  // State changes only from our own pages: a cross-site form post or fetch is refused. The
  // exceptions are providers posting to us: a sign-in coming back (Apple's form_post, guarded by
  // the OAuth state) and Stripe's webhooks (guarded by their signature); the token APIs, which
  // read no cookie; and hosted login's authorization form, which changes nothing (AUTHORIZATION_FORMS).
  if (
    !["GET", "HEAD", "OPTIONS"].includes(request.method) &&
    !PROVIDER_POSTS.has(url.pathname) &&
    !tokenApi &&
    !authorizationForm &&
    isCrossSite(request, url)
  ) {
    return new Response("Cross-site requests are not allowed", { status: 403 });
  }

  const now = Date.now();
  // Marketing attribution, once for every request (pages, their .data loads and form posts): the
  // stored record or the one this landing starts goes to events and payment_info; new or purged
  // cookies go onto whatever the page answers.
  const attribution = attributionForRequest(request, url, now);
  // D1 through one session per request: reads anywhere, a write's pages at least as new as the write.
  const d1 = d1SessionFor(bindings, request, { cookies: !tokenApi });
  // Tests fail a table's statements on demand (development and test only: http/dev-faults.server.ts).
  const app = withDevFaults(
    createAppContext(d1.bindings, ctx, {
      now,
      timeZone: browserTimeZone(request.headers.get("User-Browser-Timezone")),
      attribution: attribution.record,
    }),
    request,
  );
  // Realtime rooms (partyserver Durable Objects) answer /parties/*; everything else is Remix.
  if (url.pathname.startsWith("/parties/")) {
    const room = await routeRealtimeRequest(app, request);
    if (room) return room;
  }
  // Development-only pages do not exist in production: any method gets the ordinary not-found page.
  // Remix fails an action whose Origin is not this host (an error, a 500); the authorization form
  // comes from other sites by design (let through above), so it reaches Remix without its Origin.
  const routed =
    isDevelopmentPath(url.pathname) && !isDevelopment(app.env)
      ? new Request(new URL("/404", url), { headers: request.headers })
      : authorizationForm
        ? withoutOrigin(request)
        : request;
  // Anonymous pages every visitor sees alike come from the cache (http/shared-pages.ts says which).
  const shared = sharedPageFor(request.method, url, request.headers.get("Cookie"));
  if (shared.shared) {
    // The cache is an optimisation: if it fails, the visitor gets their own render.
    const page = await sharedPage(app, request, shared, { nonce, render: renderPage }).catch((error: unknown) => {
      console.error("shared pages: serving the visitor's own render instead", error);
      return null;
    });
    if (page) return withSetCookies(page, attribution.setCookies);
  }
  const response = await renderPage(routed, app, nonce);
  if (shared.shared || shared.page) response.headers.set(SHARED_PAGE_HEADER, "private");
  if (tokenApi) return withCors(response);
  return withSetCookies(response, [...attribution.setCookies, ...d1.bookmarkCookies()]);
}

function withoutOrigin(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("Origin");
  return new Request(request, { headers });
}

const worker = {
  async fetch(request: Request, bindings: Bindings, ctx: ExecutionContext): Promise<Response> {
    // Every answer, pages, JSON, redirects and refusals alike, carries the security headers.
    const nonce = cspNonce();
    const response = await answer(request, bindings, ctx, nonce);
    return withSecurityHeaders(response, {
      nonce,
      sentryDsn: bindings.SENTRY_DSN,
    });
  },

  /** Scheduled maintenance (wrangler.toml [triggers]): the embedded payment provider's renewals; stuck plan jobs kicked again; old simulation uploads and AI meter units removed. */
  async scheduled(_controller: ScheduledController, bindings: Bindings, ctx: ExecutionContext): Promise<void> {
    const app = createAppContext(bindings, ctx);
    const report = await renewDueSubscriptions(app);
    if (report.renewed + report.ended + report.failed > 0) console.log("renewals", JSON.stringify(report));
    const kicked = await sweepStuckJobs(app);
    if (kicked > 0) console.log("plan jobs kicked again", kicked);
    // Simulator uploads are kept 30 days (spec 3 "User media upload"), then removed with their files.
    const cleaned = await cleanSimulationUploads(app);
    if (cleaned > 0) console.log("simulation uploads removed", cleaned);
    // The meter counts today only; its rows from before yesterday count for nothing.
    await sweepOldUnits(app);
  },
} satisfies ExportedHandler<Bindings>;

// Sentry around every entry point when SENTRY_DSN is set; the handler as it is otherwise.
export default withErrorReporting(worker);

export { RealtimeRoom, RoomDirectory } from "./rooms";
export { JobRunner } from "./jobs";
export { AnalyticsBuffer } from "./analytics-buffer";
