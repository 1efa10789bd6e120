/** Inputs of the progress calls (spec 7), one schema each for the API and the player's beacon. */
import { z } from "zod";

const id = (name: string) =>
  z
    .string({ required_error: `${name} is required`, invalid_type_error: `${name} must be a string` })
    .trim()
    .min(1, `${name} is required`)
    .max(64, `${name} is too long`);
// The beacon sends form fields (strings); JSON sends numbers. Both are accepted.
const number = (name: string, min: number, max: number) =>
  z.coerce
    .number({ required_error: `${name} is required`, invalid_type_error: `${name} must be a number` })
    .finite(`${name} must be a number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

/** POST /api/updateProductProgress {product_id, content_id, percent_complete, additional_seconds_watched, position_in_seconds}. */
export const progressUpdateSchema = z.object({
  product_id: id("product_id"),
  content_id: id("content_id"),
  percent_complete: number("percent_complete", 0, 100),
  additional_seconds_watched: number("additional_seconds_watched", 0, 86_400).default(0),
  position_in_seconds: number("position_in_seconds", 0, 86_400),
});

/** GET /api/getContentProgress?product_id&content_id. */
export const contentProgressQuery = z.object({ product_id: id("product_id"), content_id: id("content_id") });
/** GET /api/getProductProgress?product_id. */
export const productProgressQuery = z.object({ product_id: id("product_id") });

/** The watch page's 'Mark as complete' form. */
export const watchFormSchema = z.object({ intent: z.literal("complete") });
