/**
 * Catalogue queries for classes: lists with keyset pagination (the cursor is the last product's id),
 * filters, full-text search and single products. Screens and the JSON API both call these.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { creators, lessons, productTags, products, type LessonRow, type ProductRow } from "~/db/schema";
import { ServiceError } from "~/platform/service-error";
import type { Db } from "~/platform/db.server";
import { DAY_MS, NEW_RELEASE_WINDOW_DAYS, ftsQuery } from "./rules";

export type ProductOrder = "popular" | "new" | "rating";

export interface ProductFilters {
  categories?: string[];
  topics?: string[];
  genres?: string[];
  search?: string | null;
  /** Only classes released on or after this time (new releases). */
  releasedSince?: number;
  /** Only classes with at least one rating (top rated). */
  rated?: boolean;
  /** Only one creator's classes (their storefront; index products_storefront_kind_popularity). */
  storefrontSlug?: string;
}

export interface ProductPage {
  products: ProductSummary[];
  /** The id to pass as lastProductId for the next page, or null when this is the last page. */
  nextCursor: string | null;
}

/** What a product card and the list API show. Money is integer cents. */
export interface ProductSummary {
  id: string;
  productId: string;
  kind: "class" | "subscription";
  title: string;
  classSlug: string;
  storefrontSlug: string;
  creatorName: string;
  tagline: string;
  category: string;
  level: string;
  coverUrl: string;
  priceInfo: { price: number; crossedPrice: number | null };
  crossedPriceApplicableFrom: string | null;
  specialOnlyVip: boolean;
  shouldNotHideDiscount: boolean;
  subscriptionSlug: string;
  isCollection: false;
  lessonCount: number;
  totalSeconds: number;
  rating: { average: number; count: number };
  popularity: number;
  releasedAt: string;
  /** Announced but not on sale yet: its page offers the waitlist, and nothing can buy it. */
  comingSoon: boolean;
}

export interface ProductDetail extends ProductSummary {
  description: string;
  topics: string[];
  genres: string[];
  creator: { name: string; storefrontSlug: string; headline: string; bio: string; avatarUrl: string };
  lessons: {
    id: string;
    position: number;
    title: string;
    summary: string;
    durationSeconds: number;
    isPreview: boolean;
  }[];
}

/** A keyset cursor that names no product: the API's 404 (a ServiceError, so the wrapper answers it). */
export class CursorNotFoundError extends ServiceError {
  constructor(public readonly cursor: string) {
    super("not-found", `lastProductId ${cursor} does not match any product`);
  }
}

const ORDER_COLUMN = { popular: products.popularity, new: products.releasedAt, rating: products.ratingScore } as const;

const summaryColumns = {
  row: products,
  creatorName: creators.name,
};

function toSummary(row: ProductRow, creatorName: string): ProductSummary {
  return {
    id: row.id,
    productId: row.id,
    kind: row.kind,
    title: row.title,
    classSlug: row.classSlug,
    storefrontSlug: row.storefrontSlug,
    creatorName,
    tagline: row.tagline,
    category: row.category,
    level: row.level,
    coverUrl: row.coverUrl,
    priceInfo: { price: row.priceCents, crossedPrice: row.crossedPriceCents },
    crossedPriceApplicableFrom: row.crossedPriceApplicableFrom
      ? new Date(row.crossedPriceApplicableFrom).toISOString()
      : null,
    specialOnlyVip: row.specialOnlyVip,
    shouldNotHideDiscount: row.shouldNotHideDiscount,
    subscriptionSlug: row.subscriptionSlug,
    isCollection: false,
    lessonCount: row.lessonCount,
    totalSeconds: row.totalSeconds,
    rating: { average: row.ratingAverage, count: row.ratingCount },
    popularity: row.popularity,
    releasedAt: new Date(row.releasedAt).toISOString(),
    comingSoon: row.comingSoon,
  };
}

function filterConditions(filters: ProductFilters): SQL[] {
  const conditions: SQL[] = [eq(products.kind, "class")];
  if (filters.storefrontSlug !== undefined) conditions.push(eq(products.storefrontSlug, filters.storefrontSlug));
  if (filters.categories?.length) conditions.push(inArray(products.category, filters.categories));
  if (filters.releasedSince !== undefined) conditions.push(sql`${products.releasedAt} >= ${filters.releasedSince}`);
  if (filters.rated) conditions.push(sql`${products.ratingCount} > 0`);
  if (filters.topics?.length) {
    conditions.push(
      sql`${products.id} IN (SELECT ${productTags.productId} FROM ${productTags} WHERE ${productTags.kind} = 'topic' AND ${inArray(productTags.value, filters.topics)})`,
    );
  }
  if (filters.genres?.length) {
    conditions.push(
      sql`${products.id} IN (SELECT ${productTags.productId} FROM ${productTags} WHERE ${productTags.kind} = 'genre' AND ${inArray(productTags.value, filters.genres)})`,
    );
  }
  if (filters.search) {
    const match = ftsQuery(filters.search);
    // A search with nothing searchable in it matches nothing rather than everything.
    conditions.push(
      match ? sql`${products}.rowid IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ${match})` : sql`0`,
    );
  }
  return conditions;
}

/**
 * One page of classes in the given order, after the product whose id is `cursor`.
 * Keyset pagination: (sort value, id) below the cursor's, so page 500 costs what page 1 costs.
 */
