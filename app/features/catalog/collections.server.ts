/** Collections (bundles of classes) and schools (collections whose programType is 'school'). */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { collectionItems, collections, products, type CollectionRow } from "~/db/schema";
import type { Db } from "~/platform/db.server";
import { productsByIds, type ProductSummary } from "./products.server";
import { totalValueCents } from "./rules";

export interface CollectionSummary {
  id: string;
  slug: string;
  title: string;
  tagline: string;
  programType: "collection" | "school";
  coverUrl: string;
  isCollection: true;
  priceInfo: { price: number; crossedPrice: number | null };
  /** The sum of the classes' regular prices: what buying them one by one would cost. */
  totalValuePriceInCents: number;
  classCount: number;
  /** Announced but not on sale yet: its page offers the waitlist, and nothing can buy it. */
  comingSoon: boolean;
}

export interface CollectionDetail extends CollectionSummary {
  description: string;
  classes: ProductSummary[];
}

function toSummary(row: CollectionRow, stats: { totalValue: number; classCount: number }): CollectionSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    tagline: row.tagline,
    programType: row.programType,
    coverUrl: row.coverUrl,
    isCollection: true,
    priceInfo: { price: row.priceCents, crossedPrice: stats.totalValue > row.priceCents ? stats.totalValue : null },
    totalValuePriceInCents: stats.totalValue,
    classCount: stats.classCount,
    comingSoon: row.comingSoon,
  };
}

/**
 * Every collection with its class count and total value; schools are dropped unless asked for.
 * `withClassesFrom` keeps only those holding at least one class of that storefront (a creator's page).
 */
export async function listCollections(
  db: Db,
  { includeSchools = false, withClassesFrom }: { includeSchools?: boolean; withClassesFrom?: string } = {},
): Promise<CollectionSummary[]> {
  const conditions = [
    includeSchools ? undefined : sql`${collections.programType} <> 'school'`,
    withClassesFrom === undefined
      ? undefined
      : sql`${collections.id} IN (SELECT ci.collection_id FROM ${collectionItems} ci JOIN ${products} p ON p.id = ci.product_id WHERE p.storefront_slug = ${withClassesFrom})`,
  ];
  const rows = await db
    .select({
      row: collections,
      classCount: sql<number>`count(${collectionItems.productId})`,
      totalValue: sql<number>`coalesce(sum(coalesce(${products.crossedPriceCents}, ${products.priceCents})), 0)`,
    })
    .from(collections)
    .leftJoin(collectionItems, eq(collectionItems.collectionId, collections.id))
    .leftJoin(products, eq(products.id, collectionItems.productId))
    .where(and(...conditions))
    .groupBy(collections.id)
    .orderBy(asc(collections.position), asc(collections.title));
  return rows.map((r) => toSummary(r.row, { totalValue: r.totalValue, classCount: r.classCount }));
}

/** One collection or school by slug, with its classes in order; null when there is none. */
export async function getCollection(
  db: Db,
  slug: string,
  programType?: "collection" | "school",
): Promise<CollectionDetail | null> {
  const row = await db.select().from(collections).where(eq(collections.slug, slug)).get();
  if (!row || (programType && row.programType !== programType)) return null;
  const items = await db
    .select({ productId: collectionItems.productId })
    .from(collectionItems)
    .where(eq(collectionItems.collectionId, row.id))
    .orderBy(asc(collectionItems.position));
  const classes = await productsByIds(
    db,
    items.map((i) => i.productId),
  );
  const totalValue = totalValueCents(
    classes.map((c) => ({ priceCents: c.priceInfo.price, crossedPriceCents: c.priceInfo.crossedPrice })),
  );
  return { ...toSummary(row, { totalValue, classCount: classes.length }), description: row.description, classes };
}

/** The collections a class belongs to (shown on the class page). */
export async function collectionsContaining(
  db: Db,
  productId: string,
): Promise<{ slug: string; title: string; programType: "collection" | "school" }[]> {
  const ids = await db
    .select({ id: collectionItems.collectionId })
    .from(collectionItems)
    .where(eq(collectionItems.productId, productId));
  if (ids.length === 0) return [];
  return db
    .select({ slug: collections.slug, title: collections.title, programType: collections.programType })
    .from(collections)
    .where(
      inArray(
        collections.id,
        ids.map((i) => i.id),
      ),
    )
    .orderBy(asc(collections.position));
}
