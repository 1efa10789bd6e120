/**
 * Anything that can go in a cart: a class, the membership (a subscription product) or a
 * collection. Looked up by id, in the order asked, unknown ids dropped.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { collectionItems, collections, products } from "~/db/schema";
import { productSummariesIn, toSummaries } from "~/features/catalog/products.server";
import { bundleHref } from "~/features/catalog/rules";
import type { Db } from "~/platform/db.server";
import type { Offers } from "~/features/offers/offers.server";
import type { ShownPrice } from "~/features/offers/rules";

export type SellableKind = "class" | "subscription" | "collection";

export interface Sellable {
  id: string;
  kind: SellableKind;
  title: string;
  creatorName: string;
  coverUrl: string;
  href: string;
  isSubscription: boolean;
  isCollection: boolean;
  /** Announced, not on sale yet: no cart or checkout takes it (catalog comingSoonRefusal). */
  comingSoon: boolean;
  /** A collection's classes bought one by one, at their regular prices. */
  totalValuePriceInCents: number | null;
  priceInfo: { price: number; crossedPrice: number | null };
  offer: { crossedPriceApplicableFrom: string | null; specialOnlyVip: boolean; shouldNotHideDiscount: boolean } | null;
}

/** A cart item as the visitor sees it: the price after the countdown offer. */
export type CartItem = Omit<Sellable, "offer" | "priceInfo"> & { priceInfo: ShownPrice };

export async function sellablesByIds(db: Db, ids: string[]): Promise<Sellable[]> {
  const unique = [...new Set(ids)].filter((id) => typeof id === "string" && id.length > 0 && id.length <= 64);
  if (unique.length === 0) return [];
  const found = await db.batch(sellableQueries(db, sql`SELECT value FROM json_each(${JSON.stringify(unique)})`));
  return toSellables(unique, found);
}

/**
 * The reads of the sellables a subquery of ids selects (products, then collections with their total
 * value), for one batch: a page reads them in the same round trip as the ids (the cart's items).
 */
export function sellableQueries(db: Db, ids: SQL) {
  return [
    productSummariesIn(db, ids),
    db
      .select({
        row: collections,
        totalValue: sql<number>`coalesce(sum(coalesce(${products.crossedPriceCents}, ${products.priceCents})), 0)`,
      })
      .from(collections)
      .leftJoin(collectionItems, eq(collectionItems.collectionId, collections.id))
      .leftJoin(products, eq(products.id, collectionItems.productId))
      .where(sql`${collections.id} IN (${ids})`)
      .groupBy(collections.id),
  ] as const;
}

/** The sellables of `sellableQueries`' results, in the order of `ids` (unknown ones dropped). */
export function toSellables(
  ids: string[],
  [productRows, collectionRows]: BatchResponse<ReturnType<typeof sellableQueries>>,
): Sellable[] {
  const byId = new Map<string, Sellable>();
  for (const p of toSummaries(productRows)) {
    byId.set(p.id, {
      id: p.id,
      kind: p.kind,
      title: p.title,
      creatorName: p.creatorName,
      coverUrl: p.coverUrl,
      href: `/classes/${p.storefrontSlug}/${p.classSlug}`,
      isSubscription: p.subscriptionSlug !== "",
      isCollection: false,
      comingSoon: p.comingSoon,
      totalValuePriceInCents: null,
      priceInfo: p.priceInfo,
      offer: {
        crossedPriceApplicableFrom: p.crossedPriceApplicableFrom,
        specialOnlyVip: p.specialOnlyVip,
        shouldNotHideDiscount: p.shouldNotHideDiscount,
      },
    });
  }
  for (const { row, totalValue } of collectionRows)
    byId.set(row.id, {
      id: row.id,
      kind: "collection",
      title: row.title,
      creatorName: row.programType === "school" ? "School" : "Collection",
      coverUrl: row.coverUrl,
      href: bundleHref(row),
      isSubscription: false,
      isCollection: true,
      comingSoon: row.comingSoon,
      totalValuePriceInCents: totalValue,
      // A bundle's crossed price is its total value, not a countdown offer: it always shows.
      priceInfo: { price: row.priceCents, crossedPrice: totalValue > row.priceCents ? totalValue : null },
      offer: null,
    });
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}

/** The price each item shows this visitor (classes through the countdown offer; bundles as they are). */
export function priceItems(items: Sellable[], offers: Offers): CartItem[] {
  return items.map(({ offer, priceInfo, ...rest }) => ({
    ...rest,
    priceInfo: offer
      ? offers.price({ ...offer, priceInfo })
      : { price: priceInfo.price, crossedPrice: priceInfo.crossedPrice, offerEndsAt: null },
  }));
}
