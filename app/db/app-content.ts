/**
 * The shapes of an app's content (spec 3: theme, landing page info, onboarding flow V2, blueprint,
 * personalized plan), one zod schema each. The spec leaves these bodies unshown; these are ours.
 * Stored as JSON in D1 (apps, app_versions, app_blueprints, personalized_plans), validated with
 * these schemas on every write, and shared by the builder (forms), the public pages and the API.
 */
import { z } from "zod";

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, "Use a colour like #1a2b3c");
const line = (max: number) => z.string().trim().max(max);

/** Theme: colours, font, corner radius, light or dark. */
export const themeSchema = z.object({
  mode: z.enum(["light", "dark"]),
  primaryColor: hex,
  accentColor: hex,
  backgroundColor: hex,
  textColor: hex,
  font: z.enum(["system", "serif", "rounded", "mono"]),
  cornerRadius: z.number().int().min(0).max(32),
});
export type Theme = z.infer<typeof themeSchema>;

export const DEFAULT_THEME: Theme = {
  mode: "light",
  primaryColor: "#1f6f5c",
  accentColor: "#f2a541",
  backgroundColor: "#ffffff",
  textColor: "#1b1b1f",
  font: "system",
  cornerRadius: 12,
};

const titled = z.object({ title: line(80).min(1), description: line(400) });

