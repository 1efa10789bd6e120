/**
 * What a product-bearing page (class, collection, school) needs for its buy buttons: which products
 * the visitor owns already, what is in their cart, and whether the add-to-cart dialog is open.
 */
import { ownedProductIds } from "~/features/purchases/purchases.server";
import type { AppContext } from "~/platform/context";

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

/**
 * The buy-button state of each of `productIds` for one visitor (`userId` when signed in), with their
 * cart's items and membership, on `page` with the dialog open for `added`.
 */
export async function productCtas(
  app: AppContext,
  { userId, cartItems, member }: { userId: string | null; cartItems: string[]; member: boolean },
  productIds: string[],
  { page, added }: { page: string; added: string | null },
): Promise<(productId: string) => ProductCta> {
  const owned = userId ? await ownedProductIds(app, userId, productIds) : new Set<string>();
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
