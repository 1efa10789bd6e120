import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { reportServerError } from "~/platform/error-reporting.server";
import { recordDocumentViews } from "~/http/page-views.server";
import { fragmentMemo } from "~/platform/fragment-memo.server";
import { NonceContext } from "~/platform/nonce";
import { FragmentMemoContext } from "~/ui/ServerMemo";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Page views of documents (with or without JavaScript); client navigations are counted by the browser.
  const rootData = remixContext.staticHandlerContext.loaderData?.root as
    { analytics?: { id: string | null; anonymousId: string | null } } | undefined;
  // A shared page's render is for nobody: the worker records each visitor's view as it serves the copy.
  if (loadContext.app && !loadContext.app.sharedRender)
    recordDocumentViews(loadContext.app, request, responseStatusCode, rootData?.analytics ?? null);

  // The worker's Content-Security-Policy nonce: Remix's inline scripts (hydration data, the module
  // loader, streamed data) and React's own streaming scripts carry it.
  const nonce = loadContext.cspNonce;
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY);
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <FragmentMemoContext.Provider value={fragmentMemo}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </FragmentMemoContext.Provider>
    </NonceContext.Provider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeout));
  // Bots and no-JavaScript readers get the whole document at once.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  // The security headers (the policy with this nonce among them) go on in workers/app.ts, on every answer.
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * Loader, action and render errors: logged as Remix does by default, and reported to Sentry when it
 * is on (they never reach the worker's wrapper, which only sees what escapes the whole request).
 * 404s and aborted requests are neither.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // Remix's own default: an internal ErrorResponse (an unmatched route) logs the error it wraps.
  console.error(
    isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error,
  );
  reportServerError(error, request);
};
