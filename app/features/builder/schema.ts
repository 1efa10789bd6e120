/** Inputs of the builder's JSON API (spec 7) and page forms. */
import { z } from "zod";
import { pricingSchema, type Pricing } from "~/db/app-content";
import { appIdeaSchema } from "~/features/apps/rules";
import { dollarsToCents, flowFromForm, GUIDE_LIMITS, guideMessages, landingPageFromForm, themeFromForm } from "./rules";

const id = z.string().trim().min(1, "appId is required").max(64);

/** Bodies that carry content either wrapped ({appId, landingPageInfo}) or flat ({appId, ...content}). */
export const appIdBody = z.object({ appId: id }).passthrough();
export const contentBody = z.record(z.unknown());

export const versionHistoryQuery = z.object({
  appId: id,
  limit: z.coerce
    .number()
    .int()
    .min(1, "limit must be between 1 and 100")
    .max(100, "limit must be between 1 and 100")
    .default(20),
  cursor: z.string().trim().max(200).optional(),
});

export const landingHistoryQuery = z.object({ appId: id });

export const restoreFlowBody = z.object({
  app_id: id,
  version_id: z.string().trim().min(1, "version_id is required").max(64),
});
export const restoreLandingBody = z.object({
  appId: id,
  versionId: z.string().trim().min(1, "versionId is required").max(64),
});

/** POST /api/payments/update-price-options: prices already in cents. */
export const priceOptionsBody = z.object({
  appId: id,
  monthlyPrice: pricingSchema.shape.monthlyPrice,
  annualPrice: pricingSchema.shape.annualPrice.optional().transform((v) => v ?? null),
  annualDurationUnit: pricingSchema.shape.annualDurationUnit.default("years"),
});

export const studioCheckoutBody = z.object({
  price_option_id: z.string().trim().min(1, "price_option_id is required").max(64),
  success_url: z.string().trim().min(1, "success_url is required").max(500),
  cancel_url: z.string().trim().min(1, "cancel_url is required").max(500),
  tier_slug: z.string().trim().max(64).optional(),
});

export const noQuery = z.object({});

// ---------------------------------------------------------------- the /dashboard/builder forms
//
// One schema per editor, used by its conform useForm (the live preview reads the form through it)
// and by the action through parseSubmission. The fields are the typed text (a list item, page or
// question whose fields are all empty still counts); the schema turns them into the content shape,
// and the builder services validate that content with the content schemas (app/db/app-content.ts).

const text = z.string().optional();
const titled = z.array(z.object({ title: text, description: text })).optional();

export const landingForm = z
  .object({
    hero: z.object({ title: text, subtitle: text, ctaLabel: text, imageUrl: text }).optional(),
    benefits: titled,
    howItWorks: titled,
    testimonials: z.array(z.object({ quote: text, name: text, role: text })).optional(),
    faq: z.array(z.object({ question: text, answer: text })).optional(),
    pricing: z.object({ title: text, subtitle: text }).optional(),
    callToAction: z.object({ title: text, subtitle: text, buttonLabel: text }).optional(),
    images: z.object({ benefits: text, howItWorks: text }).optional(),
    sectionOrder: z.array(z.string()).optional(),
    screenshots: z.array(z.object({ screen: text, url: text, alt: text })).optional(),
  })
  .transform((form) => landingPageFromForm(form));

export const themeForm = z
  .object({
    mode: text,
    font: text,
    cornerRadius: text,
    primaryColor: text,
    primaryColorWas: text,
    primaryColorPicker: text,
    accentColor: text,
    accentColorWas: text,
    accentColorPicker: text,
    backgroundColor: text,
    backgroundColorWas: text,
    backgroundColorPicker: text,
    textColor: text,
    textColorWas: text,
    textColorPicker: text,
  })
  .transform((form) => themeFromForm(form));

const questionForm = z.object({
  id: text,
  key: text,
  type: text,
  label: text,
  help: text,
  required: text,
  options: text,
  min: text,
  max: text,
  step: text,
  unit: text,
  placeholder: text,
});
export const flowForm = z
  .object({
    pages: z
      .array(
        z.object({
          id: text,
          title: text,
          description: text,
          skipKey: text,
          skipOperator: text,
          skipValue: text,
          questions: z.array(questionForm).optional(),
        }),
      )
      .optional(),
  })
  .transform((form) => flowFromForm(form));

/** Prices typed in dollars: each checked by dollarsToCents, then the pricing in cents. */
export const pricingForm = z
  .object({ monthlyPrice: text, annualPrice: text, annualDurationUnit: text })
  .superRefine((form, ctx) => {
    const monthly = dollarsToCents(form.monthlyPrice);
    const annual = dollarsToCents(form.annualPrice, { optional: true });
    if (!monthly.ok) ctx.addIssue({ code: "custom", path: ["monthlyPrice"], message: monthly.error });
    if (!annual.ok) ctx.addIssue({ code: "custom", path: ["annualPrice"], message: annual.error });
  })
  .transform((form): Pricing => {
    const monthly = dollarsToCents(form.monthlyPrice);
    const annual = dollarsToCents(form.annualPrice, { optional: true });
    return {
      monthlyPrice: monthly.ok ? monthly.cents : null,
      annualPrice: annual.ok ? annual.cents : null,
      annualDurationUnit: form.annualDurationUnit === "months" ? "months" : "years",
    };
  });

/** POST /api/app-builder/buildBrainstorm and the brainstorm form: what the creator typed. */
export const brainstormBody = z.object({
  interest: z
    .string({ required_error: "Tell us what your app is about" })
    .trim()
    .min(3, "Tell us what your app is about (at least 3 characters)")
    .max(200, "Keep the interest under 200 characters"),
  audience: z.string().trim().max(200, "Keep the audience under 200 characters").optional().default(""),
  expertise: z.string().trim().max(500, "Keep your expertise under 500 characters").optional().default(""),
});
export type BrainstormBody = z.infer<typeof brainstormBody>;

