/**
 * The app builder's pure rules (no I/O): prices typed in dollars → cents, the unpublished-changes
 * comparison, the onboarding flow's extra checks, version-history cursors, and turning the builder's
 * form fields (parsed by conform, features/builder/schema.ts) into the content shapes of
 * app/db/app-content.ts and back. Shared by the server (actions, API) and the browser (live preview).
 */
import type { ZodIssue } from "zod";
import type { LandingEditProposal } from "./landing/edits";
import type { LandingPage, OnboardingFlow, OnboardingPage, Pricing, Question, Theme } from "~/db/app-content";
import { NO_PLANS_TEXT, sellsAPlan } from "~/features/apps/payment-options";
import {
  landingPageSchema,
  onboardingFlowSchema,
  onboardingPageSchema,
  type QUESTION_TYPES,
  SCREENSHOT_SCREENS,
  type ScreenshotScreen,
} from "~/db/app-content";

export const SECTIONS = ["landing", "theme", "onboarding", "pricing", "publish"] as const;
export type Section = (typeof SECTIONS)[number];

/** What the builder's action answers when it does not redirect: a failed save (shown inline) or an autosave's 'saved'. */
/** The landing page's tools (issue 20): new pictures, screenshots, edits by instruction. */
export type LandingTool = "image" | "photo" | "screenshots" | "edit";

export type BuilderActionData =
  | {
      ok: false;
      section: Section | "tiers";
      errors: Record<string, string>;
      values?: unknown;
      formError?: string;
      /** A landing tool's refusal: shown beside that tool, the editor untouched. */
      tool?: LandingTool;
      /** A publish that asks first (no price): what the app lacks, the price first; confirm=yes publishes. */
      confirmPublish?: { gaps: PublishGap[] };
    }
  | { ok: true; savedAt: number; section: Section; proposal?: LandingEditProposal };

export const VERSION_PAGE_SIZE = 20;
export const UNPUBLISHED_CACHE_MS = 5_000;
/** Spec 9's builder client cache lifetimes. */
export const CREATOR_APPS_CACHE_MS = 30_000;
export const HAS_ANY_APP_CACHE_MS = 15_000;
export const AUTOSAVE_DELAY_MS = 1_500;

export const builderMessages = {
  priceInvalid: "Enter a price in dollars, like 14.99",
  priceNegative: "The price cannot be negative",
  priceDecimals: "Use at most 2 decimals",
  priceTooHigh: "That price is too high",
  monthlyRequired: "Enter a monthly price",
  pricingFailed: "Failed to update pricing",
  noTier: "Publishing needs an active studio tier. Choose a studio tier to publish.",
  tierFull: (max: number) =>
    `Your studio tier lets you publish ${max} app${max === 1 ? "" : "s"}. Upgrade your tier to publish this one.`,
  tierNotUpgrade: (name: string) => `Your ${name} tier is active. Choose a tier with more published apps.`,
  versionNotFound: "Version not found",
  cursorInvalid: "The cursor is not valid",
  duplicateKey: (key: string) => `The answer key '${key}' is used by another question`,
  duplicateQuestionId: (id: string) => `The question id '${id}' is used twice`,
  duplicatePageId: (id: string) => `The page id '${id}' is used twice`,
  skipUnknown: (key: string) => `Skip rule: '${key}' is not the key of a question on an earlier page`,
  optionsRequired: "Choice questions need at least one option",
  minMax: "The minimum must be below the maximum",
  saved: "Saved",
  published: "Published. Your app is live.",
  badPath: "Return addresses must be on this site",
  priceOptionUnknown: "No such studio price option",
  studioOptionsFailed: "Failed to fetch studio payment options",
  tooManyItems: (list: string, max: number) => `Too many items in ${list}: at most ${max}`,
  badForm: "That change could not be made: reload the page and try again",
  notAList: (name: string) => `The field ${name.slice(0, 80)} is not a list`,
} as const;

// ---------------------------------------------------------------- publishing

/** The studio tier as the publish step sees it. */
export interface PublishTier {
  slug: string;
  name: string;
  maxPublishedApps: number;
}

/**
 * Why this app cannot be published now, or null when it can: no active tier, or the tier's
 * published apps are all taken by other apps (republishing a live app never counts twice). The
 * pages say it where the creator is, instead of bouncing them between Publish and the tiers.
 */
export type PublishBlock =
  | { reason: "no-tier"; message: string }
  | { reason: "tier-full"; message: string; tier: PublishTier; publishedElsewhere: number };

