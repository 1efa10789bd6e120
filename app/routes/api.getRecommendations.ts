import { toCard } from "~/features/catalog/card";
import { recommendations } from "~/features/cart/recommendations.server";
import { recommendationsSchema } from "~/features/cart/schema";
import { readOffers } from "~/http/offers.server";
import { apiAction, apiJson, methodNotAllowed } from "~/http/api.server";
import { jsonError } from "~/platform/http.server";

/**
 * POST /api/getRecommendations {product_ids, exclude_product_ids, use_all_purchases, user_id?} →
 * {recommendations}. Anyone may ask; user_id, when given, must be the caller.
 */
export const action = apiAction(recommendationsSchema, async ({ input, app, request, visitor }) => {
  const { user } = await visitor();
  if (input.user_id && input.user_id !== user?.id) return jsonError(403, "user_id must be the signed-in user");
  if (input.use_all_purchases && !user) return jsonError(401, "User is not authenticated");
  const found = await recommendations(app, {
    productIds: input.product_ids,
    excludeProductIds: input.exclude_product_ids,
    useAllPurchases: input.use_all_purchases,
    userId: user?.id ?? null,
  });
  return apiJson({ recommendations: readOffers(app, request, user).priced(found.map(toCard)) });
});
export const loader = methodNotAllowed;
