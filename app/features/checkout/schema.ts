/** Checkout inputs: the pay and discount-code forms, the embedded provider's card form, and the purchase API bodies. */
import { z } from "zod";
import { parseExpiry } from "./rules";

export const payFormSchema = z.object({
  intent: z.literal("pay"),
  /** Made when the page rendered: a double click or a resubmitted form makes one checkout. */
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "Reload the page and try again."),
});

export const codeFormSchema = z.object({
  intent: z.literal("apply-code"),
  code: z
    .string({ required_error: "Enter a discount code." })
    .trim()
    .min(1, "Enter a discount code.")
    .max(40, "This discount code is not valid."),
});

export const cardFormSchema = z.object({
  name: z
    .string({ required_error: "Enter the name on the card." })
    .trim()
    .min(1, "Enter the name on the card.")
    .max(100, "The name is too long."),
  number: z
    .string({ required_error: "Enter your card number." })
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(
      z
        .string()
        .min(1, "Enter your card number.")
        .regex(/^\d{12,19}$/, "Your card number is invalid."),
    ),
  expiry: z
    .string({ required_error: "Enter the expiry date as MM/YY." })
    .trim()
    .refine((v) => parseExpiry(v) !== null, "Enter the expiry date as MM/YY."),
  cvc: z
    .string({ required_error: "Enter the security code." })
    .trim()
    .regex(/^\d{3,4}$/, "Enter the 3 or 4 digit security code."),
});

const paymentInfoSchema = z
  .record(z.union([z.string(), z.number(), z.boolean(), z.null()]), {
    invalid_type_error: "payment_info must be an object",
  })
  .optional()
  .default({});
const productId = z
  .string({ required_error: "product_id is required" })
  .trim()
  .min(1, "product_id is required")
  .max(64);

/** POST /api/purchase {payment_info, product_id}. */
export const purchaseSchema = z.object({ payment_info: paymentInfoSchema, product_id: productId });
/** POST /api/purchaseItems {payment_info, product_ids}. */
export const purchaseItemsSchema = z.object({
  payment_info: paymentInfoSchema,
  product_ids: z
    .array(productId, {
      required_error: "product_ids is required",
      invalid_type_error: "product_ids must be a list of ids",
    })
    .min(1, "product_ids is required")
    .max(50),
});
