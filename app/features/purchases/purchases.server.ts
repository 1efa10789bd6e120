/**
 * What users own (spec 3 "Purchase"): purchases made by fulfilment, refunded ones kept but never
 * counted. A collection bought is each of its classes owned.
 */
import { and, desc, eq, inArray, isNull, type SQLWrapper } from "drizzle-orm";
import { collectionItems, purchases, subscriptions, type PurchaseRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";

const notRefunded = isNull(purchases.refundedInfo);

/**
 * Of these product ids, the ones the user owns: classes and collections bought (a collection's
 * classes too), and memberships while their subscription is active or in its trial (a cancelled
 * membership can be bought again). The user is an id, or an expression of one (the session's user,
 * so the page need not wait for its shell).
 */
export async function ownedProductIds(
  app: AppContext,
  userId: string | SQLWrapper,
  productIds: string[],
): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const [direct, viaCollections, memberships] = await app.db.batch([
    app.db
      .select({ id: purchases.productId })
      .from(purchases)
      .where(
        and(
          eq(purchases.userId, userId),
          notRefunded,
          inArray(purchases.kind, ["class", "collection"]),
          inArray(purchases.productId, productIds),
        ),
      ),
    app.db
      .select({ id: collectionItems.productId })
      .from(purchases)
      .innerJoin(collectionItems, eq(collectionItems.collectionId, purchases.productId))
      .where(and(eq(purchases.userId, userId), notRefunded, inArray(collectionItems.productId, productIds))),
    app.db
      .select({ id: subscriptions.productId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          inArray(subscriptions.status, ["active", "trialing", "past_due"]),
          inArray(subscriptions.productId, productIds),
        ),
      ),
  ]);
  return new Set([...direct, ...viaCollections, ...memberships].map((r) => r.id));
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
