/**
 * Pure rules of creator apps: unpublished changes, slugs, the idea form's schema, theme colours as
 * CSS custom properties, and the idea draft's local-storage budget (spec 9). Unit-tested.
 */
import { z } from "zod";
import { slugify } from "~/platform/format";
import type { LandingPage, OnboardingFlow, Pricing, PublishedSnapshot, Theme } from "~/db/app-content";

// --- Unpublished changes ---------------------------------------------------------------------

/** JSON with object keys sorted, so two equal values compare equal whatever their key order. */
export function stableStringify(value: unknown): string {
  if (value === undefined) return "null";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(",")}}`;
}

/** What publishing would freeze: the draft, with the landing page marked ready. */
export function draftSnapshot(draft: {
  landingPage: LandingPage;
  theme: Theme;
  onboardingFlow: OnboardingFlow;
  pricing: Pricing;
}): PublishedSnapshot {
  return {
    landingPage: { ...draft.landingPage, status: "ready" },
    theme: draft.theme,
    onboardingFlow: draft.onboardingFlow,
    pricing: draft.pricing,
  };
}

export type ChangedPart = keyof PublishedSnapshot;

/** The parts of the draft that differ from what is published (all of them when nothing is). */
export function changedParts(draft: PublishedSnapshot, published: PublishedSnapshot | null | undefined): ChangedPart[] {
  const parts: ChangedPart[] = ["landingPage", "theme", "onboardingFlow", "pricing"];
  if (!published) return parts;
  const normalise = (s: PublishedSnapshot, part: ChangedPart) =>
    stableStringify(part === "landingPage" ? { ...s.landingPage, status: "ready" } : s[part]);
  return parts.filter((part) => normalise(draft, part) !== normalise(published, part));
}

export interface DraftAndPublished {
  landingPage: LandingPage;
  theme: Theme;
  onboardingFlow: OnboardingFlow;
  monthlyPriceCents: number | null;
  annualPriceCents: number | null;
  annualDurationUnit: Pricing["annualDurationUnit"];
  published: PublishedSnapshot | null;
}

export const draftPricing = (
  row: Pick<DraftAndPublished, "monthlyPriceCents" | "annualPriceCents" | "annualDurationUnit">,
): Pricing => ({
  monthlyPrice: row.monthlyPriceCents ?? null,
  annualPrice: row.annualPriceCents ?? null,
  annualDurationUnit: row.annualDurationUnit,
});

/**
 * True when the draft differs from what the public sees: the landing page (its status aside: a
 * publish marks it ready), theme, onboarding flow or pricing. An app never published has nothing
 * published, so all of it is unpublished.
 */
export function hasUnpublishedChanges(row: DraftAndPublished): boolean {
  const draft = draftSnapshot({
    landingPage: row.landingPage,
    theme: row.theme,
    onboardingFlow: row.onboardingFlow,
    pricing: draftPricing(row),
  });
  return changedParts(draft, row.published).length > 0;
}

/** Published and its landing page not 'pending' (pending is treated as absent, spec 4). */
export function isPubliclyVisible(row: { isPublished: boolean; published: PublishedSnapshot | null }): boolean {
  return row.isPublished && !!row.published && row.published.landingPage?.status !== "pending";
}

// --- Slugs ------------------------------------------------------------------------------------

export const SLUG_MAX = 60;

/** A URL slug of at most 60 characters, or `fallback` when nothing usable is left. */
export function slugOf(text: string, fallback = "app"): string {
  const slug = slugify(text).slice(0, SLUG_MAX).replace(/-+$/, "");
  return slug || fallback;
}

/** The first of base, base-2, base-3 … that is not taken. */
export function dedupeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** The creator's storefront slug: creatorInfo.storefrontSlug, else a slug of their name. */
export function creatorStorefrontSlug(user: {
  firstName: string;
  lastName: string;
  creatorInfo?: { storefrontSlug?: string } | null;
}): string {
  const own = user.creatorInfo?.storefrontSlug;
  if (typeof own === "string" && own.trim()) return own.trim();
  return slugOf(`${user.firstName} ${user.lastName}`, "creator");
}

/**
 * Whether the header links to the person's apps (/dashboard): they have creator apps, or have
 * started one (a build, a brainstorm or an idea draft) whether or not an app came of it yet.
 */
export function hasAppsToFind(user: {
  creatorInfo?: { hasApps?: boolean } | null;
  startedAppAt?: number | null;
}): boolean {
  return Boolean(user.creatorInfo?.hasApps) || typeof user.startedAppAt === "number";
}

// --- The idea form ------------------------------------------------------------------------------

export const IDEA_LIMITS = { min: 10, max: 2000 } as const;

export const IDEA_MESSAGES = {
  required: "Describe your app idea",
  tooShort: `Your app idea must be at least ${IDEA_LIMITS.min} characters`,
  tooLong: `Your app idea must be at most ${IDEA_LIMITS.max} characters`,
  createFailed: "We couldn't create your app. Please try again.",
} as const;

/** One schema for the form and the API (POST /api/app-builder/buildApp {appIdea}). */
export const appIdeaSchema = z.object({
  appIdea: z
    .string({ required_error: IDEA_MESSAGES.required, invalid_type_error: IDEA_MESSAGES.required })
    .transform((s) => s.replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string()
        .min(1, IDEA_MESSAGES.required)
        .min(IDEA_LIMITS.min, IDEA_MESSAGES.tooShort)
        .max(IDEA_LIMITS.max, IDEA_MESSAGES.tooLong),
    ),
});

// --- Theme as CSS -------------------------------------------------------------------------------

export const FONT_STACKS: Record<Theme["font"], string> = {
  system: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  serif: 'Georgia, "Times New Roman", serif',
  rounded: 'ui-rounded, "SF Pro Rounded", "Nunito", "Varela Round", system-ui, sans-serif',
  mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
};

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black, whichever reads better on `background`. */
export const readableOn = (background: string) =>
  contrastRatio(background, "#ffffff") >= contrastRatio(background, "#111111") ? "#ffffff" : "#111111";

/**
 * The theme as CSS custom properties. Dark mode swaps background and text when the creator's
 * background is light, so a 'dark' theme is always dark.
 */
export function themeVars(theme: Theme): Record<string, string> {
  const lightBackground = luminance(theme.backgroundColor) > 0.4;
  const swap = theme.mode === "dark" && lightBackground;
  const background = swap ? theme.textColor : theme.backgroundColor;
  const text = swap ? theme.backgroundColor : theme.textColor;
  const readableText = contrastRatio(text, background) >= 4.5 ? text : readableOn(background);
  return {
    "--app-primary": theme.primaryColor,
    "--app-on-primary": readableOn(theme.primaryColor),
    "--app-accent": theme.accentColor,
    "--app-on-accent": readableOn(theme.accentColor),
    "--app-bg": background,
    "--app-text": readableText,
    "--app-font": FONT_STACKS[theme.font],
    "--app-radius": `${theme.cornerRadius}px`,
    "color-scheme": theme.mode,
  };
}

// --- The idea draft in local storage (spec 9) ----------------------------------------------------

export const IDEA_DRAFT_KEY = "appBuilderContextState";
export const PURGEABLE_PREFIX = "appIdea_";
export const STORAGE_BUDGET_BYTES = 5_242_880;
/**
 * Spec 9: without a compression stream, a draft of 1,048,576 characters or more is cut to that size.
 * Drafts are stored uncompressed here, so the cut always applies.
 */
export const UNCOMPRESSED_DRAFT_MAX = 1_048_576;
export const BYTES_PER_CHAR = 2;

/** Bytes a set of entries takes (keys and values, 2 bytes a character). */
export const storageBytes = (entries: [string, string][]) =>
  entries.reduce((sum, [k, v]) => sum + (k.length + v.length) * BYTES_PER_CHAR, 0);

/**
 * The keys to purge before writing `key`=`value`: none when it fits the budget; otherwise every
 * 'appIdea_' key (the only ones we may drop).
 */
export function keysToPurge(entries: [string, string][], key: string, value: string): string[] {
  const others = entries.filter(([k]) => k !== key);
  const needed = storageBytes(others) + (key.length + value.length) * BYTES_PER_CHAR;
  if (needed <= STORAGE_BUDGET_BYTES) return [];
  return others.map(([k]) => k).filter((k) => k.startsWith(PURGEABLE_PREFIX));
}

/** The slice of Web Storage the draft needs (a fake in tests). */
export interface DraftStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface IdeaDraft {
  appIdea: string;
  timestamp: number;
}

const isQuotaError = (error: unknown) =>
  error instanceof Error &&
  (error.name === "QuotaExceededError" || error.name === "NS_ERROR_DOM_QUOTA_REACHED" || /quota/i.test(error.message));

function entriesOf(storage: DraftStorage): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < storage.length; i++) {
    const k = storage.key(i);
    if (k !== null) out.push([k, storage.getItem(k) ?? ""]);
  }
  return out;
}

function purge(storage: DraftStorage, keys: string[]) {
  for (const k of keys) storage.removeItem(k);
}

/** The stored draft, {appIdea, timestamp}, cut to fewer than UNCOMPRESSED_DRAFT_MAX characters. */
export function draftValue(appIdea: string, now: number): string {
  let idea = appIdea;
  let value = JSON.stringify({ appIdea: idea, timestamp: now } satisfies IdeaDraft);
  while (value.length >= UNCOMPRESSED_DRAFT_MAX) {
    idea = idea.slice(0, Math.max(0, idea.length - (value.length - UNCOMPRESSED_DRAFT_MAX + 1)));
    value = JSON.stringify({ appIdea: idea, timestamp: now } satisfies IdeaDraft);
  }
  return value;
}

/**
 * Saves {appIdea, timestamp}: 'appIdea_' keys are purged first when the budget is short, and again
 * on a quota error (then one retry). Storage failures are only logged (spec 8): returns false.
 */
export function saveIdeaDraft(
  storage: DraftStorage,
  appIdea: string,
  now: number,
  log: (message: string, error?: unknown) => void = console.warn,
): boolean {
  try {
    // An emptied box removes the draft (spec 4: clearing the draft removes it from storage).
    if (appIdea.trim() === "") {
      storage.removeItem(IDEA_DRAFT_KEY);
      return true;
    }
  } catch (error) {
    log("app idea draft: storage failed", error);
    return false;
  }
  const value = draftValue(appIdea, now);
  try {
    purge(storage, keysToPurge(entriesOf(storage), IDEA_DRAFT_KEY, value));
    storage.setItem(IDEA_DRAFT_KEY, value);
    return true;
  } catch (error) {
    if (!isQuotaError(error)) {
      log("app idea draft: storage failed", error);
      return false;
    }
    try {
      purge(
        storage,
        entriesOf(storage)
          .map(([k]) => k)
          .filter((k) => k.startsWith(PURGEABLE_PREFIX)),
      );
      storage.setItem(IDEA_DRAFT_KEY, value);
      return true;
    } catch (again) {
      log("app idea draft: storage full", again);
      return false;
    }
  }
}

/** The stored draft, or null (missing, unreadable or not a draft). */
export function readIdeaDraft(
  storage: DraftStorage,
  log: (message: string, error?: unknown) => void = console.warn,
): IdeaDraft | null {
  try {
    const raw = storage.getItem(IDEA_DRAFT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<IdeaDraft>;
    return typeof parsed.appIdea === "string" && typeof parsed.timestamp === "number"
      ? { appIdea: parsed.appIdea, timestamp: parsed.timestamp }
      : null;
  } catch (error) {
    log("app idea draft: could not read", error);
    return null;
  }
}

export function clearIdeaDraft(storage: DraftStorage, log: (message: string, error?: unknown) => void = console.warn) {
  try {
    storage.removeItem(IDEA_DRAFT_KEY);
  } catch (error) {
    log("app idea draft: could not clear", error);
  }
}

// --- Enrolled apps (getUserEnrolledApps) --------------------------------------------------------

export type EnrolledPlanStatus = "plan ready" | "plan pending" | "plan failed" | "no plan";

/** Where a user's personalized plan of an app stands, in the words the API and the dashboard use. */
export function enrolledPlanStatus(status: "pending" | "completed" | "failed" | null): EnrolledPlanStatus {
  if (status === "completed") return "plan ready";
  if (status === "pending") return "plan pending";
  if (status === "failed") return "plan failed";
  return "no plan";
}