export function publishBlock(
  tier: PublishTier | null,
  app: { isPublished: boolean },
  publishedElsewhere: number,
): PublishBlock | null {
  if (!tier) return { reason: "no-tier", message: builderMessages.noTier };
  if (app.isPublished || publishedElsewhere < tier.maxPublishedApps) return null;
  return { reason: "tier-full", message: builderMessages.tierFull(tier.maxPublishedApps), tier, publishedElsewhere };
}

/**
 * What the app's draft lacks that visitors would notice once it is live, each with the builder
 * section that fills it. No price is the one a publish asks about first (publishNeedsConfirming):
 * its visitors cannot buy a plan.
 */
export type PublishGap = {
  id: "price" | "hero-picture" | "benefits" | "how-it-works" | "faq";
  text: string;
  section: Section;
};

export function publishGaps(draft: { landingPage: LandingPage; pricing: Pricing }): PublishGap[] {
  const page = draft.landingPage;
  const gaps: PublishGap[] = [];
  if (!sellsAPlan(draft.pricing))
    gaps.push({
      id: "price",
      text: `No price: visitors will see “${NO_PLANS_TEXT}” and cannot buy a plan.`,
      section: "pricing",
    });
  if (!page.hero.imageUrl)
    gaps.push({ id: "hero-picture", text: "No hero picture at the top of the landing page.", section: "landing" });
  if (page.benefits.length === 0)
    gaps.push({ id: "benefits", text: "No benefits on the landing page.", section: "landing" });
  if (page.howItWorks.length === 0)
    gaps.push({ id: "how-it-works", text: "No “How it works” steps on the landing page.", section: "landing" });
  if (page.faq.length === 0)
    gaps.push({ id: "faq", text: "No questions and answers on the landing page.", section: "landing" });
  return gaps;
}

/** Publishing an app that sells no plan is confirmed first (confirm=yes on the publish post). */
export function publishNeedsConfirming(draft: { pricing: Pricing }): boolean {
  return !sellsAPlan(draft.pricing);
}

/**
 * What the tiers page offers for a tier, given the creator's active one: the current tier is never
 * sold again, and a tier with no more published apps than it is no upgrade.
 */
export function tierOffer(
  tier: { slug: string; maxPublishedApps: number },
  active: PublishTier | null,
): "buy" | "current" | "smaller" {
  if (!active) return "buy";
  if (tier.slug === active.slug) return "current";
  return tier.maxPublishedApps > active.maxPublishedApps ? "buy" : "smaller";
}

// ---------------------------------------------------------------- prices

export type PriceParse = { ok: true; cents: number | null } | { ok: false; error: string };

/**
 * A price typed in dollars ('14.99', '$1,499', '9.9', '') → integer cents, parsed as a string so
 * there are no float errors (19.99 * 100 is 1998.9999…). Empty → null (allowed only when `optional`).
 */
export function dollarsToCents(input: string | null | undefined, { optional = false } = {}): PriceParse {
  const text = (input ?? "").trim().replace(/^\$/, "").replace(/,/g, "").trim();
  if (text === "") return optional ? { ok: true, cents: null } : { ok: false, error: builderMessages.monthlyRequired };
  if (text.startsWith("-")) return { ok: false, error: builderMessages.priceNegative };
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text) ?? /^()\.(\d+)$/.exec(text);
  if (!match) return { ok: false, error: builderMessages.priceInvalid };
  const [, whole, fraction = ""] = match;
  if (fraction.length > 2) return { ok: false, error: builderMessages.priceDecimals };
  if (whole.length > 9) return { ok: false, error: builderMessages.priceTooHigh };
  const cents = Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0"));
  if (cents > 1_000_000_00) return { ok: false, error: builderMessages.priceTooHigh };
  return { ok: true, cents };
}

/** Cents → the dollars shown in a price field ('14.99', '99', ''). */
export function centsToDollars(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0")}`;
}

// ---------------------------------------------------------------- unpublished changes

// The draft-versus-published comparison is shared with the dashboard: app/features/apps/rules.ts.
export { changedParts, draftSnapshot, stableStringify, type ChangedPart } from "~/features/apps/rules";

// ---------------------------------------------------------------- onboarding flow extras

export interface FlowIssue {
  path: (string | number)[];
  message: string;
}

/**
 * What onboardingFlowSchema alone cannot say: ids and answer keys unique, choice questions with
 * options, min below max, and a skip rule naming a question on an earlier page.
 */
