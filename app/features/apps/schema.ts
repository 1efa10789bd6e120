/** The apps area's form inputs (one zod schema per form, used by the route's parseSubmission). */
import { z } from "zod";

/** The PlanPicker's buy form on an app's landing page (POST /apps/{sf}/{app}/buy). */
export const buyFormSchema = z.object({
  priceOptionId: z.string({ required_error: "Choose a plan" }).trim().min(1, "Choose a plan").max(100),
  idempotencyKey: z.string().trim().max(100).optional(),
});
