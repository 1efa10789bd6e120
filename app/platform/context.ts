import type { Attribution } from "~/features/attribution/schema";
import type { Db } from "./db.server";
import type { Bindings, Env } from "./env";

/** What every loader and action receives as `context`: built once per request in workers/app.ts. */
export interface AppContext {
  env: Env;
  bindings: Bindings;
  db: Db;
  ctx: ExecutionContext;
  /** Milliseconds since epoch at the start of the request: one clock for a whole render. */
  now: number;
  /** The visitor's IANA time zone from the User-Browser-Timezone header, when it is a real one. */
  timeZone: string | undefined;
  /**
   * The visitor's marketing attribution (spec 3), resolved once per request by the worker from the
   * attribution cookie or this landing's query. Absent outside a visitor's request (cron, tests).
   */
  attribution?: Attribution | null;
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    app: AppContext;
    /** This response's Content-Security-Policy nonce (workers/app.ts): the page's inline scripts carry it. */
    cspNonce?: string;
  }
}

// Single fetch is on (remix.config.js): loaders' types are inferred as single fetch serialises them.
declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}
