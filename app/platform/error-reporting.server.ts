/**
 * Sentry on the worker (@sentry/cloudflare). `withErrorReporting` wraps the exported handler: a
 * request, cron run or other event goes through Sentry's instrumentation only when SENTRY_DSN is
 * set; without it the original handler runs untouched (no SDK set-up, no network). Remix's
 * handleError calls `reportServerError`, because Remix catches loader, action and render errors
 * itself and they would never reach the wrapper.
 *
 * The SDK is a module beside the worker (workers/lazy-modules.mjs), loaded by the first request that
 * has a DSN: a worker without one (development, tests, a deploy not reporting) never parses it.
 */
import type * as SentrySdk from "@sentry/cloudflare";
import { loadOnce } from "./load-once";
import { envSchema } from "./env";
import { isReportableServerError } from "./error-reporting";

const sentrySettings = envSchema.pick({ SENTRY_DSN: true, SENTRY_ENVIRONMENT: true, SENTRY_TRACES_SAMPLE_RATE: true });

/** Sentry's options for this worker's variables, or null when reporting is off (no DSN, or a malformed one). */
export function sentryOptions(bindings: unknown): SentrySdk.CloudflareOptions | null {
  // The common case, no DSN, costs one property read.
  const dsn = (bindings as { SENTRY_DSN?: unknown } | undefined)?.SENTRY_DSN;
  if (typeof dsn !== "string" || dsn === "") return null;
  const parsed = sentrySettings.safeParse(bindings ?? {});
  if (!parsed.success || !parsed.data.SENTRY_DSN) return null;
  return {
    dsn: parsed.data.SENTRY_DSN,
    environment: parsed.data.SENTRY_ENVIRONMENT,
    tracesSampleRate: parsed.data.SENTRY_TRACES_SAMPLE_RATE,
    debug: false,
    sendDefaultPii: false,
    // Thrown answers below 500 (a 404 Response) are not bugs, whichever way they reach Sentry.
    beforeSend: (event, hint) => (isReportableServerError(hint.originalException) ? event : null),
  };
}

type Sentry = typeof SentrySdk;
/** The SDK once loaded: only ever by a request with a DSN, so none means reporting is off. */
let sentry: Sentry | null = null;
/** Loads the SDK once (a failed load is not kept: the next request tries again). */
const loadSentry = loadOnce(async () => (sentry = await import("@sentry/cloudflare")));

/** Every exported handler method (fetch, scheduled, queue...) takes its bindings second. */
type Handler = Record<string, unknown>;

export function withErrorReporting<T extends Handler>(handler: T): T {
  // Sentry instruments the object it is given in place, so it gets its own copy, made on first use.
  const withSentryOn = loadOnce(async () => {
    const { withSentry } = await loadSentry();
    return withSentry((bindings) => sentryOptions(bindings) ?? undefined, { ...handler } as ExportedHandler) as Handler;
  });
  const wrapped: Handler = {};
  for (const [name, method] of Object.entries(handler)) {
    if (typeof method !== "function") {
      wrapped[name] = method;
      continue;
    }
    wrapped[name] = (...args: unknown[]) => {
      if (!sentryOptions(args[1])) return method.apply(handler, args);
      return withSentryOn().then(
        (instrumentedHandler) => (instrumentedHandler[name] as typeof method).apply(handler, args),
        // Reporting never costs the answer: should the SDK not load, the handler runs as it is.
        (error: unknown) => {
          console.error("error reporting: Sentry's SDK did not load", String(error));
          return method.apply(handler, args);
        },
      );
    };
  }
  return wrapped as T;
}

/** Remix handleError: loader, action and render errors (not 404s, not aborted requests). */
export function reportServerError(error: unknown, request: Request) {
  // No SDK or no client: this request is not running under Sentry (no DSN), so there is nothing to do.
  if (!sentry?.getClient() || !isReportableServerError(error, request)) return;
  sentry.captureException(error, { mechanism: { type: "auto.function.remix.server", handled: false } });
}
