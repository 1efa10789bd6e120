/**
 * What the signed-in creator's storefront sells, with sales and revenue per class.
 * A user is linked to a storefront by creatorInfo.storefrontSlug (there is no user id on creators).
 */
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { creators, type UserRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";

export interface SoldClass {
  id: string;
  title: string;
  href: string;
  coverUrl: string;
  priceCents: number;
  sales: number;
  revenueCents: number;
}

export interface DashboardClasses {
  storefront: { slug: string; name: string } | null;
  classes: SoldClass[];
  totals: { classes: number; sales: number; revenueCents: number };
}

/** creator_info is free-form JSON: only a non-empty storefrontSlug string links the account. */
const linkSchema = z.object({ storefrontSlug: z.string().trim().min(1).max(200) });

export function storefrontSlugOf(user: Pick<UserRow, "creatorInfo">): string | null {
  const parsed = linkSchema.safeParse(user.creatorInfo);
  return parsed.success ? parsed.data.storefrontSlug : null;
}

/**
 * Sales are non-refunded purchases: of the class itself, and of any collection holding it. A
 * collection's amount is shared among its classes in proportion to their prices, so the collection's
 * revenue is counted once across classes rather than in full for each.
 */
async function soldClasses(app: AppContext, storefrontSlug: string): Promise<SoldClass[]> {
  const rows = await app.db.all<{
    id: string;
    title: string;
    classSlug: string;
    coverUrl: string;
    priceCents: number;
    sales: number;
    revenue: number;
  }>(sql`
    WITH mine AS (
      SELECT id, title, class_slug, cover_url, price_cents FROM products WHERE storefront_slug = ${storefrontSlug} AND kind = 'class'
    ),
    collection_prices AS (
      SELECT ci.collection_id, SUM(p.price_cents) AS total FROM collection_items ci JOIN products p ON p.id = ci.product_id GROUP BY ci.collection_id
    ),
    sold AS (
      SELECT pu.product_id AS class_id, CAST(pu.amount_cents AS REAL) AS share
      FROM purchases pu JOIN mine ON mine.id = pu.product_id
      WHERE pu.refunded_info IS NULL AND pu.kind = 'class'
      UNION ALL
      SELECT ci.product_id, CAST(pu.amount_cents AS REAL) * mine.price_cents / cp.total
      FROM purchases pu
      JOIN collection_items ci ON ci.collection_id = pu.product_id
      JOIN mine ON mine.id = ci.product_id
      JOIN collection_prices cp ON cp.collection_id = ci.collection_id AND cp.total > 0
      WHERE pu.refunded_info IS NULL AND pu.kind = 'collection'
    )
    SELECT mine.id, mine.title, mine.class_slug AS classSlug, mine.cover_url AS coverUrl, mine.price_cents AS priceCents,
           COUNT(sold.class_id) AS sales, COALESCE(SUM(sold.share), 0) AS revenue
    FROM mine LEFT JOIN sold ON sold.class_id = mine.id
    GROUP BY mine.id
  `);
  return rows
    .map((r) => ({
      id: r.id,
      title: r.title,
      href: `/classes/${storefrontSlug}/${r.classSlug}`,
      coverUrl: r.coverUrl,
      priceCents: r.priceCents,
      sales: Number(r.sales),
      revenueCents: Math.round(Number(r.revenue)),
    }))
    .sort((a, b) => b.revenueCents - a.revenueCents || b.sales - a.sales || a.title.localeCompare(b.title));
}

/** The signed-in creator's storefront and what it sells (an empty dashboard when the user has no storefront). */
export async function dashboardClassesOf(app: AppContext, user: UserRow): Promise<DashboardClasses> {
  const empty: DashboardClasses = { storefront: null, classes: [], totals: { classes: 0, sales: 0, revenueCents: 0 } };
  const slug = storefrontSlugOf(user);
  if (!slug) return empty;
  const creator = await app.db
    .select({ slug: creators.storefrontSlug, name: creators.name })
    .from(creators)
    .where(eq(creators.storefrontSlug, slug))
    .get();
  // A link to a storefront that no longer exists reads as no storefront, not an error.
  if (!creator) return empty;
  const classes = await soldClasses(app, creator.slug);
  return {
    storefront: creator,
    classes,
    totals: {
      classes: classes.length,
      sales: classes.reduce((n, c) => n + c.sales, 0),
      revenueCents: classes.reduce((n, c) => n + c.revenueCents, 0),
    },
  };
}
