/**
 * Error reporting rules shared by the worker and the browser (no Sentry import here: the browser
 * loads Sentry lazily, and only when a DSN is configured). See app/platform/README.md "Error reporting".
 */

/** What the browser needs to start Sentry; null when no DSN is configured (Sentry stays off). */
export interface BrowserErrorReporting {
  dsn: string;
  environment: string;
  tracesSampleRate: number;
}

export function browserErrorReporting(env: {
  SENTRY_DSN?: string;
  SENTRY_ENVIRONMENT: string;
  SENTRY_TRACES_SAMPLE_RATE: number;
}): BrowserErrorReporting | null {
  if (!env.SENTRY_DSN) return null;
  return { dsn: env.SENTRY_DSN, environment: env.SENTRY_ENVIRONMENT, tracesSampleRate: env.SENTRY_TRACES_SAMPLE_RATE };
}

/**
 * The settings entry.client reads before hydration (the root loader's data is not decoded yet at
 * that point), rendered by the root layout as a JSON data block: not a script, so nothing runs.
 */
export interface ClientConfig {
  environment: string;
  errorReporting: BrowserErrorReporting | null;
}

export const CLIENT_CONFIG_ID = "client-config";

/** JSON safe inside a <script> element: no "</script>" or "<!--" can close or bend it. */
export function serializeClientConfig(config: ClientConfig): string {
  return JSON.stringify(config)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Reads the data block; anything missing or malformed means production with reporting off. */
export function parseClientConfig(text: string | null | undefined): ClientConfig {
  const fallback: ClientConfig = { environment: "production", errorReporting: null };
  if (!text) return fallback;
  try {
    const value = JSON.parse(text) as Partial<ClientConfig>;
    const reporting = value.errorReporting;
    const validReporting =
      reporting &&
      typeof reporting.dsn === "string" &&
      typeof reporting.environment === "string" &&
      typeof reporting.tracesSampleRate === "number"
        ? reporting
        : null;
    return {
      environment: typeof value.environment === "string" ? value.environment : "production",
      errorReporting: validReporting,
    };
  } catch {
    return fallback;
  }
}

type ConsoleLike = Pick<Console, "log" | "info" | "debug">;

/**
 * Spec 9: console logging is off in production. log, info and debug become no-ops; warn and error
 * stay, because they are what a support engineer asks a visitor to copy. Returns whether it did.
 */
export function silenceConsoleInProduction(environment: string, target: ConsoleLike): boolean {
  if (environment !== "production") return false;
  const quiet = () => {};
  target.log = quiet;
  target.info = quiet;
  target.debug = quiet;
  return true;
}

/** A status carried by a thrown Response or a Remix ErrorResponse, if the error is one. */
function statusOf(error: unknown): number | null {
  if (typeof Response !== "undefined" && error instanceof Response) return error.status;
  // Remix's ErrorResponse (isRouteErrorResponse) is a plain object with status, statusText, data.
  if (error && typeof error === "object" && "status" in error && "statusText" in error && "data" in error) {
    const status = (error as { status: unknown }).status;
    return typeof status === "number" ? status : null;
  }
  return null;
}

/**
 * Whether a server error is worth a report: not-found pages and other answers a route threw on
 * purpose (a Response or ErrorResponse below 500) are not bugs, and neither is a request the visitor
 * aborted (closing the tab mid-render).
 */
export function isReportableServerError(error: unknown, request?: Request): boolean {
  if (request?.signal.aborted) return false;
  const status = statusOf(error);
  return status === null || status >= 500;
}

/** Whether the page the browser loaded was a not-found page: the server's hydration state names a 404. */
export function loadedAsNotFound(errors: unknown): boolean {
  if (!errors || typeof errors !== "object") return false;
  return Object.values(errors as Record<string, unknown>).some((error) => statusOf(error) === 404);
}

interface TransactionLike {
  transaction?: string;
  contexts?: { trace?: { op?: string } };
}

/**
 * Spec 9: '/404' page-load traces are dropped (so are page loads of any other not-found address,
 * which the catch-all route renders in place). Navigations and every other trace are kept.
 */
export function keepTransaction(event: TransactionLike, pageWasNotFound: boolean): boolean {
  if (event.contexts?.trace?.op !== "pageload") return true;
  return event.transaction !== "/404" && !pageWasNotFound;
}