export function flowIssues(flow: OnboardingFlow): FlowIssue[] {
  const issues: FlowIssue[] = [];
  const pageIds = new Set<string>();
  const questionIds = new Set<string>();
  const keys = new Set<string>();
  flow.pages.forEach((page, p) => {
    if (pageIds.has(page.id))
      issues.push({ path: ["pages", p, "id"], message: builderMessages.duplicatePageId(page.id) });
    pageIds.add(page.id);
    if (page.skipIf && !keys.has(page.skipIf.key))
      issues.push({ path: ["pages", p, "skipIf", "key"], message: builderMessages.skipUnknown(page.skipIf.key) });
    page.questions.forEach((q, i) => {
      const at = ["pages", p, "questions", i];
      if (questionIds.has(q.id))
        issues.push({ path: [...at, "id"], message: builderMessages.duplicateQuestionId(q.id) });
      questionIds.add(q.id);
      if (keys.has(q.key)) issues.push({ path: [...at, "key"], message: builderMessages.duplicateKey(q.key) });
      if ((q.type === "single_choice" || q.type === "multiple_choice") && !(q.options && q.options.length > 0))
        issues.push({ path: [...at, "options"], message: builderMessages.optionsRequired });
      if (q.min !== undefined && q.max !== undefined && q.min >= q.max)
        issues.push({ path: [...at, "max"], message: builderMessages.minMax });
    });
    // Keys become usable by skip rules only from the next page on.
    for (const q of page.questions) keys.add(q.key);
  });
  return issues;
}

// ---------------------------------------------------------------- cursors

export interface VersionCursor {
  createdAt: number;
  id: string;
}

