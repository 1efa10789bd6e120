/** /cart: the visitor's items at the prices they see, the totals with their credit, and recommendations. */
import { toCard } from "~/features/catalog/card";
import { cartSellables } from "~/features/cart/cart.server";
import { monthlyCreditCents } from "~/features/cart/credit.server";
import { recommendations } from "~/features/cart/recommendations.server";
import { cartTotals } from "~/features/cart/rules";
import { priceItems } from "~/features/cart/sellables.server";
import { readOffers, withOfferCookies } from "~/http/offers.server";
import { cartAndMembershipOf, visitorOf } from "~/http/visitor.server";
import type { AppContext } from "~/platform/context";

export async function loadCartPage(app: AppContext, request: Request) {
  const visitor = await visitorOf(app, request);
  const user = visitor.user;
  const { cartItems: cartIds } = await cartAndMembershipOf(app, request, visitor);
  // The recommendations start from the cart's ids, so D1 reads them beside the cart's products (an id
  // no longer for sale only seeds and excludes, which changes nothing).
  const [sellables, suggested] = await Promise.all([
    cartSellables(app, { items: cartIds }),
    recommendations(app, { productIds: cartIds, userId: user?.id ?? null }),
  ]);
  const credit = monthlyCreditCents(user);
  const offers = readOffers(app, request, user);
  const items = priceItems(sellables, offers);
  const url = new URL(request.url);
  return withOfferCookies(offers, {
    items,
    totals: cartTotals(items, { creditCents: credit }),
    creditCents: credit,
    recommendations: offers.priced(suggested.map(toCard)),
    signedIn: Boolean(user),
    query: url.search,
    now: app.now,
  });
}
