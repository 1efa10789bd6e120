/**
 * What a product-bearing page (class, collection, school) needs for its buy buttons: which products
 * the visitor owns already, what is in their cart, and whether the add-to-cart dialog is open.
 */

export interface ProductCta {
  productId: string;
  /** The page the cart form returns to (path and query, without ?added). */
  page: string;
  signedIn: boolean;
  owned: boolean;
  inCart: boolean;
  /** The add-to-cart dialog is open for this product. */
  added: boolean;
  /**
   * The visitor has an active (or trial) membership; null when it, or what they own, could not be
   * read: the buttons then say so and offer to try again instead of offering to buy.
   */
  member: boolean | null;
}

/**
 * The buy-button state of each product for one visitor: whether they are signed in, what they own
 * of the page's products, their cart's items and membership, on `page` with the dialog open for `added`.
 */
export function productCtas(
  {
    signedIn,
    owned,
    cartItems,
    member,
  }: { signedIn: boolean; owned: Set<string>; cartItems: string[]; member: boolean | null },
  { page, added }: { page: string; added: string | null },
): (productId: string) => ProductCta {
  const inCart = new Set(cartItems);
  return (productId) => ({
    productId,
    page,
    signedIn,
    owned: owned.has(productId),
    inCart: inCart.has(productId),
    added: added === productId,
    member,
  });
}