/** A page-after cursor over (created_at, id), newest first: opaque base64url text. */
export function encodeCursor(cursor: VersionCursor): string {
  const text = `${cursor.createdAt}:${cursor.id}`;
  const b64 = typeof btoa === "function" ? btoa(text) : Buffer.from(text, "utf8").toString("base64");
  return b64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeCursor(value: string): VersionCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(value)) return null;
  try {
    const b64 = value.replace(/-/g, "+").replace(/_/g, "/");
    const text = typeof atob === "function" ? atob(b64) : Buffer.from(b64, "base64").toString("utf8");
    const match = /^(\d{1,16}):([A-Za-z0-9-]{1,64})$/.exec(text);
    if (!match) return null;
    return { createdAt: Number(match[1]), id: match[2] };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- form fields

/**
 * The numbered lists of the builder's forms and how many items each may hold: the content schemas'
 * own maximums, so a form can never describe more than a save would accept.
 */
const FORM_LIST_LIMITS: Readonly<Record<string, number>> = {
  benefits: landingPageSchema.shape.benefits._def.maxLength!.value,
  howItWorks: landingPageSchema.shape.howItWorks._def.maxLength!.value,
  testimonials: landingPageSchema.shape.testimonials._def.maxLength!.value,
  faq: landingPageSchema.shape.faq._def.maxLength!.value,
  sectionOrder: 5,
  screenshots: SCREENSHOT_SCREENS.length,
  pages: onboardingFlowSchema.shape.pages._def.maxLength!.value,
  questions: onboardingPageSchema.shape.questions._def.maxLength!.value,
};

const fieldParts = (name: string) =>
  name
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .filter(Boolean);
const isIndex = (part: string) => /^\d+$/.test(part);

/** Why a field name's numbers do not fit (an index past its list's size, or a number under a field that is no list), or null. */
function indexProblem(name: string, parts: string[]): string | null {
  for (let i = 1; i < parts.length; i++) {
    if (!isIndex(parts[i])) continue;
    const list = parts[i - 1];
    const limit = Object.hasOwn(FORM_LIST_LIMITS, list) ? FORM_LIST_LIMITS[list] : undefined;
    if (limit === undefined) return builderMessages.notAList(name);
    // Compared as text first: a 400-digit index is not turned into a number at all.
    if (parts[i].length > 3 || Number(parts[i]) >= limit) return builderMessages.tooManyItems(fieldLabel(list), limit);
  }
  return null;
}

/**
 * The first field whose numbers go past what the content schemas allow ('faq[100000000].question'),
 * as a message for the form, or null. Checked before anything is built from the form: an index is
 * never used to size an array.
 */
export function formIndexProblem(names: Iterable<string>): string | null {
  for (const name of names) {
    const problem = indexProblem(name, fieldParts(name));
    if (problem) return problem;
  }
  return null;
}

/** The form field name of an error path: ['faq', 2, 'answer'] → 'faq[2].answer'. */
export function fieldName(path: (string | number)[]): string {
  return path.reduce<string>(
    (name, part) => (typeof part === "number" ? `${name}[${part}]` : name ? `${name}.${part}` : part),
    "",
  );
}

/** A zod issue in plain words (our own messages, e.g. the colour or answer-key rules, pass through). */
function issueMessage(issue: ZodIssue | FlowIssue): string {
  if (!("code" in issue)) return issue.message;
  if (issue.code === "too_small" && issue.type === "string")
    return Number(issue.minimum) <= 1 ? "This is required" : `Use at least ${issue.minimum} characters`;
  if (issue.code === "too_big" && issue.type === "string") return `Keep it to ${issue.maximum} characters or fewer`;
  if (issue.code === "too_small" && issue.type === "array") return `Add at least ${issue.minimum}`;
  if (issue.code === "too_big" && issue.type === "array") return `No more than ${issue.maximum} items`;
  if (issue.code === "too_small" && issue.type === "number") return `Use ${issue.minimum} or more`;
  if (issue.code === "too_big" && issue.type === "number") return `Use ${issue.maximum} or less`;
  if (issue.code === "invalid_type" && issue.expected === "number") return "Enter a number";
  if (issue.code === "invalid_enum_value") return `Choose one of: ${issue.options.join(", ")}`;
  return issue.message;
}

/** Issues as {fieldName: first message}. */
export function errorMap(issues: (ZodIssue | FlowIssue)[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const issue of issues) {
    const name = fieldName(issue.path) || "form";
    map[name] ??= issueMessage(issue);
  }
  return map;
}

const PART_NAMES: Record<string, string> = {
  hero: "Hero",
  benefits: "Benefit",
  howItWorks: "Step",
  testimonials: "Testimonial",
  faq: "FAQ",
  pricing: "Pricing",
  callToAction: "Call to action",
  pages: "Page",
  questions: "question",
  skipIf: "skip rule",
  ctaLabel: "button label",
  buttonLabel: "button",
  imageUrl: "image",
  image: "image",
  key: "answer key",
  primaryColor: "Primary colour",
  accentColor: "Accent colour",
  backgroundColor: "Background colour",
  textColor: "Text colour",
  cornerRadius: "Corner radius",
  monthlyPrice: "Monthly price",
  annualPrice: "Annual price",
};

/** A field name in words for the error summary: 'faq[1].answer' → 'FAQ 2 answer'. */
export function fieldLabel(name: string): string {
  const parts = name
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .filter(Boolean);
  const words = parts.map((p) =>
    /^\d+$/.test(p) ? String(Number(p) + 1) : (PART_NAMES[p] ?? p.replace(/([A-Z])/g, " $1").toLowerCase()),
  );
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const str = (v: unknown) => (typeof v === "string" ? v : "");
const list = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v)
    ? v.filter((x) => x && typeof x === "object")
    : v && typeof v === "object"
      ? Object.values(v as object).filter((x) => x && typeof x === "object")
      : [];
const rec = (v: unknown): Record<string, unknown> => (v && typeof v === "object" ? (v as Record<string, unknown>) : {});

/** The landing page the form describes (not yet validated). */
export function landingPageFromForm(
  form: Record<string, unknown>,
  status: LandingPage["status"] = "ready",
): LandingPage {
  const hero = rec(form.hero);
  const titled = (v: unknown) => list(v).map((x) => ({ title: str(x.title), description: str(x.description) }));
  return {
    status,
    hero: {
      title: str(hero.title),
      subtitle: str(hero.subtitle),
      ctaLabel: str(hero.ctaLabel),
      imageUrl: str(hero.imageUrl).trim() || null,
    },
    benefits: titled(form.benefits),
    howItWorks: titled(form.howItWorks),
    testimonials: list(form.testimonials).map((x) => ({ quote: str(x.quote), name: str(x.name), role: str(x.role) })),
    faq: list(form.faq).map((x) => ({ question: str(x.question), answer: str(x.answer) })),
    pricing: { title: str(rec(form.pricing).title), subtitle: str(rec(form.pricing).subtitle) },
    callToAction: {
      title: str(rec(form.callToAction).title),
      subtitle: str(rec(form.callToAction).subtitle),
      buttonLabel: str(rec(form.callToAction).buttonLabel),
    },
    // The section pictures and screenshots ride along as hidden fields, so a save keeps them.
    ...(form.images !== undefined && {
      images: {
        benefits: str(rec(form.images).benefits).trim() || null,
        howItWorks: str(rec(form.images).howItWorks).trim() || null,
      },
    }),
    ...(form.sectionOrder !== undefined && {
      sectionOrder: (Array.isArray(form.sectionOrder) ? form.sectionOrder : [form.sectionOrder]).map(
        str,
      ) as NonNullable<LandingPage["sectionOrder"]>,
    }),
    ...(form.screenshots !== undefined && {
      screenshots: list(form.screenshots).map((x) => ({
        screen: str(x.screen) as ScreenshotScreen,
        url: str(x.url),
        alt: str(x.alt),
      })),
    }),
  };
}

export const THEME_COLOURS = ["primaryColor", "accentColor", "backgroundColor", "textColor"] as const;

/**
 * The theme the form describes. Each colour has a picker (`<name>Picker`) and a hex text field
 * (`<name>`); the text field wins when it was edited (differs from `<name>Was`), else the picker.
 */
export function themeFromForm(form: Record<string, unknown>): Theme {
  const colour = (name: (typeof THEME_COLOURS)[number]) => {
    const text = str(form[name]).trim();
    const was = str(form[`${name}Was`]).trim();
    const picker = str(form[`${name}Picker`]).trim();
    return text !== was || !picker ? text : picker;
  };
  const radius = str(form.cornerRadius).trim();
  return {
    mode: str(form.mode) as Theme["mode"],
    primaryColor: colour("primaryColor"),
    accentColor: colour("accentColor"),
    backgroundColor: colour("backgroundColor"),
    textColor: colour("textColor"),
    font: str(form.font) as Theme["font"],
    cornerRadius: /^\d{1,3}$/.test(radius) ? Number(radius) : Number.NaN,
  };
}

/** Choice options typed one a line, 'value | label' (or just a label: its value is made from it). */
export function parseOptions(text: string): { value: string; label: string }[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const bar = l.indexOf("|");
      if (bar === -1) return { value: slugValue(l), label: l };
      return { value: l.slice(0, bar).trim(), label: l.slice(bar + 1).trim() };
    });
}