export const brainstormQuery = z.object({
  brainstormId: z.string().trim().min(1, "brainstormId is required").max(64),
});

const fromBrainstorm = z.object({
  brainstormId: z.string().trim().min(1, "brainstormId is required").max(64),
  index: z.coerce
    .number({ invalid_type_error: "index must be a number" })
    .int("index must be a whole number")
    .min(0, "index is out of range")
    .max(5, "index is out of range"),
});

/**
 * POST /api/app-builder/buildApp and "Build this app": a typed idea ({appIdea}, the dashboard's one
 * schema), or an idea of a brainstorm ({brainstormId, index}). Which one is read from the body, so
 * each gets its own messages.
 */
/**
 * The guided build's answers (the form on /dashboard/builder/new and buildApp's optional `guide`):
 * milestones come one per line from the form, or as a list from the API.
 */
export const buildGuideSchema = z.object({
  outcome: z
    .string({ required_error: guideMessages.outcome })
    .trim()
    .min(3, guideMessages.outcome)
    .max(GUIDE_LIMITS.outcomeMax, guideMessages.outcomeTooLong),
  milestones: z
    .union([z.string(), z.array(z.string())], { required_error: guideMessages.milestonesTooFew })
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(/\r?\n/))
        .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, "").trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().max(GUIDE_LIMITS.milestoneMax, guideMessages.milestoneTooLong))
        .min(GUIDE_LIMITS.milestonesMin, guideMessages.milestonesTooFew)
        .max(GUIDE_LIMITS.milestonesMax, guideMessages.milestonesTooMany),
    ),
  session: z
    .string({ required_error: guideMessages.session })
    .trim()
    .min(3, guideMessages.session)
    .max(GUIDE_LIMITS.sessionMax, guideMessages.sessionTooLong),
  sessionMinutes: z.coerce
    .number({ invalid_type_error: guideMessages.minutes, required_error: guideMessages.minutes })
    .int(guideMessages.minutes)
    .min(GUIDE_LIMITS.minutesMin, guideMessages.minutes)
    .max(GUIDE_LIMITS.minutesMax, guideMessages.minutes),
  avoid: z
    .string()
    .trim()
    .max(GUIDE_LIMITS.avoidMax, guideMessages.avoidTooLong)
    .optional()
    .transform((value) => value || null),
});
export type BuildGuideInput = z.infer<typeof buildGuideSchema>;

const fromIdea = appIdeaSchema.and(z.object({ guide: buildGuideSchema.optional() }));

export const buildAppBody = z.unknown().transform((body, ctx) => {
  const schema = body && typeof body === "object" && "brainstormId" in body ? fromBrainstorm : fromIdea;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue(issue);
    return z.NEVER;
  }
  return parsed.data as { appIdea: string; guide?: BuildGuideInput } | z.infer<typeof fromBrainstorm>;
});
export type BuildAppBody = z.infer<typeof buildAppBody>;

// ---------------------------------------------------------------- blueprints

export const appIdQuery = z.object({ appId: id });

export const restoreBlueprintBody = z.object({
  appId: id,
  versionId: z.string().trim().min(1, "versionId is required").max(64),
});

/** POST getEditorPlusButtonSuggestions?appId: the editor's context (where the cursor is, what is around it). */
export const suggestionsContext = z
  .object({
    afterItemId: z.string().trim().max(100).nullable().optional(),
    text: z.string().max(2_000).optional(),
  })
  .passthrough()
  .transform((c) => ({ afterItemId: c.afterItemId ?? null, text: c.text ?? "" }));

const exampleFields = {
  title: z.string().trim().min(1, "Give the example a title").max(120, "Keep the title under 120 characters"),
  content: z.string().trim().min(1, "Write the example").max(20_000, "Keep an example under 20,000 characters"),
};

export const saveExampleBody = z.object({
  appId: id,
  type: z.string().trim().min(1, "type is required").max(40),
  ...exampleFields,
});

export const examplesQuery = z.object({ appId: id, type: z.string().trim().min(1).max(40).optional() });
export const exampleQuery = z.object({ exampleId: z.string().trim().min(1, "exampleId is required").max(64) });
export const exampleChange = z
  .object({ title: exampleFields.title.optional(), content: exampleFields.content.optional() })
  .refine((c) => c.title !== undefined || c.content !== undefined, "Send a title or content to change");

// ---------------------------------------------------------------- landing page: pictures, screenshots, edits

/** POST /api/app-builder/regenerateLandingPageImage. */
export const regenerateImageBody = z.object({
  appId: id,
  imageType: z.string({ required_error: "imageType is required" }).trim().min(1, "imageType is required").max(60),
  specificInstructions: z
    .string()
    .trim()
    .max(500, "Keep the instructions under 500 characters")
    .nullish()
    .transform((v) => v ?? ""),
});

/** POST /api/app-builder/regenerateAIScreenshots. */
export const screenshotsBody = z.object({
  appId: id,
  additionalPrompt: z
    .string()
    .trim()
    .max(500, "Keep the additional prompt under 500 characters")
    .nullish()
    .transform((v) => v ?? ""),
});

/** POST /api/app-builder/edit-landing-page. */
export const editLandingBody = z.object({
  appId: id,
  instruction: z
    .string({ required_error: "Write an instruction" })
    .trim()
    .min(1, "Write an instruction")
    .max(500, "Keep the instruction under 500 characters"),
  section: z.string().trim().max(40).nullish(),
});
