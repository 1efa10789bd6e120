import { purchaseProducts } from "~/features/checkout/purchase-api.server";
import { purchaseSchema } from "~/features/checkout/schema";
import { signedInAction } from "~/features/identity/api-auth.server";
import { methodNotAllowed } from "~/platform/api.server";

/** POST /api/purchase {payment_info, product_id} → {success, status, checkoutSessionId, url, totalCents}. */
export const action = signedInAction(purchaseSchema, async ({ payment_info, product_id }, user, app, request) =>
  purchaseProducts(app, request, user, [product_id], payment_info),
);
export const loader = methodNotAllowed;
