/** The built worker called directly, not through the suite's pool: with other variables, or to read its own answer. */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";

// The built worker's own handler, for a pool set up differently from the suite's (its [vars] and bindings).
// @ts-ignore -- build/worker.js is the build's output: absent before `npm run build` (the typecheck runs first), untyped after
import worker from "../../build/worker.js";

const built = worker as { fetch(request: Request, bindings: unknown, ctx: ExecutionContext): Promise<Response> };

/** Calls the built worker with these variables over the suite's bindings (IDENTITY_SIGN_UP_CONFIRMATION, say). */
export function callWith(vars: Record<string, string>) {
  return async (path: string, init?: RequestInit): Promise<Response> => {
    const ctx = createExecutionContext();
    const response = await built.fetch(
      new Request(`http://127.0.0.1:8787${path}`, { redirect: "manual", ...init }),
      { ...env, ...vars },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return response;
  };
}
