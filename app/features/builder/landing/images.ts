/**
 * The landing page's picture slots (spec 7 regenerateLandingPageImage; issue 20): which sections
 * show a picture, how big it is, and the prompt a picture is made from. Pure: the page, the API and
 * the tests share it.
 */
import type { LandingPage } from "~/db/app-content";
import type { CoverWords } from "~/platform/adapters/ai/provider";

export const IMAGE_SLOTS = {
  hero: { label: "hero", width: 1200, height: 630, scene: "a wide welcoming hero picture" },
  benefits: { label: "benefits", width: 800, height: 600, scene: "a picture of what its users gain" },
  howItWorks: { label: "how it works", width: 800, height: 600, scene: "a picture of the steps of a session" },
} as const;
export type ImageSlot = keyof typeof IMAGE_SLOTS;
export const IMAGE_SLOT_NAMES = Object.keys(IMAGE_SLOTS) as ImageSlot[];

export const imageMessages = {
  failed: "Failed to generate image",
  unknownSlot: (given: string) =>
    `Unknown imageType '${given.slice(0, 40)}': use one of ${IMAGE_SLOT_NAMES.join(", ")}`,
  instructionsTooLong: "Keep the instructions under 500 characters",
} as const;

/** The slot an imageType names ('hero', 'benefits', 'howItWorks', also 'how_it_works' or 'How it works'); null if none. */
export function imageSlotOf(imageType: string): ImageSlot | null {
  const key = imageType
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "");
  if (key === "hero" || key === "heroimage") return "hero";
  if (key === "benefits" || key === "benefit") return "benefits";
  if (key === "howitworks" || key === "steps") return "howItWorks";
  return null;
}

/** The slot's current picture, or null. */
export function slotImage(page: LandingPage, slot: ImageSlot): string | null {
  if (slot === "hero") return page.hero.imageUrl;
  return page.images?.[slot] ?? null;
}

/** The page with the slot's picture set: a new object, the rest untouched. */
export function withSlotImage(page: LandingPage, slot: ImageSlot, url: string | null): LandingPage {
  if (slot === "hero") return { ...page, hero: { ...page.hero, imageUrl: url } };
  return { ...page, images: { ...page.images, [slot]: url } };
}

export interface ImagePromptInput {
  appName: string;
  idea: string;
  /** The practice (the blueprint's topic), when known. */
  domain: string | null;
  page: LandingPage;
  slot: ImageSlot;
  instructions: string;
}

/**
 * The prompt a slot's picture is made from: the app, its practice, what the section says and the
 * creator's own instructions, in that order of weight (a model reads the end as the latest word).
 */
export function imagePrompt({ appName, idea, domain, page, slot, instructions }: ImagePromptInput): string {
  const section =
    slot === "hero"
      ? page.hero.subtitle || page.hero.title
      : (slot === "benefits" ? page.benefits : page.howItWorks).map((b) => b.title).join(", ");
  const parts = [
    `${IMAGE_SLOTS[slot].scene} for the landing page of ${appName}`,
    domain ? `a ${domain} app` : null,
    idea ? `The app: ${idea.slice(0, 300)}` : null,
    section ? `The section says: ${section.slice(0, 300)}` : null,
    "No words or letters in the picture",
    instructions.trim() ? `The creator asks: ${instructions.trim()}` : null,
  ];
  return parts.filter(Boolean).join(". ") + ".";
}

/** The first sentence of `text` (up to `max` characters, cut at a word), without its full stop. */
export function firstSentence(text: string, max = 120): string {
  const sentence = /^.*?[.!?](?=\s|$)/.exec(text.trim())?.[0] ?? text.trim();
  if (sentence.length <= max) return sentence.replace(/\.$/, "");
  return `${sentence.slice(0, max).replace(/\s+\S*$/, "")}…`;
}

/**
 * The words of a slot's designed cover (what the embedded default paints without a model): the hero
 * is the app's name over its practice and the first sentence of what the hero says; a section's is
 * its first item's title under what the section is, with the rest beneath (the page shows it under
 * the section's heading, which names the app). `variant` gives the same words another arrangement.
 */
export function coverWords({
  appName,
  domain,
  page,
  slot,
  variant,
}: Pick<ImagePromptInput, "appName" | "domain" | "page" | "slot"> & { variant?: string }): CoverWords {
  if (slot === "hero") {
    const subtitle = page.hero.subtitle
      ? firstSentence(page.hero.subtitle)
      : page.hero.title !== appName
        ? page.hero.title
        : undefined;
    return { kicker: domain ?? undefined, title: appName, subtitle, variant };
  }
  const items = (slot === "benefits" ? page.benefits : page.howItWorks).map((b) => b.title).filter(Boolean);
  return {
    kicker: slot === "benefits" ? "What you gain" : "How it works",
    title: items[0] ?? appName,
    subtitle: items.slice(1).join(" • ") || undefined,
    variant,
  };
}
