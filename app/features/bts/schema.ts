/** The bts page's inputs: one zod schema per form, used in the browser (conform) and on the server. */
import { z } from "zod";
import { COMMENT_ERROR, COMMENT_MAX, RATING_ERROR, RATING_MAX, RATING_MIN } from "./rules";

/** A viewer's feedback: a rating of 1 to 5 stars and an optional comment of up to 1000 characters. */
export const feedbackSchema = z.object({
  rating: z
    .number({ required_error: RATING_ERROR, invalid_type_error: RATING_ERROR })
    .int(RATING_ERROR)
    .min(RATING_MIN, RATING_ERROR)
    .max(RATING_MAX, RATING_ERROR),
  comment: z
    .string()
    .trim()
    .max(COMMENT_MAX, COMMENT_ERROR)
    .optional()
    .transform((value) => value ?? ""),
});
export type FeedbackInput = z.infer<typeof feedbackSchema>;

/**
 * The end of a viewing session: the player's count of seconds watched (the beacon, or 'Done
 * watching' with JavaScript), or none (the form without JavaScript). `via` says which one sent it.
 */
export const endSessionSchema = z.object({
  secondsWatched: z.number().min(0).max(86_400).optional(),
  via: z.enum(["beacon", "form"]).default("beacon"),
});
export type EndSessionInput = z.infer<typeof endSessionSchema>;
