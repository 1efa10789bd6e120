/** The apps area's form inputs (one zod schema per form, used by the route's parseSubmission). */
import { z } from "zod";

/** The PlanPicker's buy form on an app's landing page (POST /apps/{sf}/{app}/buy). */
export const buyFormSchema = z.object({
  priceOptionId: z.string({ required_error: "Choose a plan" }).trim().min(1, "Choose a plan").max(100),
  idempotencyKey: z.string().trim().max(100).optional(),
});

/** A yes/no query parameter of the apps API: true, "true" or "1" is yes; anything else, or none, is no. */
export const apiFlag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .optional()
  .transform((v) => v === true || v === "true" || v === "1");
