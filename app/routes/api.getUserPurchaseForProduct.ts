import { z } from "zod";
import { apiJson, methodNotAllowed, signedInLoader } from "~/http/api.server";
import { purchaseJson, userPurchaseForProduct } from "~/features/purchases/purchases.server";

const query = z.object({
  product_id: z.string({ required_error: "product_id is required" }).trim().min(1, "product_id is required").max(64),
});

/** GET /api/getUserPurchaseForProduct?product_id= → {purchase} (null when the user does not own it). */
export const loader = signedInLoader(query, async ({ input: { product_id }, user, app }) => {
  const purchase = await userPurchaseForProduct(app, user.id, product_id);
  return apiJson({ purchase: purchase ? purchaseJson(purchase) : null });
});
export const action = methodNotAllowed;
