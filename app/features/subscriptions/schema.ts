/** Membership inputs: cancel and refund (the account page's forms and the JSON API share them). */
import { z } from "zod";

export const CANCEL_REASONS = [
  "Too expensive",
  "Not using it enough",
  "Missing classes I want",
  "Technical problems",
  "Other",
] as const;

const subscriptionId = z
  .string({ required_error: "subscriptionId is required" })
  .trim()
  .min(1, "subscriptionId is required")
  .max(64);
const reason = z
  .string({ invalid_type_error: "reason must be text" })
  .trim()
  .max(200, "Keep the reason under 200 characters.")
  .optional()
  .default("");
const feedback = z
  .string({ invalid_type_error: "feedback must be text" })
  .trim()
  .max(2000, "Keep your feedback under 2,000 characters.")
  .optional()
  .default("");

export const cancelSchema = z.object({
  subscriptionId,
  reason,
  feedback,
  // JSON sends a boolean; a form sends 'true'/'false' (or nothing, which means the default: true).
  shouldUnenroll: z
    .union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")])
    .optional()
    .default(true),
});

export const refundSchema = z.object({ subscriptionId, reason, feedback });

/**
 * The account page's membership form (conform): cancel or refund, by intent. A form's unchecked
 * "End my access now" box sends nothing, which here means false (the JSON default is true).
 */
export const membershipFormSchema = z.discriminatedUnion("intent", [
  cancelSchema.extend({
    intent: z.literal("cancel"),
    shouldUnenroll: z
      .enum(["true", "false"])
      .optional()
      .transform((v) => v === "true"),
  }),
  refundSchema.extend({ intent: z.literal("refund") }),
]);
