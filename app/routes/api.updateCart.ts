import { cartJson, replaceCart } from "~/features/cart/cart-api.server";
import { CartBusyError, CartChangedError } from "~/features/cart/cart.server";
import { updateCartSchema } from "~/features/cart/schema";
import { signedInAction } from "~/features/identity/api-auth.server";
import { apiJson, methodNotAllowed } from "~/platform/api.server";
import { jsonError } from "~/platform/http.server";

const CART_CONFLICT_MESSAGES = {
  changed: "The cart changed since you read it. Read it again and send your change once more.",
  busy: "Your cart is being changed by another request. Please try again.",
} as const;

/** POST /api/updateCart {product_ids, offer_valid, last_updated?} → {success, lastUpdated, productsInCart}; 409 when it lost a race. */
export const action = signedInAction(
  updateCartSchema,
  async ({ product_ids, offer_valid, last_updated }, user, app, request) => {
    try {
      const { unknown } = await replaceCart(app, user, product_ids, offer_valid, last_updated);
      if (unknown) return jsonError(400, `Not for sale: ${unknown.join(", ")}`);
    } catch (error) {
      if (error instanceof CartChangedError) return jsonError(409, CART_CONFLICT_MESSAGES.changed);
      if (error instanceof CartBusyError) return jsonError(409, CART_CONFLICT_MESSAGES.busy);
      throw error;
    }
    return apiJson({ success: true, ...(await cartJson(app, request, user)) });
  },
);
export const loader = methodNotAllowed;
