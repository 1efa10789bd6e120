// The worker's Sentry wrapper (@sentry/cloudflare) against the local envelope collector, in Node:
// off without a DSN (the handler runs as it is, nothing is sent); with one, an error thrown by the
// worker or reported by Remix's handleError arrives as an event, and 404s never do. The same path
// runs in the real worker in tests/e2e/error-reporting.spec.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { reportServerError, sentryOptions, withErrorReporting } from "~/platform/error-reporting.server";
import { startSentryCollector } from "../tools/sentry-collector.mjs";

let collector: Awaited<ReturnType<typeof startSentryCollector>>;

beforeAll(async () => {
  collector = await startSentryCollector(0);
});
afterAll(() => collector.close());
beforeEach(() => collector.clear());

/** An ExecutionContext whose waitUntil promises the test can await (Sentry flushes in them). */
function executionContext() {
  const pending: Promise<unknown>[] = [];
  return {
    ctx: {
      waitUntil: (p: Promise<unknown>) => void pending.push(p),
      passThroughOnException: () => {},
      props: {},
    } as unknown as ExecutionContext,
    settled: () => Promise.allSettled(pending),
  };
}

const items = (type: string) => collector.envelopes.flatMap((e) => e.items).filter((i) => i.header.type === type);
const exceptionMessages = () => items("event").map((i) => i.payload.exception?.values?.[0]?.value as string);

async function waitFor<T>(read: () => T | undefined, what: string, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A tiny worker: /boom throws, /loader-error reports as handleError would, /missing is a 404. */
const worker = {
  calls: 0,
  async fetch(request: Request, _env: unknown, _ctx: ExecutionContext): Promise<Response> {
    worker.calls += 1;
    const path = new URL(request.url).pathname;
    if (path === "/boom") throw new Error("worker boom");
    if (path === "/loader-error") {
      reportServerError(new Error("loader boom"), request);
      reportServerError(new Response("Not found", { status: 404 }), request);
      return new Response("error page", { status: 500 });
    }
    if (path === "/missing") {
      reportServerError(new Response("Not found", { status: 404 }), request);
      return new Response("not found", { status: 404 });
    }
    return new Response("ok");
  },
  async scheduled(_controller: unknown, _env: unknown, _ctx: ExecutionContext) {
    worker.calls += 1;
  },
};
const wrapped = withErrorReporting(worker);

describe("Sentry options", () => {
  it("are null without a DSN or with a malformed one", () => {
    expect(sentryOptions({})).toBeNull();
    expect(sentryOptions({ SENTRY_DSN: "" })).toBeNull();
    expect(sentryOptions({ SENTRY_DSN: "nope" })).toBeNull();
  });
  it("default to environment 'production', trace sample rate 0.1, debug off", () => {
    expect(sentryOptions({ SENTRY_DSN: "https://k@o1.ingest.sentry.io/2" })).toMatchObject({
      dsn: "https://k@o1.ingest.sentry.io/2",
      environment: "production",
      tracesSampleRate: 0.1,
      debug: false,
      sendDefaultPii: false,
    });
    expect(
      sentryOptions({ SENTRY_DSN: "https://k@o1.ingest.sentry.io/2", SENTRY_ENVIRONMENT: "staging" }),
    ).toMatchObject({ environment: "staging" });
  });
});

describe("the worker without a DSN", () => {
  it("runs the handler as it is and sends nothing", async () => {
    const { ctx, settled } = executionContext();
    const before = worker.calls;
    await expect(wrapped.fetch(new Request("http://studio.test/boom"), {} as never, ctx)).rejects.toThrow(
      "worker boom",
    );
    expect(await (await wrapped.fetch(new Request("http://studio.test/"), {} as never, ctx)).text()).toBe("ok");
    await wrapped.scheduled({} as never, {} as never, ctx);
    await settled();
    expect(worker.calls - before).toBe(3);
    expect(collector.envelopes).toEqual([]);
  });
});

describe("the worker with a DSN", () => {
  const env = () => ({ SENTRY_DSN: collector.dsn(7), SENTRY_ENVIRONMENT: "unit", SENTRY_TRACES_SAMPLE_RATE: "1" });

  it("reports an error thrown out of fetch, with its environment", async () => {
    const { ctx, settled } = executionContext();
    await expect(wrapped.fetch(new Request("http://studio.test/boom"), env() as never, ctx)).rejects.toThrow(
      "worker boom",
    );
    await settled();
    const event = await waitFor(
      () => items("event").find((i) => i.payload.exception?.values?.[0]?.value === "worker boom"),
      "the worker boom event",
    );
    expect(event.payload.environment).toBe("unit");
    expect(event.payload.exception.values[0].mechanism).toMatchObject({ handled: false });
  });

  it("reports what handleError passes on, but not a 404", async () => {
    const { ctx, settled } = executionContext();
    // Read the bodies: Sentry ends a streamed (text/plain) response's span when its body is done.
    const failed = await wrapped.fetch(new Request("http://studio.test/loader-error"), env() as never, ctx);
    expect([failed.status, await failed.text()]).toEqual([500, "error page"]);
    const missing = await wrapped.fetch(new Request("http://studio.test/missing"), env() as never, ctx);
    expect([missing.status, await missing.text()]).toEqual([404, "not found"]);
    await settled();
    await waitFor(
      () => items("event").find((i) => i.payload.exception?.values?.[0]?.value === "loader boom"),
      "the loader boom event",
    );
    // Both requests' traces (sample rate 1) arrived, so anything they reported has arrived too.
    await waitFor(() => (items("transaction").length >= 2 ? true : undefined), "both request traces");
    expect(exceptionMessages()).toEqual(["loader boom"]);
    expect(collector.envelopes.every((e: any) => e.project === "7")).toBe(true);
  });
});
