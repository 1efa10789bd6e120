/**
 * What a product-bearing page (class, collection, school) needs for its buy buttons: this visitor's
 * prices, which products they own already, what is in their cart, and whether the add-to-cart
 * dialog is open (?added={id}).
 */
import { anonymousIdOf } from "~/features/identity/anonymous.server";
import { currentUser } from "~/features/identity/sessions.server";
import { readOffers, withOfferCookies, type Offers } from "~/features/offers/offers.server";
import { ownedProductIds } from "~/features/purchases/purchases.server";
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
}

export async function productCta(app: AppContext, request: Request, productIds: string[]) {
  const user = await currentUser(app, request);
  const ownerId = user?.id ?? anonymousIdOf(request);
  const [owned, cart] = await Promise.all([
    user ? ownedProductIds(app, user.id, productIds) : new Set<string>(),
    ownerId ? readCart(app, ownerId) : null,
  ]);
  const offers: Offers = readOffers(app, request, user);
  const url = new URL(request.url);
  const added = url.searchParams.get("added");
  url.searchParams.delete("added");
  const page = url.pathname + url.search;
  const inCart = new Set(cart?.items ?? []);
  return {
    offers,
    user,
    cta: (productId: string): ProductCta => ({
      productId,
      page,
      signedIn: Boolean(user),
      owned: owned.has(productId),
      inCart: inCart.has(productId),
      added: added === productId,
    }),
    respond: <T>(body: T) => withOfferCookies(offers, body),
  };
}
