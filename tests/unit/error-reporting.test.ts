// Error reporting: the shared rules (what is reported, which traces are dropped, console logging in
// production, the settings the page carries) and the browser bridge that waits for lazy Sentry.
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/platform/env";
import {
  browserErrorReporting,
  isReportableServerError,
  keepTransaction,
  loadedAsNotFound,
  parseClientConfig,
  serializeClientConfig,
  silenceConsoleInProduction,
} from "~/platform/error-reporting";
import {
  connectReporter,
  expectReporter,
  reportBoundaryError,
  reportLocation,
  resetBridgeForTests,
  type BrowserReporter,
} from "~/platform/error-reporting-bridge";

describe("error reporting settings", () => {
  it("is off without a DSN, and an empty DSN counts as none", () => {
    expect(browserErrorReporting(parseEnv({}))).toBeNull();
    expect(browserErrorReporting(parseEnv({ SENTRY_DSN: "" }))).toBeNull();
  });
  it("defaults to environment 'production' and a trace sample rate of 0.1", () => {
    const env = parseEnv({ SENTRY_DSN: "https://key@o1.ingest.sentry.io/2", ENVIRONMENT: "development" });
    expect(browserErrorReporting(env)).toEqual({
      dsn: "https://key@o1.ingest.sentry.io/2",
      environment: "production",
      tracesSampleRate: 0.1,
    });
  });
  it("takes SENTRY_ENVIRONMENT and SENTRY_TRACES_SAMPLE_RATE, and refuses a DSN that is not an address", () => {
    const env = parseEnv({
      SENTRY_DSN: "http://k@127.0.0.1:1/1",
      SENTRY_ENVIRONMENT: "staging",
      SENTRY_TRACES_SAMPLE_RATE: "1",
    });
    expect(browserErrorReporting(env)).toMatchObject({ environment: "staging", tracesSampleRate: 1 });
    expect(() => parseEnv({ SENTRY_DSN: "not a dsn" })).toThrow(/SENTRY_DSN/);
    expect(() => parseEnv({ SENTRY_TRACES_SAMPLE_RATE: "2" })).toThrow(/SENTRY_TRACES_SAMPLE_RATE/);
  });
});

describe("the page's client settings", () => {
  it("round-trips, and cannot close its <script> element", () => {
    const config = {
      environment: "test",
      errorReporting: {
        dsn: "http://k@h/1</script><script>alert(1)</script>",
        environment: "e2e",
        tracesSampleRate: 1,
      },
    };
    const text = serializeClientConfig(config);
    expect(text).not.toContain("<");
    expect(parseClientConfig(text)).toEqual(config);
  });
  it("falls back to production with reporting off when missing or malformed", () => {
    const off = { environment: "production", errorReporting: null };
    expect(parseClientConfig(null)).toEqual(off);
    expect(parseClientConfig("{oops")).toEqual(off);
    expect(parseClientConfig(JSON.stringify({ environment: "test", errorReporting: { dsn: 1 } }))).toEqual({
      environment: "test",
      errorReporting: null,
    });
  });
});

describe("console logging in production", () => {
  const fakeConsole = () => {
    const calls: string[] = [];
    const c = {
      log: () => calls.push("log"),
      info: () => calls.push("info"),
      debug: () => calls.push("debug"),
      warn: () => calls.push("warn"),
      error: () => calls.push("error"),
    };
    return { c, calls };
  };
  it("silences log, info and debug in production and keeps warn and error", () => {
    const { c, calls } = fakeConsole();
    expect(silenceConsoleInProduction("production", c)).toBe(true);
    c.log();
    c.info();
    c.debug();
    c.warn();
    c.error();
    expect(calls).toEqual(["warn", "error"]);
  });
  it("leaves every method alone elsewhere", () => {
    for (const environment of ["development", "test"]) {
      const { c, calls } = fakeConsole();
      expect(silenceConsoleInProduction(environment, c)).toBe(false);
      c.log();
      c.info();
      c.debug();
      expect(calls).toEqual(["log", "info", "debug"]);
    }
  });
});

describe("which server errors are reported", () => {
  const request = (aborted = false) => {
    const controller = new AbortController();
    if (aborted) controller.abort();
    return new Request("http://127.0.0.1/x", { signal: controller.signal });
  };
  it("reports thrown errors and 5xx answers", () => {
    expect(isReportableServerError(new Error("boom"), request())).toBe(true);
    expect(isReportableServerError("a string", request())).toBe(true);
    expect(isReportableServerError(new Response(null, { status: 500 }), request())).toBe(true);
    expect(isReportableServerError({ status: 503, statusText: "Unavailable", data: null }, request())).toBe(true);
  });
  it("never reports 404s or other thrown answers below 500", () => {
    expect(isReportableServerError(new Response("Not found", { status: 404 }), request())).toBe(false);
    expect(isReportableServerError(new Response(null, { status: 403 }), request())).toBe(false);
    // Remix's ErrorResponse, e.g. an unmatched route (internal: true, error: Error('No route matches')).
    expect(
      isReportableServerError(
        { status: 404, statusText: "Not Found", data: "x", internal: true, error: new Error("No route matches URL") },
        request(),
      ),
    ).toBe(false);
  });
  it("never reports an aborted request", () => {
    expect(isReportableServerError(new Error("boom"), request(true))).toBe(false);
  });
});

