import type { Db } from "./db.server";
import type { Bindings, Env } from "./env";

/**
 * The visitor's marketing attribution record as platform carries it: the attribution feature owns
 * its schema (features/attribution/schema.ts attributionSchema) and resolves it; platform imports no
 * feature, so it knows the record only as string fields with its two required ones.
 */
export type RequestAttribution = { landingPage: string; timestamp: string } & { [key: string]: string | undefined };

/** What every loader and action receives as `context`: built by createAppContext (context.server.ts). */
export interface AppContext {
  env: Env;
  bindings: Bindings;
  db: Db;
  /** Keeps work alive after the answer (a request's ExecutionContext, or a Durable Object's state). */
  ctx: Pick<ExecutionContext, "waitUntil">;
  /** Milliseconds since epoch at the start of the request: one clock for a whole render. */
  now: number;
  /** The visitor's IANA time zone from the User-Browser-Timezone header, when it is a real one. */
  timeZone: string | undefined;
  /**
   * The visitor's marketing attribution (spec 3), resolved once per request by the worker from the
   * attribution cookie or this landing's query. Absent outside a visitor's request (cron, tests).
   */
  attribution?: RequestAttribution | null;
  /**
   * Set while rendering the shared copy of a page (http/shared-pages.server.ts): the render is for no
   * visitor in particular, so it reads no cookie and makes no anonymous id. Code that cannot render
   * without a visitor says why in `unshareable`, and the copy is thrown away. `variants` names the
   * variant of each running experiment this copy is for (a page with an A/B test has a copy per variant).
   */
  sharedRender?: { unshareable: string | null; variants?: Readonly<Record<string, string>> };
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
