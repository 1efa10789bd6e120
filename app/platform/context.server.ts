import type { AppContext, RequestAttribution } from "./context";
import { createDb } from "./db.server";
import { parseEnv, type Bindings } from "./env";

/**
 * The one place the per-request context is assembled: for a visitor's request (workers/app.ts fetch),
 * a scheduled run (workers/app.ts scheduled) and a job's Durable Object (workers/jobs.ts).
 * Throws EnvError when the variables are invalid.
 */
export function createAppContext(
  bindings: Bindings,
  ctx: AppContext["ctx"],
  request: { now?: number; timeZone?: string; attribution?: RequestAttribution | null } = {},
): AppContext {
  return {
    env: parseEnv(bindings),
    bindings,
    db: createDb(bindings.DB),
    ctx,
    now: request.now ?? Date.now(),
    timeZone: request.timeZone,
    ...("attribution" in request ? { attribution: request.attribution } : {}),
  };
}
