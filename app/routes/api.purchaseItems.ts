import { purchaseProducts } from "~/features/checkout/purchase-api.server";
import { purchaseItemsSchema } from "~/features/checkout/schema";
import { signedInAction } from "~/features/identity/api-auth.server";
import { methodNotAllowed } from "~/platform/api.server";

/** POST /api/purchaseItems {payment_info, product_ids} → {success, status, checkoutSessionId, url, totalCents}. */
export const action = signedInAction(purchaseItemsSchema, async ({ payment_info, product_ids }, user, app, request) =>
  purchaseProducts(app, request, user, product_ids, payment_info),
);
export const loader = methodNotAllowed;
