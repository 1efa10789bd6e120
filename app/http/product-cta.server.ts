/**
 * A product-bearing page's buy buttons for this request: the visitor, their prices (the countdown
 * offer), and each product's button state (owned, in the cart, ?added={id} opens the dialog); the
 * loader answers through `respond`, which carries the offer cookies.
 */
import { productCtas } from "~/features/cart/cta";
import { liveSessionUserId } from "~/features/identity/sessions.server";
import { ownedQueries, toOwned } from "~/features/purchases/purchases.server";
import type { AppContext } from "~/platform/context";
import { queryShape, type Slot } from "~/platform/query-shapes.server";
import { readOffers, withOfferCookies } from "./offers.server";
import { currentSessionId } from "./session.server";
import { cartAndMembershipOf, visitorOf } from "./visitor.server";

const ownedBySession = queryShape((db, slot: Slot<{ session: string; now: number; ids: string }>) =>
  ownedQueries(db, liveSessionUserId(slot("session"), slot("now")), slot("ids")),
);

export async function productCta(app: AppContext, request: Request, productIds: string[]) {
  // What they own is keyed by the session, so D1 reads it beside the shell (issue 17 goal 2); an
  // unknown or expired session owns nothing, as its visitor is signed out.
  // What they own includes a membership product: when it cannot be read, neither can their membership
  // (the buttons say so rather than offer to sell it to them).
  const session = await currentSessionId(request);
  const [visitor, owned] = await Promise.all([
    visitorOf(app, request),
    session && productIds.length > 0
      ? ownedBySession(app.db, { session, now: app.now, ids: JSON.stringify(productIds) }).then(
          toOwned,
          (error: unknown) => {
            console.error("buy buttons: what the visitor owns could not be read", error);
            return null;
          },
        )
      : new Set<string>(),
  ]);
  const user = visitor.user;
  const url = new URL(request.url);
  const added = url.searchParams.get("added");
  url.searchParams.delete("added");
  const { cartItems, member } = await cartAndMembershipOf(app, request, visitor);
  const cta = productCtas(
    { signedIn: Boolean(user), owned: owned ?? new Set(), cartItems, member: owned ? member : null },
    { page: url.pathname + url.search, added },
  );
  const offers = readOffers(app, request, user);
  return { offers, user, cta, respond: <T>(body: T) => withOfferCookies(offers, body) };
}
