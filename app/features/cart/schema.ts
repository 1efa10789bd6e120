/** The cart's inputs: the cart form (every button posts it) and the JSON API bodies. One schema each, both sides. */
import { z } from "zod";

export const CART_INTENTS = ["add", "add-only", "add-all", "remove", "empty", "buy-now", "cta"] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

const productId = z.string().trim().min(1, "productId is required").max(64, "productId is too long");

export const cartFormSchema = z.object({
  intent: z.enum(CART_INTENTS, { errorMap: () => ({ message: "Unknown cart action" }) }),
  productId: z.union([productId, z.array(productId).max(50)]).optional(),
  /** Where the form was posted from (path and query): where the answer returns. */
  page: z.string().max(2000).optional(),
});
export type CartForm = z.infer<typeof cartFormSchema>;

/** POST /api/updateCart {product_ids, offer_valid}. */
export const updateCartSchema = z.object({
  product_ids: z
    .array(productId, {
      required_error: "product_ids is required",
      invalid_type_error: "product_ids must be a list of ids",
    })
    .max(50, "A cart holds at most 50 items"),
  offer_valid: z.boolean({ invalid_type_error: "offer_valid must be true or false" }).optional().default(false),
  /**
   * Optional: the lastUpdated the caller read (GET /api/getCart; null for no cart yet). Sent, the
   * update applies only to that cart and answers 409 if it has changed since, so no update is lost.
   */
  last_updated: z
    .string({ invalid_type_error: "last_updated must be the cart's lastUpdated" })
    .datetime({ message: "last_updated must be the cart's lastUpdated" })
    .nullable()
    .optional(),
});

/** POST /api/getRecommendations {product_ids, exclude_product_ids, use_all_purchases, user_id?}. */
export const recommendationsSchema = z.object({
  product_ids: z
    .array(productId, { invalid_type_error: "product_ids must be a list of ids" })
    .max(50)
    .optional()
    .default([]),
  exclude_product_ids: z
    .array(productId, { invalid_type_error: "exclude_product_ids must be a list of ids" })
    .max(200)
    .optional()
    .default([]),
  use_all_purchases: z
    .boolean({ invalid_type_error: "use_all_purchases must be true or false" })
    .optional()
    .default(false),
  user_id: z.string().max(64).optional(),
});
