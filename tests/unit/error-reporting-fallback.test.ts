// The worker's Sentry wrapper when the SDK (a module beside the worker) cannot be loaded: the request
// is answered as if reporting were off, the failure is logged, and the next request tries again.
import { afterEach, describe, expect, it, vi } from "vitest";
import { withErrorReporting } from "~/platform/error-reporting.server";

let loads = 0;
vi.mock("@sentry/cloudflare", () => {
  loads += 1;
  throw new Error("the SDK is not there");
});

afterEach(() => vi.restoreAllMocks());

const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
const env = { SENTRY_DSN: "https://k@o1.ingest.sentry.io/2" };

describe("the worker with a DSN whose SDK does not load", () => {
  it("answers every request as the handler does, logs the failure, and tries again next time", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const wrapped = withErrorReporting({
      async fetch(request: Request, _env: unknown, _ctx: ExecutionContext) {
        return new Response(`ok ${new URL(request.url).pathname}`);
      },
    });
    for (const path of ["/one", "/two"]) {
      const response = await wrapped.fetch(new Request(`http://studio.test${path}`), env as never, ctx);
      expect(await response.text()).toBe(`ok ${path}`);
    }
    expect(logged).toHaveBeenCalledWith("error reporting: Sentry's SDK did not load", expect.any(String));
    expect(loads).toBe(2);
  });
});
