// The per-request context the worker builds, built here for calling services directly.
import { createExecutionContext, env } from "cloudflare:test";
import { createDb } from "~/platform/db.server";
import type { AppContext } from "~/platform/context";
import { parseEnv, type Bindings } from "~/platform/env";

export function testApp(overrides: Partial<AppContext> = {}): AppContext {
  const bindings = env as unknown as Bindings;
  return {
    env: parseEnv(bindings),
    bindings,
    db: createDb(env.DB),
    ctx: createExecutionContext(),
    now: Date.now(),
    timeZone: undefined,
    ...overrides,
  };
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