export const optionsText = (options: { value: string; label: string }[] | undefined) =>
  (options ?? []).map((o) => `${o.value} | ${o.label}`).join("\n");

function slugValue(label: string) {
  return (
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_|_$/g, "")
      .slice(0, 60) || "option"
  );
}

const numberOrUndefined = (v: unknown) => {
  const t = str(v).trim();
  if (t === "") return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : Number.NaN;
};
const optional = (v: unknown) => (str(v).trim() === "" ? undefined : str(v));

/** The onboarding flow the form describes (not yet validated). */
export function flowFromForm(form: Record<string, unknown>): OnboardingFlow {
  return {
    version: 2,
    pages: list(form.pages).map((p): OnboardingPage => {
      const skipKey = str(p.skipKey).trim();
      return {
        id: str(p.id),
        title: str(p.title),
        description: optional(p.description),
        skipIf: skipKey
          ? {
              key: skipKey,
              operator: (str(p.skipOperator) || "equals") as "equals" | "notEquals",
              value: str(p.skipValue),
            }
          : null,
        questions: list(p.questions).map((q): Question => {
          const type = str(q.type) as Question["type"];
          const choice = type === "single_choice" || type === "multiple_choice";
          const ranged = type === "number" || type === "slider";
          return {
            id: str(q.id),
            key: str(q.key).trim(),
            type,
            label: str(q.label),
            help: optional(q.help),
            required: str(q.required) === "on" || str(q.required) === "true",
            options: choice ? parseOptions(str(q.options)) : undefined,
            min: ranged ? numberOrUndefined(q.min) : undefined,
            max: ranged ? numberOrUndefined(q.max) : undefined,
            step: ranged ? numberOrUndefined(q.step) : undefined,
            unit: ranged ? optional(q.unit) : undefined,
            placeholder: type === "short_text" || ranged ? optional(q.placeholder) : undefined,
          };
        }),
      };
    }),
  };
}

/** Drops undefined members so a flow compares and stores the same whichever way it came in. */
export function cleanFlow(flow: OnboardingFlow): OnboardingFlow {
  return JSON.parse(JSON.stringify(flow)) as OnboardingFlow;
}

// ---------------------------------------------------------------- new list items

