/**
 * What a product-bearing page (class, collection, school) needs for its buy buttons: which products
 * the visitor owns already, what is in their cart, and whether the add-to-cart dialog is open.
 */
import { ownedProductIds } from "~/features/purchases/purchases.server";
import { subscriptionFlags } from "~/features/subscriptions/subscriptions.server";
import type { AppContext } from "~/platform/context";
import { readCart } from "./cart.server";

export interface ProductCta {
  productId: string;
  /** The page the cart form returns to (path and query, without ?added). */
  page: string;
  signedIn: boolean;
  owned: boolean;
  inCart: boolean;
  /** The add-to-cart dialog is open for this product. */
  added: boolean;
  /** The visitor has an active (or trial) membership. */
  member: boolean;
}

/** What a signed-in page already knows of its visitor (the shell, http/session.server): no need to ask again. */
export interface KnownVisitor {
  cartItems: string[];
  member: boolean;
}

/**
 * The buy-button state of each of `productIds` for one visitor (`userId` when signed in, else the
 * cart's anonymous `ownerId`), on `page` with the dialog open for `added`. `known` (the signed-in
 * shell's cart and membership) saves reading them again.
 */
export async function productCtas(
  app: AppContext,
  { userId, ownerId, known }: { userId: string | null; ownerId: string | null; known?: KnownVisitor | null },
  productIds: string[],
  { page, added }: { page: string; added: string | null },
): Promise<(productId: string) => ProductCta> {
  const [owned, cartItems, member] = await Promise.all([
    userId ? ownedProductIds(app, userId, productIds) : new Set<string>(),
    known ? known.cartItems : ownerId ? readCart(app, ownerId).then((cart) => cart?.items ?? []) : [],
    known ? known.member : userId ? subscriptionFlags(app, userId).then((f) => f.hasActiveOrTrialSubscription) : false,
  ]);
  const inCart = new Set(cartItems);
  return (productId) => ({
    productId,
    page,
    signedIn: Boolean(userId),
    owned: owned.has(productId),
    inCart: inCart.has(productId),
    added: added === productId,
    member,
  });
}
