/** Inputs of the sparks feed: its query and the Save / Unsave form. */
import { z } from "zod";

/** GET /v2/sparks?cursor= (a lesson id; anything else is the first page). */
export const sparksQuery = z.object({ cursor: z.string().max(200).optional() });

/** The Save / Unsave form on a spark: which preview, and the feed page to come back to. */
export const saveSparkSchema = z.object({
  intent: z.enum(["save", "unsave"], { errorMap: () => ({ message: "Choose Save or Unsave" }) }),
  lessonId: z
    .string({ required_error: "Choose a spark to save" })
    .trim()
    .min(1, "Choose a spark to save")
    .max(64, "That spark does not exist"),
  page: z.string().max(2048).optional(),
  /** Sent by the page once JavaScript runs: answer JSON instead of a redirect. */
  answer: z.literal("json").optional(),
});
export type SaveSparkForm = z.infer<typeof saveSparkSchema>;