export const CONTENT_URL_MAX = 500;
/** The product's own files content may show: uploads (/media/app-images/<app>/<file>) and its artwork (/art/…). */
const OWN_MEDIA = /^\/(?:media\/app-images|art)(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

/**
 * Whether content may show this address (an image): https to a named host, without credentials,
 * spaces or control characters; or one of the product's own media paths. Nothing else: no http
 * (mixed content, and it made the public page fail), no javascript:, data: or protocol-relative //.
 */
export function isContentUrl(value: string): boolean {
  if (typeof value !== "string" || value.length === 0 || value.length > CONTENT_URL_MAX) return false;
  if (OWN_MEDIA.test(value)) return true;
  // Printable ASCII only: no spaces, controls or look-alikes for a browser to strip or reinterpret.
  if (!/^https:\/\/[\x21-\x7e]+$/.test(value) || value.includes("\\")) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The address if content may show it, else null: stored data from before the rule is simply not shown. */
export function shownContentUrl(value: string | null | undefined): string | null {
  return typeof value === "string" && isContentUrl(value) ? value : null;
}

const contentImage = z.string().refine(isContentUrl, "Use an https address or an uploaded image");

/** The screens a screenshot shows, in the order the strip shows them. */
export const SCREENSHOT_SCREENS = ["landing", "onboarding", "plan"] as const;
export type ScreenshotScreen = (typeof SCREENSHOT_SCREENS)[number];

/**
 * Landing page info. status 'pending' means "being made, not ready": treated as absent (spec 4), so
 * a creator who never published shows a 404 to the public.
 */
export const landingPageSchema = z.object({
  status: z.enum(["pending", "ready"]),
  hero: z.object({
    title: line(100).min(1),
    subtitle: line(300),
    imageUrl: contentImage.nullable(),
    ctaLabel: line(40).min(1),
  }),
  benefits: z.array(titled).max(8),
  howItWorks: z.array(titled).max(8),
  testimonials: z.array(z.object({ quote: line(400).min(1), name: line(80).min(1), role: line(80) })).max(8),
  faq: z.array(z.object({ question: line(200).min(1), answer: line(1000).min(1) })).max(12),
  pricing: z.object({ title: line(100), subtitle: line(300) }),
  callToAction: z.object({ title: line(100), subtitle: line(300), buttonLabel: line(40).min(1) }),
  /**
   * Pictures of the sections that show one beside their heading (issue 20): the hero's is
   * hero.imageUrl. Optional, so pages saved before them still read.
   */
  images: z
    .object({ benefits: contentImage.nullable().optional(), howItWorks: contentImage.nullable().optional() })
    .optional(),
  /** The order of the sections between the hero and the closing call to action; absent, the default order. */
  sectionOrder: z
    .array(z.enum(["benefits", "howItWorks", "testimonials", "pricing", "faq"]))
    .max(5)
    .optional(),
  /**
   * Screenshots of the app as its end users see it (landing, an onboarding step, the plan), made by
   * regenerateAIScreenshots: part of the page, so they version, publish and restore with it.
   */
  screenshots: z
    .array(z.object({ screen: z.enum(SCREENSHOT_SCREENS), url: contentImage, alt: line(200).min(1) }))
    .max(SCREENSHOT_SCREENS.length)
    .optional(),
});
export type LandingPage = z.infer<typeof landingPageSchema>;
export type LandingScreenshot = NonNullable<LandingPage["screenshots"]>[number];

export const QUESTION_TYPES = ["single_choice", "multiple_choice", "short_text", "number", "date", "slider"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const questionSchema = z.object({
  id: z.string().min(1).max(64),
  /** The userState key the answer is stored under (e.g. 'goal', 'currentLevel', 'daysPerWeek', 'targetDate'). */
  key: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, "Use letters, digits and _ for the answer key"),
  type: z.enum(QUESTION_TYPES),
  label: line(200).min(1),
  help: line(300).optional(),
  required: z.boolean(),
  /** single_choice and multiple_choice. */
  options: z
    .array(z.object({ value: line(60).min(1), label: line(100).min(1) }))
    .max(12)
    .optional(),
  /** number and slider. */
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().positive().optional(),
  unit: line(20).optional(),
  placeholder: line(100).optional(),
});
export type Question = z.infer<typeof questionSchema>;

/** A page is skipped when the answer under `key` equals (or, with notEquals, differs from) `value`. */
export const skipRuleSchema = z.object({
  key: z.string().min(1).max(40),
  operator: z.enum(["equals", "notEquals"]),
  value: line(60),
});
export type SkipRule = z.infer<typeof skipRuleSchema>;

export const onboardingPageSchema = z.object({
  id: z.string().min(1).max(64),
  title: line(120).min(1),
  description: line(400).optional(),
  questions: z.array(questionSchema).min(1).max(10),
  skipIf: skipRuleSchema.nullable().optional(),
});
export type OnboardingPage = z.infer<typeof onboardingPageSchema>;

/** Onboarding flow V2: pages of questions. */
export const onboardingFlowSchema = z.object({
  version: z.literal(2),
  pages: z.array(onboardingPageSchema).min(1).max(30),
});
export type OnboardingFlow = z.infer<typeof onboardingFlowSchema>;

const itemId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Use letters, digits, - and _ for ids");

/** A story: something to read, in Markdown. */
export const storyItemSchema = z.object({
  id: itemId,
  kind: z.literal("story"),
  title: line(120).min(1, "Give the story a title"),
  body: z.string().trim().min(1, "Write the story").max(20_000, "Keep a story under 20,000 characters"),
});

/** A quiz: questions, their options and the right answer (an option's index). */
export const quizItemSchema = z.object({
  id: itemId,
  kind: z.literal("quiz"),
  title: line(120).min(1, "Give the quiz a title"),
  questions: z
    .array(
      z.object({
        question: line(300).min(1, "Write the question"),
        options: z.array(line(200).min(1, "Write the option")).min(2, "A question needs two options").max(6),
        answer: z.number().int().min(0),
      }),
    )
    .min(1, "A quiz needs a question")
    .max(20),
});

/** What an input card asks the end user for. */
export const INPUT_TYPES = ["short-text", "long-text", "number", "choice", "photo", "audio", "video", "pdf"] as const;
export type InputType = (typeof INPUT_TYPES)[number];
/** Input cards whose answer is a file the end user uploads. */
export const UPLOAD_INPUT_TYPES = ["photo", "audio", "video", "pdf"] as const satisfies readonly InputType[];
export const ANALYSIS_PROMPT_MAX = 2_000;

const inputIds = z.array(itemId).max(30);

/**
 * The cards of an activity (issue 14): an instruction to read (Markdown); an input the end user
 * gives (text, a number, a choice, or a photo, audio, video or PDF upload); an AI analysis of chosen
 * inputs by the creator's analysisPrompt; an AI image made from chosen inputs by a generationPrompt;
 * a summary of the whole activity by a summaryAnalysisPrompt. AI cards name the input cards they read
 * (inputIds: cards before them in the same activity).
 */
export const activityCardSchema = z.discriminatedUnion("kind", [
  z.object({
    id: itemId,
    kind: z.literal("instruction"),
    body: z.string().trim().min(1, "Write the card").max(5_000),
  }),
  z.object({
    id: itemId,
    kind: z.literal("input"),
    inputType: z.enum(INPUT_TYPES),
    /** The question or request the end user sees: 'How far did you run?'. */
    prompt: line(300).min(1, "Write what the card asks"),
    /** choice: the options, 2 to 8. */
    options: z.array(line(120).min(1, "Write the option")).max(8).optional(),
    /** number: its unit ('km'), shown beside the field. */
    unit: line(20).optional(),
    /** Whether the end user may go on without answering. */
    optional: z.boolean().optional(),
  }),
  z.object({
    id: itemId,
    kind: z.literal("analysis"),
    title: line(120).min(1, "Give the card a title"),
    analysisPrompt: z.string().trim().min(1, "Write what the analysis looks for").max(ANALYSIS_PROMPT_MAX),
    inputIds,
  }),
  z.object({
    id: itemId,
    kind: z.literal("image"),
    title: line(120).min(1, "Give the card a title"),
    generationPrompt: z.string().trim().min(1, "Write what the picture shows").max(ANALYSIS_PROMPT_MAX),
    inputIds,
  }),
  z.object({
    id: itemId,
    kind: z.literal("summary"),
    title: line(120).min(1, "Give the card a title"),
    summaryAnalysisPrompt: z.string().trim().min(1, "Write what the summary says").max(ANALYSIS_PROMPT_MAX),
  }),
]);
export type ActivityCard = z.infer<typeof activityCardSchema>;
export const CARD_KINDS = ["instruction", "input", "analysis", "image", "summary"] as const;

/** A card's words, for previews, search and help: what it says or asks, or what its AI is told. */
export function cardText(card: ActivityCard): string {
  switch (card.kind) {
    case "instruction":
      return card.body;
    case "input":
      return [card.prompt, ...(card.options ?? [])].join(" ");
    case "analysis":
      return `${card.title}: ${card.analysisPrompt}`;
    case "image":
      return `${card.title}: ${card.generationPrompt}`;
    case "summary":
      return `${card.title}: ${card.summaryAnalysisPrompt}`;
  }
}

/** An activity: a sequence of cards. */
export const activityItemSchema = z.object({
  id: itemId,
  kind: z.literal("activity"),
  title: line(120).min(1, "Give the activity a title"),
  cards: z.array(activityCardSchema).min(1, "An activity needs a card").max(30),
});

/** The rules across an activity's cards: unique ids, choices with options, AI cards reading earlier inputs, one summary. */
function activityCardProblems(cards: ActivityCard[], ctx: z.RefinementCtx) {
  const seen = new Map<string, ActivityCard>();
  let summaries = 0;
  cards.forEach((card, i) => {
    const at = (...path: (string | number)[]) => ["cards", i, ...path];
    if (seen.has(card.id)) ctx.addIssue({ code: "custom", path: at("id"), message: "Each card needs its own id" });
    if (card.kind === "input" && card.inputType === "choice" && (card.options?.length ?? 0) < 2)
      ctx.addIssue({ code: "custom", path: at("options"), message: "A choice needs at least two options" });
    if (card.kind === "analysis" || card.kind === "image") {
      if (card.inputIds.length === 0)
        ctx.addIssue({ code: "custom", path: at("inputIds"), message: "Choose the inputs it reads" });
      for (const id of card.inputIds)
        if (seen.get(id)?.kind !== "input")
          ctx.addIssue({ code: "custom", path: at("inputIds"), message: "It can read only input cards before it" });
    }
    if (card.kind === "summary" && ++summaries > 1)
      ctx.addIssue({ code: "custom", path: at("kind"), message: "An activity has at most one summary" });
    seen.set(card.id, card);
  });
}

export const blueprintItemSchema = z
  .discriminatedUnion("kind", [storyItemSchema, quizItemSchema, activityItemSchema])
  .superRefine((item, ctx) => {
    if (item.kind === "activity") return activityCardProblems(item.cards, ctx);
    if (item.kind !== "quiz") return;
    item.questions.forEach((q, i) => {
      if (q.answer >= q.options.length)
        ctx.addIssue({ code: "custom", path: ["questions", i, "answer"], message: "Pick one of the options" });
    });
  });
export type BlueprintItem = z.infer<typeof blueprintItemSchema>;
export const BLUEPRINT_ITEM_KINDS = ["story", "quiz", "activity"] as const;

/**
 * The blueprint: the app's content definition, which the plan generator reads. phaseTemplates are
 * the building blocks of a plan, in training order; the generator picks, dates and sizes them from
 * the end user's answers.
 */
export const blueprintSchema = z.object({
  topic: line(80).min(1),
  goal: line(200).min(1),
  planTitle: line(120).min(1),
  description: line(600).min(1),
  /** 'Race Day' makes the countdown 'Time to Race Day'. */
  targetLabel: line(40).min(1),
  defaultProgramLengthWeeks: z.number().int().min(1).max(52),
  expectedPhaseCount: z.number().int().min(1).max(52),
  phaseTemplates: z
    .array(
      z.object({
        title: line(80).min(1),
        focus: line(300).min(1),
        sessions: z.array(line(120).min(1)).min(1).max(7),
        level: z.enum(["all", "beginner", "intermediate", "advanced"]),
      }),
    )
    .min(1)
    .max(60),
  /** Who the app is for, and what they come away with. */
  audience: line(200).optional(),
  outcomes: z.array(line(200).min(1)).max(8).optional(),
  /** The app's content: stories, quizzes and activities, in the order its users meet them. */
  items: z
    .array(blueprintItemSchema)
    .max(100)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        if (seen.has(item.id))
          ctx.addIssue({ code: "custom", path: [i, "id"], message: `The id '${item.id}' is used twice` });
        seen.add(item.id);
      });
    })
    .optional(),
  /**
   * The practice's own words, which the plan generator writes with: what a session is called, the
   * easy sessions that fill a week, the add-ons a user may ask for and the goals' aims. Absent, a
   * blueprint speaks the spec's default, half-marathon running (plans/generator.ts).
   */
  vocabulary: z
    .object({
      session: z.object({ one: line(40).min(1), many: line(40).min(1) }),
      fillers: z.object({
        beginner: z.array(line(120).min(1)).min(1).max(4),
        intermediate: z.array(line(120).min(1)).min(1).max(4),
        advanced: z.array(line(120).min(1)).min(1).max(4),
      }),
      extras: z.array(z.object({ value: line(60).min(1), label: line(100).min(1), session: line(120).min(1) })).max(6),
      goals: z.array(z.object({ value: line(60).min(1), aim: line(200).min(1) })).max(6),
    })
    .optional(),
});
export type Blueprint = z.infer<typeof blueprintSchema>;
export type BlueprintVocabulary = NonNullable<Blueprint["vocabulary"]>;

