import { cartJson, replaceCart } from "~/features/cart/cart-api.server";
import { updateCartSchema } from "~/features/cart/schema";
import { signedInAction } from "~/features/identity/api-auth.server";
import { apiJson, methodNotAllowed } from "~/platform/api.server";
import { jsonError } from "~/platform/http.server";

/** POST /api/updateCart {product_ids, offer_valid} → {success, lastUpdated, productsInCart}. */
export const action = signedInAction(updateCartSchema, async ({ product_ids, offer_valid }, user, app, request) => {
  const { unknown } = await replaceCart(app, user, product_ids, offer_valid);
  if (unknown) return jsonError(400, `Not for sale: ${unknown.join(", ")}`);
  return apiJson({ success: true, ...(await cartJson(app, request, user)) });
});
export const loader = methodNotAllowed;
