import { cartJson, replaceCart } from "~/features/cart/cart-api.server";
import { CartBusyError, CartChangedError } from "~/features/cart/cart.server";
import { updateCartSchema } from "~/features/cart/schema";
import { jsonError, methodNotAllowed, signedInAction } from "~/http/api.server";
import { readOffers } from "~/http/offers.server";

const CART_CONFLICT_MESSAGES = {
  changed: "The cart changed since you read it. Read it again and send your change once more.",
  busy: "Your cart is being changed by another request. Please try again.",
} as const;

/** POST /api/updateCart {product_ids, offer_valid, last_updated?} → {success, lastUpdated, productsInCart}; 409 when it lost a race. */
export const action = signedInAction(updateCartSchema, async ({ input, app, request, user }) => {
  const { product_ids, offer_valid, last_updated } = input;
  try {
    const { unknown } = await replaceCart(app, user, product_ids, offer_valid, last_updated);
    if (unknown) return jsonError(400, `Not for sale: ${unknown.join(", ")}`);
  } catch (error) {
    if (error instanceof CartChangedError) return jsonError(409, CART_CONFLICT_MESSAGES.changed);
    if (error instanceof CartBusyError) return jsonError(409, CART_CONFLICT_MESSAGES.busy);
    throw error;
  }
  return { success: true, ...(await cartJson(app, user, readOffers(app, request, user))) };
});
export const loader = methodNotAllowed;
