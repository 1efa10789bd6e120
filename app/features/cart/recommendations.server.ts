/**
 * 'You might also like' (POST /api/getRecommendations): classes other buyers of these products also
 * bought, most shared buyers first; then popular classes of the same categories; then the most
 * popular classes. Never what is in the cart, excluded, or already owned.
 */
import { sql } from "drizzle-orm";
import { productsByIds, type ProductSummary } from "~/features/catalog/products.server";
import type { AppContext } from "~/platform/context";

export const RECOMMENDATION_LIMIT = 4;

export async function recommendations(
  app: AppContext,
  args: {
    productIds: string[];
    excludeProductIds?: string[];
    useAllPurchases?: boolean;
    userId?: string | null;
    limit?: number;
  },
): Promise<ProductSummary[]> {
  const limit = args.limit ?? RECOMMENDATION_LIMIT;
  const owned = args.userId ? await ownedIds(app, args.userId) : [];
  const seeds = [...new Set([...args.productIds, ...(args.useAllPurchases ? owned : [])])];
  const exclude = new Set([...seeds, ...(args.excludeProductIds ?? []), ...owned]);
  const picked: string[] = [];
  const take = (ids: string[]) => {
    for (const id of ids) if (!exclude.has(id) && !picked.includes(id) && picked.length < limit) picked.push(id);
  };
  const json = JSON.stringify(seeds);
  const notIn = JSON.stringify([...exclude]);
  if (seeds.length > 0) {
    const { results } = await app.bindings.DB.prepare(
      `SELECT other.product_id AS id, count(DISTINCT other.user_id) AS buyers
       FROM purchases seed JOIN purchases other ON other.user_id = seed.user_id AND other.product_id <> seed.product_id
       JOIN products p ON p.id = other.product_id AND p.kind = 'class'
       WHERE seed.product_id IN (SELECT value FROM json_each(?1)) AND seed.refunded_info IS NULL AND other.refunded_info IS NULL
         AND other.product_id NOT IN (SELECT value FROM json_each(?2))
       GROUP BY other.product_id ORDER BY buyers DESC, p.popularity DESC LIMIT ?3`,
    )
      .bind(json, notIn, limit)
      .all<{ id: string }>();
    take(results.map((r) => r.id));
  }
  // Without seeds there are no categories to look in (and asking would scan the whole catalogue by popularity).
  if (picked.length < limit && seeds.length > 0) {
    const { results } = await app.bindings.DB.prepare(
      `SELECT id FROM products WHERE kind = 'class' AND id NOT IN (SELECT value FROM json_each(?2))
         AND category IN (SELECT category FROM products WHERE id IN (SELECT value FROM json_each(?1)))
       ORDER BY popularity DESC, id DESC LIMIT ?3`,
    )
      .bind(json, JSON.stringify([...exclude, ...picked]), limit)
      .all<{ id: string }>();
    take(results.map((r) => r.id));
  }
  if (picked.length < limit) {
    const { results } = await app.bindings.DB.prepare(
      `SELECT id FROM products WHERE kind = 'class' AND id NOT IN (SELECT value FROM json_each(?1)) ORDER BY popularity DESC, id DESC LIMIT ?2`,
    )
      .bind(JSON.stringify([...exclude, ...picked]), limit)
      .all<{ id: string }>();
    take(results.map((r) => r.id));
  }
  return productsByIds(app.db, picked);
}

/** What the user owns: what they bought and the classes of collections they bought. */
async function ownedIds(app: AppContext, userId: string): Promise<string[]> {
  const rows = await app.db.all<{ id: string }>(sql`
    SELECT product_id AS id FROM purchases WHERE user_id = ${userId} AND refunded_info IS NULL
    UNION SELECT ci.product_id FROM purchases p JOIN collection_items ci ON ci.collection_id = p.product_id
          WHERE p.user_id = ${userId} AND p.refunded_info IS NULL`);
  return rows.map((r) => r.id);
}
