/**
 * Sentry in the browser (@sentry/remix). Only entry.client imports this module, with import(), and
 * only when the page carries a DSN: @sentry/remix is a large download that visitors of a site
 * without error reporting never pay for.
 */
import { useLocation, useMatches } from "@remix-run/react";
import {
  browserTracingIntegration,
  captureException,
  captureRemixErrorBoundaryError,
  getClient,
  init,
  startBrowserTracingNavigationSpan,
} from "@sentry/remix";
import { useEffect } from "react";
import { connectReporter } from "./error-reporting-bridge";
import {
  isReportableServerError,
  keepTransaction,
  loadedAsNotFound,
  type BrowserErrorReporting,
} from "./error-reporting";

/** Set on window once Sentry is listening (the end-to-end tests wait for it before throwing). */
export const READY_FLAG = "__studioErrorReporting";

/** How Remix says "a server error happened" in the browser: the server has reported it already. */
const SANITIZED_SERVER_ERROR = "Unexpected Server Error";

export function startBrowserErrorReporting(config: BrowserErrorReporting) {
  init({
    dsn: config.dsn,
    environment: config.environment,
    tracesSampleRate: config.tracesSampleRate,
    debug: false,
    sendDefaultPii: false,
    // The default integrations stay on: GlobalHandlers reports uncaught errors and unhandled
    // rejections. Remix's tracing names the page load by its path; navigations come from the bridge.
    integrations: [browserTracingIntegration({ useEffect, useLocation, useMatches })],
    // Read at send time: the hydration state is decoded after this module may have loaded.
    beforeSendTransaction: (event) => (keepTransaction(event, loadedAsNotFound(remixHydrationErrors())) ? event : null),
    beforeSend: (event, hint) => (isReportableServerError(hint.originalException) ? event : null),
  });
  connectReporter({
    boundaryError(error) {
      if (error instanceof Error && error.message === SANITIZED_SERVER_ERROR) return;
      captureRemixErrorBoundaryError(error);
    },
    navigation(pathname) {
      const client = getClient();
      if (client)
        startBrowserTracingNavigationSpan(client, {
          name: pathname,
          op: "navigation",
          attributes: { "sentry.source": "url", "sentry.origin": "auto.navigation.remix" },
        });
    },
    uncaught(error, kind) {
      captureException(error, {
        mechanism: {
          type: `auto.browser.global_handlers.${kind === "error" ? "onerror" : "onunhandledrejection"}`,
          handled: false,
        },
      });
    },
  });
  Reflect.set(window, READY_FLAG, "ready");
}

/** The errors the server rendered this page with (Remix's hydration state; it never changes after). */
function remixHydrationErrors(): unknown {
  const context: { state?: { errors?: unknown } } | undefined = Reflect.get(window, "__remixContext");
  return context?.state?.errors;
}
