/**
 * A product-bearing page's buy buttons for this request: the visitor, their prices (the countdown
 * offer), and each product's button state (owned, in the cart, ?added={id} opens the dialog); the
 * loader answers through `respond`, which carries the offer cookies.
 */
import { productCtas } from "~/features/cart/cta.server";
import type { AppContext } from "~/platform/context";
import { readOffers, withOfferCookies } from "./offers.server";
import { cartAndMembershipOf, visitorOf } from "./visitor.server";

export async function productCta(app: AppContext, request: Request, productIds: string[]) {
  const visitor = await visitorOf(app, request);
  const user = visitor.user;
  const url = new URL(request.url);
  const added = url.searchParams.get("added");
  url.searchParams.delete("added");
  const cta = await productCtas(
    app,
    { userId: user?.id ?? null, ...(await cartAndMembershipOf(app, request, visitor)) },
    productIds,
    { page: url.pathname + url.search, added },
  );
  const offers = readOffers(app, request, user);
  return { offers, user, cta, respond: <T>(body: T) => withOfferCookies(offers, body) };
}
