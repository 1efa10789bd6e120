import { z } from "zod";
import { cartJson } from "~/features/cart/cart-api.server";
import { methodNotAllowed, signedInLoader } from "~/http/api.server";
import { readOffers } from "~/http/offers.server";

/** GET /api/getCart → {lastUpdated, productsInCart}. */
export const loader = signedInLoader(z.object({}), ({ app, request, user }) =>
  cartJson(app, user, readOffers(app, request, user)),
);
export const action = methodNotAllowed;