describe("which traces are dropped", () => {
  const pageload = (name: string) => ({ transaction: name, contexts: { trace: { op: "pageload" } } });
  it("drops the '/404' page load and any page load that rendered not found", () => {
    expect(keepTransaction(pageload("/404"), false)).toBe(false);
    expect(keepTransaction(pageload("/no-such-page"), true)).toBe(false);
  });
  it("keeps other page loads and every navigation, even to /404", () => {
    expect(keepTransaction(pageload("/classes"), false)).toBe(true);
    expect(keepTransaction({ transaction: "/404", contexts: { trace: { op: "navigation" } } }, false)).toBe(true);
    expect(keepTransaction({ transaction: "GET /404", contexts: { trace: { op: "http.server" } } }, false)).toBe(true);
  });
  it("reads a 404 from Remix's hydration errors", () => {
    expect(
      loadedAsNotFound({ "routes/$": { status: 404, statusText: "Not Found", data: "Not found", internal: false } }),
    ).toBe(true);
    expect(loadedAsNotFound({ root: { status: 500, statusText: "", data: null } })).toBe(false);
    expect(loadedAsNotFound({ root: new Error("x") })).toBe(false);
    expect(loadedAsNotFound(null)).toBe(false);
    expect(loadedAsNotFound(undefined)).toBe(false);
  });
});

describe("the browser bridge to lazily loaded Sentry", () => {
  afterEach(() => resetBridgeForTests());
  const recorder = () => {
    const seen: string[] = [];
    const reporter: BrowserReporter = {
      boundaryError: (e) => seen.push(`boundary:${(e as Error).message}`),
      navigation: (p) => seen.push(`navigation:${p}`),
      uncaught: (e, kind) => seen.push(`${kind}:${e instanceof Error ? e.message : String(e)}`),
    };
    return { seen, reporter };
  };
  const fakeWindow = () => {
    const target = new EventTarget();
    return target as unknown as Window & EventTarget;
  };
  const errorEvent = (error: Error) => Object.assign(new Event("error"), { error, message: error.message });
  const rejectionEvent = (reason: unknown) => Object.assign(new Event("unhandledrejection"), { reason });

  it("does nothing without a DSN (no reporter expected)", () => {
    reportBoundaryError(new Error("lost on purpose"));
    reportLocation("/a");
    reportLocation("/b");
    const { seen, reporter } = recorder();
    connectReporter(reporter);
    expect(seen).toEqual([]);
  });

  it("keeps uncaught errors, rejections and boundary errors until Sentry is ready, then stops listening", () => {
    const win = fakeWindow();
    expectReporter(win);
    win.dispatchEvent(errorEvent(new Error("early uncaught")));
    win.dispatchEvent(rejectionEvent(new Error("early rejection")));
    reportBoundaryError(new Error("early boundary"));
    const { seen, reporter } = recorder();
    connectReporter(reporter);
    expect(seen).toEqual(["error:early uncaught", "unhandledrejection:early rejection", "boundary:early boundary"]);
    // Sentry's own handlers take over from here: the buffer no longer listens.
    win.dispatchEvent(errorEvent(new Error("late uncaught")));
    reportBoundaryError(new Error("late boundary"));
    expect(seen).toEqual([
      "error:early uncaught",
      "unhandledrejection:early rejection",
      "boundary:early boundary",
      "boundary:late boundary",
    ]);
  });

  it("keeps at most ten of each while waiting", () => {
    const win = fakeWindow();
    expectReporter(win);
    for (let i = 0; i < 15; i++) win.dispatchEvent(errorEvent(new Error(`e${i}`)));
    const { seen, reporter } = recorder();
    connectReporter(reporter);
    expect(seen).toHaveLength(10);
  });

  it("reports path changes after the first (the page load) as navigations", () => {
    const { seen, reporter } = recorder();
    expectReporter(fakeWindow());
    connectReporter(reporter);
    reportLocation("/terms");
    reportLocation("/terms");
    reportLocation("/privacy");
    reportLocation("/classes");
    expect(seen).toEqual(["navigation:/privacy", "navigation:/classes"]);
  });
});
