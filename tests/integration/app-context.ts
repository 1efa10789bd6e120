// The per-request context the worker builds, built here for calling services directly.
import { createExecutionContext, env } from "cloudflare:test";
import type { AppContext } from "~/platform/context";
import { createAppContext } from "~/platform/context.server";
import type { Bindings } from "~/platform/env";

/** Bindings a test may hand a service: the plans tests unbind Jobs to drive a job's steps themselves. */
type TestBindings = Omit<Bindings, "Jobs"> & { Jobs?: Bindings["Jobs"] };

/** The worker's context (createAppContext) over the suite's bindings, with a context the test can wait on. */
export function testApp({
  bindings,
  ...overrides
}: Partial<Omit<AppContext, "bindings">> & { ctx?: ExecutionContext; bindings?: TestBindings } = {}): AppContext & {
  ctx: ExecutionContext;
} {
  const ctx = createExecutionContext();
  // plans.server.ts runners() checks for Jobs before using it, so an unbound one is a real case there.
  return { ...createAppContext(env, ctx), ctx, ...overrides, ...(bindings && { bindings: bindings as Bindings }) };
}
/** Calls the built worker as a browser or API client would. */
export async function call(path: string, init?: RequestInit): Promise<Response> {
  const { exports } = await import("cloudflare:workers");
  return (exports as unknown as { default: { fetch(request: Request): Promise<Response> } }).default.fetch(
    new Request(`http://127.0.0.1:8787${path}`, { redirect: "manual", ...init }),
  );
}

export async function classCount(): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM products WHERE kind = 'class'").first<{ n: number }>();
  return row?.n ?? 0;
}

/** The suite's D1, recording the statements it is asked to prepare (to count a page's reads). */
export function countingD1(): { d1: D1Database; statements: string[] } {
  const statements: string[] = [];
  const d1 = new Proxy(env.DB, {
    get(target, key) {
      if (key === "prepare")
        return (query: string) => {
          statements.push(query);
          return target.prepare(query);
        };
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { d1, statements };
}
