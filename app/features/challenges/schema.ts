/** The challenge page's one form: Join the challenge (Get started for a visitor). */
import { z } from "zod";

export const challengeFormSchema = z.object({
  intent: z.literal("join", { errorMap: () => ({ message: "Unknown action" }) }),
});