/**
 * What 'Add …' inserts (conform's insert intent carries it as the new item's default value, in the
 * form's own field shape): a numbered placeholder that already saves.
 */
type LandingList = "benefits" | "howItWorks" | "testimonials" | "faq";

export const newLandingItem: { [K in LandingList]: (n: number) => LandingPage[K][number] } = {
  benefits: (n) => ({ title: `Benefit ${n}`, description: "" }),
  howItWorks: (n) => ({ title: `Step ${n}`, description: "" }),
  testimonials: () => ({ quote: "What a member says about the app.", name: "A member", role: "" }),
  faq: (n) => ({ question: `Question ${n}?`, answer: "The answer." }),
};

function uniqueId(prefix: string, taken: Set<string>) {
  let n = taken.size + 1;
  while (taken.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}

/** A new short-text question whose id and answer key no question of the flow uses. */
export function newQuestion(flow: OnboardingFlow): { id: string; key: string; type: "short_text"; label: string } {
  const ids = new Set(flow.pages.flatMap((p) => p.questions.map((q) => q.id)));
  const keys = new Set(flow.pages.flatMap((p) => p.questions.map((q) => q.key)));
  return { id: uniqueId("q", ids), key: uniqueId("answer", keys), type: "short_text", label: "New question" };
}

/** A new page (with one new question) whose id no page of the flow uses. */
export function newPage(flow: OnboardingFlow) {
  return {
    id: uniqueId("page", new Set(flow.pages.map((p) => p.id))),
    title: "New page",
    questions: [newQuestion(flow)],
  };
}

export const QUESTION_TYPE_LABELS: Record<(typeof QUESTION_TYPES)[number], string> = {
  single_choice: "Single choice",
  multiple_choice: "Multiple choice",
  short_text: "Short text",
  number: "Number",
  date: "Date",
  slider: "Slider",
};

/** The content of an API body sent wrapped ({appId, <key>: {...}}) or flat ({appId, ...content}). */
export function unwrapContent(body: Record<string, unknown>, keys: string[]): unknown {
  for (const key of keys) if (body[key] && typeof body[key] === "object") return body[key];
  const { appId: _appId, ...rest } = body;
  return rest;
}

/** Same-site builder addresses. */
export function builderPath(appId: string | null, params: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams();
  if (appId) query.set("appId", appId);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) query.set(k, v);
  const text = query.toString();
  return `/dashboard/builder${text ? `?${text}` : ""}`;
}

export const brainstormMessages = {
  notFound: "Brainstorm not found",
  notYours: "This brainstorm is not yours",
  failed: "We could not finish this brainstorm. Please try again.",
  notReady: "This brainstorm is not finished yet",
  indexOutOfRange: "index is out of range",
} as const;

export const buildMessages = {
  jobNotFound: "Job not found",
  jobNotYours: "This job is not yours",
  failed: "We could not build your app. Please try again.",
} as const;

/** The guided build's limits (features/builder/schema.ts buildGuideSchema). */
export const GUIDE_LIMITS = {
  outcomeMax: 200,
  milestonesMin: 3,
  milestonesMax: 8,
  milestoneMax: 80,
  sessionMax: 120,
  minutesMin: 5,
  minutesMax: 180,
  avoidMax: 300,
} as const;

/** The guided build's questions answered wrongly, in words the creator reads beside the field. */
export const guideMessages = {
  outcome: "Say what your users will be able to do at the end",
  outcomeTooLong: `Keep the outcome under ${GUIDE_LIMITS.outcomeMax} characters`,
  milestonesTooFew: `List at least ${GUIDE_LIMITS.milestonesMin} milestones, one per line`,
  milestonesTooMany: `List at most ${GUIDE_LIMITS.milestonesMax} milestones`,
  milestoneTooLong: `Keep each milestone under ${GUIDE_LIMITS.milestoneMax} characters`,
  session: "Say what one session looks like",
  sessionTooLong: `Keep the session under ${GUIDE_LIMITS.sessionMax} characters`,
  minutes: `A session lasts between ${GUIDE_LIMITS.minutesMin} and ${GUIDE_LIMITS.minutesMax} minutes`,
  avoidTooLong: `Keep this under ${GUIDE_LIMITS.avoidMax} characters`,
} as const;

export const blueprintMessages = {
  versionNotFound: "Version not found",
  noBlueprint: "This app has no blueprint yet",
  exampleNotFound: "Example not found",
  exampleNotYours: "This example is not yours",
} as const;
