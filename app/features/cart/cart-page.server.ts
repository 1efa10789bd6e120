/** /cart: the visitor's items at the prices they see, the totals with their credit, and recommendations. */
import { toCard } from "~/features/catalog/card";
import { anonymousIdOf } from "~/features/identity/anonymous.server";
import { currentUser } from "~/features/identity/sessions.server";
import { readOffers, withOfferCookies } from "~/http/offers.server";
import type { AppContext } from "~/platform/context";
import { cartSellables, readCart } from "./cart.server";
import { monthlyCreditCents } from "./credit.server";
import { recommendations } from "./recommendations.server";
import { cartTotals } from "./rules";
import { priceItems } from "./sellables.server";

export async function loadCartPage(app: AppContext, request: Request) {
  const user = await currentUser(app, request);
  const ownerId = user?.id ?? anonymousIdOf(request);
  const row = ownerId ? await readCart(app, ownerId) : null;
  const sellables = await cartSellables(app, row);
  const credit = monthlyCreditCents(user);
  const offers = readOffers(app, request, user);
  const items = priceItems(sellables, offers);
  const suggested = await recommendations(app, { productIds: items.map((i) => i.id), userId: user?.id ?? null });
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
