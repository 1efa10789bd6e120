/**
 * What users own (spec 3 "Purchase"): purchases made by fulfilment, refunded ones kept but never
 * counted. A collection bought is each of its classes owned.
 */
import { and, desc, eq, inArray, isNull, sql, type Placeholder, type SQLWrapper } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { collectionItems, purchases, subscriptions, type PurchaseRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import type { Db } from "~/platform/db.server";
import { queryShape, type Slot } from "~/platform/query-shapes.server";

const notRefunded = isNull(purchases.refundedInfo);

/**
 * Of these product ids, the ones the user owns: classes and collections bought (a collection's
 * classes too), and memberships while their subscription is active or in its trial (a cancelled
 * membership can be bought again).
 */
export async function ownedProductIds(app: AppContext, userId: string, productIds: string[]): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  return toOwned(await ownedOf(app.db, { user: userId, ids: JSON.stringify(productIds) }));
}

const ownedOf = queryShape((db, slot: Slot<{ user: string; ids: string }>) =>
  ownedQueries(db, slot("user"), slot("ids")),
);

/**
 * The reads of `ownedProductIds`, for one batch (`toOwned` makes the set of the results). The user
 * is an id or an expression of one (the session's user, so a page need not wait for its shell); the
 * products are a JSON array of ids.
 */
export function ownedQueries(db: Db, userId: SQLWrapper | Placeholder, productIdsJson: SQLWrapper | Placeholder) {
  const among = (column: SQLWrapper) => sql`${column} IN (SELECT value FROM json_each(${productIdsJson}))`;
  return [
    db
      .select({ id: purchases.productId })
      .from(purchases)
      .where(
        and(
          eq(purchases.userId, userId),
          notRefunded,
          inArray(purchases.kind, ["class", "collection"]),
          among(purchases.productId),
        ),
      ),
    db
      .select({ id: collectionItems.productId })
      .from(purchases)
      .innerJoin(collectionItems, eq(collectionItems.collectionId, purchases.productId))
      .where(and(eq(purchases.userId, userId), notRefunded, among(collectionItems.productId))),
    db
      .select({ id: subscriptions.productId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          inArray(subscriptions.status, ["active", "trialing", "past_due"]),
          among(subscriptions.productId),
        ),
      ),
  ] as const;
}

/** The owned ids of `ownedQueries`' results. */
export function toOwned(results: BatchResponse<ReturnType<typeof ownedQueries>>): Set<string> {
  return new Set(results.flat().map((r) => r.id));
}

/** GET /api/getUserPurchases: newest first, refunded ones filtered out (the query: await it or batch it). */
export function userPurchases(app: AppContext, userId: string) {
  return app.db
    .select()
    .from(purchases)
    .where(and(eq(purchases.userId, userId), notRefunded))
    .orderBy(desc(purchases.purchasedAt), desc(purchases.id));
}

/** Every purchase, refunded ones included (the payment history on the membership page). */
export async function allPurchases(app: AppContext, userId: string): Promise<PurchaseRow[]> {
  return app.db
    .select()
    .from(purchases)
    .where(eq(purchases.userId, userId))
    .orderBy(desc(purchases.purchasedAt), desc(purchases.id));
}

/** GET /api/getUserPurchaseForProduct: the user's (unrefunded) purchase of one product, or null. */
export async function userPurchaseForProduct(
  app: AppContext,
  userId: string,
  productId: string,
): Promise<PurchaseRow | null> {
  return (
    (await app.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.userId, userId), eq(purchases.productId, productId), notRefunded))
      .orderBy(desc(purchases.purchasedAt))
      .get()) ?? null
  );
}

/** The purchase as the API shows it (spec 3: productId, refundedInfo present when refunded). */
export function purchaseJson(p: PurchaseRow) {
  return {
    id: p.id,
    productId: p.productId,
    kind: p.kind,
    amountCents: p.amountCents,
    purchasedAt: new Date(p.purchasedAt).toISOString(),
    checkoutSessionId: p.checkoutSessionId,
    ...(p.refundedInfo
      ? { refundedInfo: { ...p.refundedInfo, refundedAt: new Date(p.refundedInfo.refundedAt).toISOString() } }
      : {}),
  };
}
