import { z } from "zod";
import { cartJson } from "~/features/cart/cart-api.server";
import { signedInLoader } from "~/features/identity/api-auth.server";
import { apiJson, methodNotAllowed } from "~/platform/api.server";

/** GET /api/getCart → {lastUpdated, productsInCart}. */
export const loader = signedInLoader(z.object({}), async (_input, user, app, request) =>
  apiJson(await cartJson(app, request, user)),
);
export const action = methodNotAllowed;