export async function listProducts(
  db: Db,
  args: { order: ProductOrder; filters: ProductFilters; limit: number; cursor?: string | null },
): Promise<ProductPage> {
  const column = ORDER_COLUMN[args.order];
  const conditions = filterConditions(args.filters);
  if (args.cursor) {
    conditions.push(
      sql`(${column}, ${products.id}) < (SELECT c.${sql.identifier(column.name)}, c.id FROM products c WHERE c.id = ${args.cursor})`,
    );
  }
  const rows = await db
    .select(summaryColumns)
    .from(products)
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .where(and(...conditions))
    .orderBy(sql`${column} DESC`, sql`${products.id} DESC`)
    .limit(args.limit + 1);

  if (rows.length === 0 && args.cursor && !(await productExists(db, args.cursor)))
    throw new CursorNotFoundError(args.cursor);
  const page = rows.slice(0, args.limit).map((r) => toSummary(r.row, r.creatorName));
  return { products: page, nextCursor: rows.length > args.limit ? page[page.length - 1].id : null };
}

/** How many classes match the filters (the counts in the browse titles). */
export async function countProducts(db: Db, filters: ProductFilters): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(products)
    .where(and(...filterConditions(filters)));
  return row?.count ?? 0;
}

export async function productExists(db: Db, id: string): Promise<boolean> {
  const row = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).get();
  return Boolean(row);
}

export function newReleasesSince(now: number) {
  return now - NEW_RELEASE_WINDOW_DAYS * DAY_MS;
}

/** A product with its lessons, tags and creator; by id, or by class slug (and storefront slug when given). */
export async function getProductDetail(
  db: Db,
  where: { id: string } | { classSlug: string; storefrontSlug?: string | null },
): Promise<ProductDetail | null> {
  const condition =
    "id" in where
      ? eq(products.id, where.id)
      : where.storefrontSlug
        ? and(eq(products.classSlug, where.classSlug), eq(products.storefrontSlug, where.storefrontSlug))
        : eq(products.classSlug, where.classSlug);
  const found = await db
    .select({ row: products, creator: creators })
    .from(products)
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .where(condition)
    .orderBy(desc(products.popularity))
    .limit(1)
    .get();
  if (!found) return null;
  const [lessonRows, tagRows] = await db.batch([
    db.select().from(lessons).where(eq(lessons.productId, found.row.id)).orderBy(asc(lessons.position)),
    db.select().from(productTags).where(eq(productTags.productId, found.row.id)).orderBy(asc(productTags.value)),
  ]);
  return {
    ...toSummary(found.row, found.creator.name),
    description: found.row.description,
    topics: tagRows.filter((t) => t.kind === "topic").map((t) => t.value),
    genres: tagRows.filter((t) => t.kind === "genre").map((t) => t.value),
    creator: {
      name: found.creator.name,
      storefrontSlug: found.creator.storefrontSlug,
      headline: found.creator.headline,
      bio: found.creator.bio,
      avatarUrl: found.creator.avatarUrl,
    },
    lessons: lessonRows.map(toLesson),
  };
}

function toLesson(row: LessonRow) {
  return {
    id: row.id,
    position: row.position,
    title: row.title,
    summary: row.summary,
    durationSeconds: row.durationSeconds,
    isPreview: row.isPreview,
  };
}

/** Other classes by the same creator, most popular first. */
export async function moreFromCreator(
  db: Db,
  product: { id: string; storefrontSlug: string },
  limit = 4,
): Promise<ProductSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(products)
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .where(
      and(
        eq(products.kind, "class"),
        eq(products.storefrontSlug, product.storefrontSlug),
        sql`${products.id} <> ${product.id}`,
      ),
    )
    .orderBy(desc(products.popularity), desc(products.id))
    .limit(limit);
  return rows.map((r) => toSummary(r.row, r.creatorName));
}

/**
 * The summaries of the products a subquery of ids selects, in no order, as a query a batch can carry
 * (`toSummaries` maps its rows): a page reads them in the same round trip as what picks them.
 */
export function productSummariesIn(db: Db, ids: SQL) {
  return db
    .select(summaryColumns)
    .from(products)
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .where(sql`${products.id} IN (${ids})`);
}

/**
 * Summaries of the ids a ranking picks, in its order: `ranking` selects `id` and the columns named in
 * `order` (SQL order terms on the alias `ranked`). One statement, so the ranking is planned and run once,
 * not once for the ids and again for their summaries.
 */
export function productSummariesRanked(db: Db, ranking: SQL, order: SQL[]) {
  return db
    .select(summaryColumns)
    .from(sql`(${ranking}) AS ranked`)
    .innerJoin(products, sql`${products.id} = ranked.id`)
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .orderBy(...order);
}

/** The rows of `productSummariesIn` (or `productSummariesRanked`) as summaries. */
export function toSummaries(rows: { row: ProductRow; creatorName: string }[]): ProductSummary[] {
  return rows.map((r) => toSummary(r.row, r.creatorName));
}

/** Summaries for a known set of ids, in the order given (collections, recommendations). */
export async function productsByIds(db: Db, ids: string[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(summaryColumns)
    .from(products)
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.row.id, toSummary(r.row, r.creatorName)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The distinct categories, topics and genres in the catalogue, for the browse filters. */
export async function catalogueFacets(db: Db) {
  const [categoryRows, tagRows] = await db.batch([
    db
      .select({ category: products.category, count: sql<number>`count(*)` })
      .from(products)
      .where(eq(products.kind, "class"))
      .groupBy(products.category)
      .orderBy(asc(products.category)),
    db
      .select({ kind: productTags.kind, value: productTags.value, count: sql<number>`count(*)` })
      .from(productTags)
      .groupBy(productTags.kind, productTags.value)
      .orderBy(sql`count(*) DESC`, asc(productTags.value)),
  ]);
  return {
    categories: categoryRows.map((r) => ({ name: r.category, count: r.count })),
    topics: tagRows.filter((r) => r.kind === "topic").map((r) => ({ name: r.value, count: r.count })),
    genres: tagRows.filter((r) => r.kind === "genre").map((r) => ({ name: r.value, count: r.count })),
  };
}
