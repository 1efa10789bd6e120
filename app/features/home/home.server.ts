/** The home page's own queries: category previews and price facts, through the KV cache. */
import { sql } from "drizzle-orm";
import { cacheKey, cached } from "~/platform/cache.server";
import type { AppContext } from "~/platform/context";

export interface CategoryPreview {
  name: string;
  count: number;
  coverUrl: string;
}

/** Each category with its class count and the cover of its most popular class. */
async function categoryPreviews(app: AppContext): Promise<CategoryPreview[]> {
  // One indexed lookup per category (kind, category, popularity) instead of a window over every class.
  const { results } = await app.bindings.DB.prepare(
    `SELECT c.category AS name, c.count AS count,
            (SELECT p.cover_url FROM products p WHERE p.kind = 'class' AND p.category = c.category ORDER BY p.popularity DESC, p.id DESC LIMIT 1) AS coverUrl
     FROM (SELECT category, count(*) AS count FROM products WHERE kind = 'class' GROUP BY category) c
     ORDER BY c.count DESC, c.category`,
  ).all<CategoryPreview>();
  return results;
}

async function prices(app: AppContext) {
  const row = await app.db.get<{ lowestClassCents: number | null; membershipCents: number | null }>(
    sql`SELECT (SELECT min(price_cents) FROM products WHERE kind = 'class') AS lowestClassCents,
               (SELECT min(price_cents) FROM products WHERE kind = 'subscription') AS membershipCents`,
  );
  return row ?? { lowestClassCents: null, membershipCents: null };
}

/** The home page's catalogue facts: each category's preview and the lowest prices (KV-cached). */
export function homeFacts(app: AppContext) {
  return Promise.all([
    cached(app, cacheKey("home-categories", {}), () => categoryPreviews(app)),
    cached(app, cacheKey("home-prices", {}), () => prices(app)),
  ]);
}
