/**
 * The browser's link between the app and Sentry, which loads lazily (entry.client imports it only
 * when a DSN is configured). The root route reports error-boundary errors and navigations here
 * without importing Sentry; until Sentry has loaded, errors wait in a short queue, and uncaught
 * errors are buffered, so nothing thrown while it downloads is lost. Without a DSN every call
 * returns at once.
 */

export interface BrowserReporter {
  /** An error a route's error boundary rendered. */
  boundaryError(error: unknown): void;
  /** A client-side navigation to a new path (the page load itself is traced by Sentry). */
  navigation(pathname: string): void;
  /** An uncaught error or unhandled rejection seen before Sentry's own handlers were installed. */
  uncaught(error: unknown, kind: "error" | "unhandledrejection"): void;
}

const QUEUE_LIMIT = 10;

let reporter: BrowserReporter | null = null;
/** null: no reporter is coming (no DSN); otherwise errors waiting for it. */
let waiting: unknown[] | null = null;
let lastPath: string | null = null;
let stopBuffering: (() => void) | null = null;
let buffered: { error: unknown; kind: "error" | "unhandledrejection" }[] = [];

/**
 * Called by entry.client before it starts loading Sentry: from now until `connectReporter`,
 * boundary errors are queued and uncaught errors on `target` (window) are buffered.
 */
export function expectReporter(target: Pick<Window, "addEventListener" | "removeEventListener">) {
  waiting ??= [];
  const onError = (event: ErrorEvent) => keep(event.error ?? event.message, "error");
  const onRejection = (event: PromiseRejectionEvent) => keep(event.reason, "unhandledrejection");
  const keep = (error: unknown, kind: "error" | "unhandledrejection") => {
    if (buffered.length < QUEUE_LIMIT) buffered.push({ error, kind });
  };
  target.addEventListener("error", onError);
  target.addEventListener("unhandledrejection", onRejection);
  stopBuffering = () => {
    target.removeEventListener("error", onError);
    target.removeEventListener("unhandledrejection", onRejection);
  };
}

/** Called once Sentry is initialised (its global handlers now catch uncaught errors): replays what waited. */
export function connectReporter(next: BrowserReporter) {
  stopBuffering?.();
  stopBuffering = null;
  reporter = next;
  for (const { error, kind } of buffered) next.uncaught(error, kind);
  for (const error of waiting ?? []) next.boundaryError(error);
  buffered = [];
  waiting = null;
}

export function reportBoundaryError(error: unknown) {
  if (reporter) reporter.boundaryError(error);
  else if (waiting && waiting.length < QUEUE_LIMIT) waiting.push(error);
}

/** Called with the current path on every render's location; the first path is the page load. */
export function reportLocation(pathname: string) {
  if (lastPath === null || pathname === lastPath) {
    lastPath = pathname;
    return;
  }
  lastPath = pathname;
  reporter?.navigation(pathname);
}

/** For tests: back to the state of a fresh page. */
export function resetBridgeForTests() {
  stopBuffering?.();
  reporter = null;
  waiting = null;
  lastPath = null;
  stopBuffering = null;
  buffered = [];
}
