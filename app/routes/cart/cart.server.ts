/** /cart: the visitor's items at the prices they see, the totals with their credit, and recommendations. */
import { toCard } from "~/features/catalog/card";
import { cartPageQueries, toCartPage } from "~/features/cart/cart.server";
import { liveSessionUserId } from "~/features/identity/sessions.server";
import { monthlyCreditCents } from "~/features/cart/credit.server";
import { cartTotals } from "~/features/cart/rules";
import { priceItems } from "~/features/cart/sellables.server";
import { anonymousIdOf } from "~/http/anonymous.server";
import { readOffers, withOfferCookies } from "~/http/offers.server";
import { currentSessionId } from "~/http/session.server";
import { visitorOf } from "~/http/visitor.server";
import type { AppContext } from "~/platform/context";
import { queryShape, type Slot } from "~/platform/query-shapes.server";

// The page's one batch, for a session's user or for an anonymous cart (no cookie: no owner, an empty
// cart); the SQL text of each is built once (platform/query-shapes.server.ts).
const signedInCartPage = queryShape((db, slot: Slot<{ session: string; now: number }>) => {
  const user = liveSessionUserId(slot("session"), slot("now"));
  return cartPageQueries(db, { ownerId: user, userId: user });
});
const anonymousCartPage = queryShape((db, slot: Slot<{ owner: string | null }>) =>
  cartPageQueries(db, { ownerId: slot("owner"), userId: null }),
);

export async function loadCartPage(app: AppContext, request: Request) {
  // The cart, its products and the recommendations it seeds are one batch keyed by the cart's owner:
  // with a session cookie, the session's user, so D1 reads it beside the shell, not after it.
  const session = await currentSessionId(request);
  const anonymous = { owner: anonymousIdOf(request) };
  const [visitor, asRead] = await Promise.all([
    visitorOf(app, request),
    session ? signedInCartPage(app.db, { session, now: app.now }) : anonymousCartPage(app.db, anonymous),
  ]);
  // A session that has ended: the visitor is anonymous, and so is their cart.
  const results = session && !visitor.user ? await anonymousCartPage(app.db, anonymous) : asRead;
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
