import type { AppContext } from "./context";
import { setMostRecent } from "./recent-first";

/**
 * Read-through KV cache for catalogue lists. KV is a cache, never the source of truth: a miss or a
 * KV failure reads D1, and the write happens after the response (ctx.waitUntil).
 */
export async function cached<T>(
  app: AppContext,
  key: string,
  load: () => Promise<T>,
  ttlSeconds = app.env.CATALOGUE_CACHE_SECONDS,
): Promise<T> {
  const local = memory.get(key);
  if (local && local.expires > app.now) return local.value as T;
  let value: T | null = null;
  try {
    value = await app.bindings.CACHE.get<T>(key, "json");
  } catch {
    // A cache that cannot be read is a cache miss.
  }
  if (value === null) {
    value = await load();
    const fresh = value;
    app.ctx.waitUntil(
      app.bindings.CACHE.put(key, JSON.stringify(fresh), { expirationTtl: ttlSeconds }).catch(() => undefined),
    );
  }
  remember(key, value, app.now + Math.min(ttlSeconds, MEMORY_TTL_SECONDS) * 1000);
  return value;
}

/**
 * Forgets a cached value after a change: this isolate's memory and KV. Other isolates' memories
 * expire on their own within MEMORY_TTL_SECONDS.
 */
export async function forgetCached(app: AppContext, key: string): Promise<void> {
  memory.delete(key);
  await app.bindings.CACHE.delete(key).catch(() => undefined);
}

/**
 * A small per-isolate memory in front of KV: a busy isolate answers repeated list requests without
 * a KV round trip. Short-lived (a few seconds) so isolates never disagree for long.
 */
export const MEMORY_TTL_SECONDS = 5;
const MEMORY_ENTRIES = 200;
const memory = new Map<string, { value: unknown; expires: number }>();

function remember(key: string, value: unknown, expires: number) {
  setMostRecent(memory, key, { value, expires }, MEMORY_ENTRIES);
}

/** A stable cache key from a name and its parameters. */
export function cacheKey(name: string, params: Record<string, unknown>): string {
  const parts = Object.keys(params)
    .sort()
    .filter((k) => params[k] !== undefined && params[k] !== null && params[k] !== "")
    .map((k) => `${k}=${Array.isArray(params[k]) ? (params[k] as unknown[]).join(",") : String(params[k])}`);
  return `catalog:v1:${name}:${parts.join("&")}`;
}
