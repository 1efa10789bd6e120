/**
 * 'You might also like' (POST /api/getRecommendations): classes other buyers of these products also
 * bought, most shared buyers first; then popular classes of the same categories; then the most
 * popular classes. Never what is in the cart, excluded, or already owned.
 */
import { productsByIds, type ProductSummary } from "~/features/catalog/products.server";
import type { AppContext } from "~/platform/context";

export const RECOMMENDATION_LIMIT = 4;

export interface RecommendationArgs {
  productIds: string[];
  excludeProductIds?: string[];
  useAllPurchases?: boolean;
  userId?: string | null;
  limit?: number;
}

export async function recommendations(app: AppContext, args: RecommendationArgs): Promise<ProductSummary[]> {
  const limit = args.limit ?? RECOMMENDATION_LIMIT;
  // The three sources in one round trip (asked in turn they took up to four).
  const [boughtWith, sameCategory, popular] = await app.bindings.DB.batch<{ id: string }>(
    recommendationSources(app.bindings.DB, args),
  );
  const picked = new Set<string>();
  for (const { id } of [...boughtWith.results, ...sameCategory.results, ...popular.results]) {
    if (picked.size === limit) break;
    picked.add(id);
  }
  return productsByIds(app.db, [...picked]);
}

/**
 * The statements of the three sources, in order, each ranking its own candidates. A later source may
 * repeat an earlier one's picks, so the fallbacks offer twice the limit: enough once repeats are dropped.
 */
export function recommendationSources(db: D1Database, args: RecommendationArgs): D1PreparedStatement[] {
  const params = [
    args.userId ?? null,
    JSON.stringify(args.productIds),
    args.useAllPurchases ? 1 : 0,
    JSON.stringify(args.excludeProductIds ?? []),
    args.limit ?? RECOMMENDATION_LIMIT,
  ];
  return [BOUGHT_WITH, SAME_CATEGORY, POPULAR].map((query) => db.prepare(`${CANDIDATES} ${query}`).bind(...params));
}

/**
 * What every source leaves out (?1 the user, ?2 the seed products, ?3 whether all the user's
 * purchases are seeds too, ?4 more products to leave out): the seeds, and what the user owns (bought,
 * or in a collection bought).
 */
const CANDIDATES = `WITH owned AS (
    SELECT product_id AS id FROM purchases WHERE user_id = ?1 AND refunded_info IS NULL
    UNION SELECT ci.product_id FROM purchases p JOIN collection_items ci ON ci.collection_id = p.product_id
          WHERE p.user_id = ?1 AND p.refunded_info IS NULL),
  seeds AS (SELECT value AS id FROM json_each(?2) UNION SELECT id FROM owned WHERE ?3),
  excluded AS (SELECT id FROM seeds UNION SELECT value FROM json_each(?4) UNION SELECT id FROM owned)`;

/**
 * Classes other buyers of the seeds bought, most shared buyers first. `+p.kind`: without it SQLite
 * walks every class by the kind index and looks each one up in purchases (23 ms at 100,000 classes,
 * against 0.05 ms starting from the seeds' purchases).
 */
const BOUGHT_WITH = `SELECT other.product_id AS id
  FROM purchases seed JOIN purchases other ON other.user_id = seed.user_id AND other.product_id <> seed.product_id
  JOIN products p ON p.id = other.product_id AND +p.kind = 'class'
  WHERE seed.product_id IN (SELECT id FROM seeds) AND seed.refunded_info IS NULL AND other.refunded_info IS NULL
    AND other.product_id NOT IN (SELECT id FROM excluded)
  GROUP BY other.product_id ORDER BY count(DISTINCT other.user_id) DESC, p.popularity DESC, p.id DESC LIMIT ?5`;

/**
 * The most popular classes of the seeds' categories. Without seeds that are products (none, or only
 * collections), none, and LIMIT 0 stops SQLite before it starts: otherwise it walks every class by
 * popularity looking for a category (180 ms at 100,000 classes).
 */
const SAME_CATEGORY = `SELECT id FROM products
  WHERE kind = 'class' AND id NOT IN (SELECT id FROM excluded)
    AND category IN (SELECT category FROM products WHERE id IN (SELECT id FROM seeds))
  ORDER BY popularity DESC, id DESC LIMIT (SELECT CASE WHEN EXISTS (SELECT 1 FROM products WHERE id IN (SELECT id FROM seeds)) THEN 2 * ?5 ELSE 0 END)`;

/** The most popular classes. */
const POPULAR = `SELECT id FROM products WHERE kind = 'class' AND id NOT IN (SELECT id FROM excluded)
  ORDER BY popularity DESC, id DESC LIMIT 2 * ?5`;
