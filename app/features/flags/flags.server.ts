/** Feature flags: rows in D1, read through KV for a minute so a page view costs no database query. */
import { eq } from "drizzle-orm";
import { featureFlags } from "~/db/schema";
import type { AppContext } from "~/platform/context";

export interface Flag {
  enabled: boolean;
  payload: Record<string, unknown> | null;
}

const FLAG_CACHE_SECONDS = 60;

/** The KV key a flag is cached under; the `npm run flag` command deletes it after a change. */
export const flagCacheKey = (key: string) => `flag:${key}`;

export async function getFlag(app: AppContext, key: string): Promise<Flag> {
  try {
    const hit = await app.bindings.CACHE.get<Flag>(flagCacheKey(key), "json");
    if (hit) return hit;
  } catch {
    // An unreadable cache falls through to D1.
  }
  const row = await app.db.select().from(featureFlags).where(eq(featureFlags.key, key)).get();
  const flag: Flag = { enabled: row?.enabled ?? false, payload: row?.payload ?? null };
  app.ctx.waitUntil(
    app.bindings.CACHE.put(flagCacheKey(key), JSON.stringify(flag), { expirationTtl: FLAG_CACHE_SECONDS }).catch(
      () => undefined,
    ),
  );
  return flag;
}
