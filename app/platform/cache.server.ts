import type { AppContext } from "./context";

/**
 * Read-through KV cache for catalogue lists. KV is a cache, never the source of truth: a miss or a
 * KV failure reads D1, and the write happens after the response (ctx.waitUntil).
 */
export async function cached<T>(app: AppContext, key: string, load: () => Promise<T>, ttlSeconds = app.env.CATALOGUE_CACHE_SECONDS): Promise<T> {
  try {
    const hit = await app.bindings.CACHE.get<T>(key, "json");
    if (hit !== null) return hit;
  } catch {
    // A cache that cannot be read is a cache miss.
  }
  const value = await load();
  app.ctx.waitUntil(app.bindings.CACHE.put(key, JSON.stringify(value), { expirationTtl: ttlSeconds }).catch(() => undefined));
  return value;
}

/** A stable cache key from a name and its parameters. */
export function cacheKey(name: string, params: Record<string, unknown>): string {
  const parts = Object.keys(params)
    .sort()
    .filter((k) => params[k] !== undefined && params[k] !== null && params[k] !== "")
    .map((k) => `${k}=${Array.isArray(params[k]) ? (params[k] as unknown[]).join(",") : String(params[k])}`);
  return `catalog:v1:${name}:${parts.join("&")}`;
}
