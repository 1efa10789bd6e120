/** /cart: the visitor's items at the prices they see, the totals with their credit, and recommendations. */
import { toCard } from "~/features/catalog/card";
import { cartPageQueries, toCartPage } from "~/features/cart/cart.server";
import { monthlyCreditCents } from "~/features/cart/credit.server";
import { cartTotals } from "~/features/cart/rules";
import { priceItems } from "~/features/cart/sellables.server";
import { anonymousIdOf } from "~/http/anonymous.server";
import { readOffers, withOfferCookies } from "~/http/offers.server";
import { sessionUserIdOf } from "~/http/session.server";
import { visitorOf } from "~/http/visitor.server";
import type { AppContext } from "~/platform/context";

export async function loadCartPage(app: AppContext, request: Request) {
  // The cart, its products and the recommendations it seeds are one batch keyed by the cart's owner:
  // with a session cookie, the session's user, so D1 reads it beside the shell, not after it.
  const sessionUser = await sessionUserIdOf(app, request);
  const anonymousId = anonymousIdOf(request);
  const owner = { ownerId: sessionUser ?? anonymousId, userId: sessionUser };
  const [visitor, asRead] = await Promise.all([visitorOf(app, request), app.db.batch(cartPageQueries(app, owner))]);
  // A session that has ended: the visitor is anonymous, and so is their cart.
  const results =
    sessionUser && !visitor.user
      ? await app.db.batch(cartPageQueries(app, { ownerId: anonymousId, userId: null }))
      : asRead;
  const { sellables, recommendations: suggested } = toCartPage(results);
  const user = visitor.user;
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
