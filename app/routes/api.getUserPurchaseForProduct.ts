import { z } from "zod";
import { signedInLoader } from "~/features/identity/api-auth.server";
import { purchaseJson, userPurchaseForProduct } from "~/features/purchases/purchases.server";
import { apiJson, methodNotAllowed } from "~/platform/api.server";

const query = z.object({
  product_id: z.string({ required_error: "product_id is required" }).trim().min(1, "product_id is required").max(64),
});

/** GET /api/getUserPurchaseForProduct?product_id= → {purchase} (null when the user does not own it). */
export const loader = signedInLoader(query, async ({ product_id }, user, app) => {
  const purchase = await userPurchaseForProduct(app, user.id, product_id);
  return apiJson({ purchase: purchase ? purchaseJson(purchase) : null });
});
export const action = methodNotAllowed;
