/**
 * 'You might also like' (POST /api/getRecommendations): classes other buyers of these products also
 * bought, most shared buyers first; then popular classes of the same categories; then the most
 * popular classes. Never what is in the cart, excluded, or already owned.
 */
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/d1";
import { productSummariesRanked, toSummaries, type ProductSummary } from "~/features/catalog/products.server";
import type { AppContext } from "~/platform/context";
import type { Db } from "~/platform/db.server";

export const RECOMMENDATION_LIMIT = 4;

export interface RecommendationArgs {
  /** The seed products: ids, or a subquery of them (the cart's items, read in the same round trip). */
  productIds: string[] | SQL;
  excludeProductIds?: string[];
  useAllPurchases?: boolean;
  /** The user: an id, or an expression of one (the session's user); null for a visitor. */
  userId?: string | SQLWrapper | null;
  limit?: number;
}

export async function recommendations(app: AppContext, args: RecommendationArgs): Promise<ProductSummary[]> {
  return toRecommendations(await app.db.batch(recommendationQueries(app.db, args)));
}

/**
 * The read of the recommendations, for one batch (`toRecommendations` maps its rows): the summaries of
 * the picked ids in their ranking, one statement. (The three sources and every candidate's summary were
 * four statements and up to five times the rows; then the ids and their summaries were two, and D1 planned
 * and ran the ranking twice: ~0.9 ms of the database's time each on the bench's catalogue.)
 */
export function recommendationQueries(db: Db, args: RecommendationArgs) {
  return [
    productSummariesRanked(db, rankedIds(args), [
      sql`ranked.source`,
      sql`ranked.shared DESC`,
      sql`ranked.popularity DESC`,
      sql`ranked.id DESC`,
    ]),
  ] as const;
}

/** The recommendations from `recommendationQueries`' results, in their ranking. */
export function toRecommendations([rows]: BatchResponse<ReturnType<typeof recommendationQueries>>) {
  return toSummaries(rows);
}

/** The ranking alone (the ids, best first), to measure what it reads. */
export function recommendationRanking(db: Db, args: RecommendationArgs) {
  return db.select({ id: sql<string>`id` }).from(sql`(${rankedIds(args)})`);
}

/** The statements of the three sources, in order, as plain D1 statements (to measure what each reads). */
export function recommendationSources(d1: D1Database, args: RecommendationArgs): D1PreparedStatement[] {
  const { candidates, sources } = rankings(args);
  return sources.map((source) => {
    const { sql: text, params } = drizzle(d1)
      .select({ id: sql<string>`id` })
      .from(sql`(${candidates} ${source})`)
      .toSQL();
    return d1.prepare(text).bind(...params);
  });
}

/**
 * The ids to offer with what ranks them (their source, shared buyers and popularity), the best
 * `limit`: the sources in order, each id where it first appears (as if the three lists were read one
 * after another, repeats skipped). An id's sources agree on its popularity, and only bought-with counts
 * shared buyers, so the row of its first source (SQLite's bare columns beside min()) ranks it.
 */
function rankedIds(args: RecommendationArgs) {
  const { candidates, sources, limit } = rankings(args);
  const [boughtWith, sameCategory, popular] = sources;
  return sql`${candidates}
  SELECT id, source, shared, popularity FROM (
    SELECT id, min(source) AS source, shared, popularity FROM (
      SELECT id, 1 AS source, shared, popularity FROM (${boughtWith})
      UNION ALL SELECT id, 2, shared, popularity FROM (${sameCategory})
      UNION ALL SELECT id, 3, shared, popularity FROM (${popular}))
    GROUP BY id)
  ORDER BY source, shared DESC, popularity DESC, id DESC LIMIT ${limit}`;
}

/**
 * The three sources, each ranking its own candidates (id, shared buyers, popularity), and what
 * they leave out. A later source may repeat an earlier one's picks, so the fallbacks offer twice
 * the limit: enough once repeats are dropped.
 */
function rankings(args: RecommendationArgs) {
  const limit = args.limit ?? RECOMMENDATION_LIMIT;
  const user = args.userId ?? null;
  const seedIds = Array.isArray(args.productIds)
    ? sql`SELECT value FROM json_each(${JSON.stringify(args.productIds)})`
    : args.productIds;
  // What every source leaves out: the seeds, and what the user owns (bought, or in a collection
  // bought); all the user's purchases are seeds too when asked.
  const candidates = sql`WITH owned AS (
    SELECT product_id AS id FROM purchases WHERE user_id = ${user} AND refunded_info IS NULL
    UNION SELECT ci.product_id FROM purchases p JOIN collection_items ci ON ci.collection_id = p.product_id
          WHERE p.user_id = ${user} AND p.refunded_info IS NULL),
  seeds(id) AS (${seedIds} UNION SELECT id FROM owned WHERE ${args.useAllPurchases ? 1 : 0}),
  excluded AS (SELECT id FROM seeds UNION SELECT value FROM json_each(${JSON.stringify(args.excludeProductIds ?? [])}) UNION SELECT id FROM owned)`;
  const sources = [
    // Classes other buyers of the seeds bought, most shared buyers first. `+p.kind`: without it SQLite
    // walks every class by the kind index and looks each one up in purchases (23 ms at 100,000
    // classes, against 0.05 ms starting from the seeds' purchases).
    sql`SELECT other.product_id AS id, count(DISTINCT other.user_id) AS shared, p.popularity AS popularity
      FROM purchases seed JOIN purchases other ON other.user_id = seed.user_id AND other.product_id <> seed.product_id
      JOIN products p ON p.id = other.product_id AND +p.kind = 'class'
      WHERE seed.product_id IN (SELECT id FROM seeds) AND seed.refunded_info IS NULL AND other.refunded_info IS NULL
        AND other.product_id NOT IN (SELECT id FROM excluded)
      GROUP BY other.product_id ORDER BY count(DISTINCT other.user_id) DESC, p.popularity DESC, p.id DESC LIMIT ${limit}`,
    // The most popular classes of the seeds' categories. Without seeds that are products (none, or
    // only collections), none, and LIMIT 0 stops SQLite before it starts: otherwise it walks every
    // class by popularity looking for a category (180 ms at 100,000 classes).
    sql`SELECT id, 0 AS shared, popularity FROM products
      WHERE kind = 'class' AND id NOT IN (SELECT id FROM excluded)
        AND category IN (SELECT category FROM products WHERE id IN (SELECT id FROM seeds))
      ORDER BY popularity DESC, id DESC
      LIMIT (SELECT CASE WHEN EXISTS (SELECT 1 FROM products WHERE id IN (SELECT id FROM seeds)) THEN 2 * ${limit} ELSE 0 END)`,
    // The most popular classes.
    sql`SELECT id, 0 AS shared, popularity FROM products WHERE kind = 'class' AND id NOT IN (SELECT id FROM excluded)
      ORDER BY popularity DESC, id DESC LIMIT 2 * ${limit}`,
  ] as const;
  return { candidates, sources, limit };
}