export const planPhaseSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  focus: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  weekNumber: z.number().int(),
  sessions: z.array(z.string()),
});
export type PlanPhase = z.infer<typeof planPhaseSchema>;

/** A personalized plan (spec 3). */
export const planSchema = z.object({
  title: z.string().min(1),
  description: z.string(),
  phases: z.array(planPhaseSchema),
  totalPhaseCount: z.number().int(),
  targetDate: z.string(),
  programLengthWeeks: z.number().int(),
  timeToTargetLabel: z.string(),
  timeToTargetTitle: z.string(),
  timeToTargetDescription: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

/** Spec 9: the personalized plan defaults. */
export const PLAN_DEFAULTS = {
  expectedPhases: 13,
  programLengthWeeks: 6,
  timeToTargetLabel: "Time to Race Day",
  description: "A step-by-step plan to get you ready to run a half marathon in under 2 hours.",
  pollRetries: 3,
  pollRetryMs: 1500,
} as const;

/** Pricing in cents (spec 3). annualDurationUnit says how the annual plan is shown: 1 year or 12 months. */
export const pricingSchema = z.object({
  monthlyPrice: z.number().int().min(0).max(100_000_00).nullable(),
  annualPrice: z.number().int().min(0).max(1_000_000_00).nullable(),
  annualDurationUnit: z.enum(["years", "months"]),
});
export type Pricing = z.infer<typeof pricingSchema>;

/** What a publish freezes: the public pages read only this. */
export interface PublishedSnapshot {
  landingPage: LandingPage;
  theme: Theme;
  onboardingFlow: OnboardingFlow;
  pricing: Pricing;
}

/**
 * One app idea of a brainstorm (issue 18): what a creator needs to decide whether to build it, and
 * the idea text building it starts from.
 */
export const brainstormIdeaSchema = z.object({
  name: line(60).min(1),
  /** One line: what the app promises its users. */
  promise: line(200).min(1),
  audience: line(120).min(1),
  outcome: line(200).min(1),
  /** Three sample onboarding questions. */
  questions: z.array(line(200).min(1)).length(3),
  /** The plan's phases, in order: an outline. */
  phases: z.array(line(80).min(1)).min(3).max(8),
  /** The idea "Build this app" builds from. */
  idea: line(2000).min(10),
});
export type BrainstormIdea = z.infer<typeof brainstormIdeaSchema>;

export const brainstormIdeasSchema = z.object({ apps: z.array(brainstormIdeaSchema).min(3).max(6) });

/** Everything a new app starts with. */
export const newAppContentSchema = z.object({
  name: line(60).min(1),
  theme: themeSchema,
  landingPage: landingPageSchema,
  onboardingFlow: onboardingFlowSchema,
  blueprint: blueprintSchema,
});
export type NewAppContent = z.infer<typeof newAppContentSchema>;

/**
 * The landing page as a model is asked for it: its words, without its pictures (the hero's, the
 * sections', the screenshots), which are made or uploaded and never written by a model. Their
 * addresses are checked by a refinement JSON Schema cannot say, so a made-up or mangled address
 * would otherwise cost the whole answer.
 */
export const landingPageWordsSchema = landingPageSchema
  .omit({ images: true, screenshots: true })
  .extend({ hero: landingPageSchema.shape.hero.omit({ imageUrl: true }) });

/** A new app as the build-app job asks the AI layer for it: the landing page's words, no pictures. */
export const newAppWordsSchema = newAppContentSchema.extend({ landingPage: landingPageWordsSchema });
