/** The onboarding page's form (conform): one schema per page, built from its questions. */
import { z } from "zod";
import type { OnboardingPage } from "~/db/app-content";
import { validateAnswer } from "./rules";

/**
 * A page's answers, keyed by question.key, each checked by the same rule the JSON API uses
 * (validateAnswer): required, choices among the options, numbers within min/max, real dates. An
 * empty optional answer parses as undefined (not stored).
 */
export function onboardingPageSchema(page: OnboardingPage) {
  const shape: Record<string, z.ZodTypeAny> = { pageId: z.string() };
  for (const question of page.questions)
    shape[question.key] = z.unknown().transform((raw, ctx) => {
      const result = validateAnswer(question, raw);
      if (result.ok) return result.value;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: result.error });
      return z.NEVER;
    });
  return z.object(shape);
}
