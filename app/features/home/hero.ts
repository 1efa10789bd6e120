/**
 * The home hero (spec "Hero data"). {product} is the product name; prices come from the catalogue;
 * the words may be changed by the 'homepage-hero' flag (features/flags/hero.ts), whose B words the
 * 'home-hero' experiment's variant B shows.
 */
import type { HeroPayload } from "~/features/flags/hero";
import { formatCents } from "~/platform/format";

/** The spec's hero data. */
export interface HeroData {
  title: string;
  description: string;
  pricingText: string;
  titleB: string | null;
  descriptionB: string | null;
  descriptionAfterCountdown: string | null;
  /** ISO. */
  countdownEndDate: string | null;
  yellowBannerLinkUrl: string | null;
  backgroundUrl: string;
  mobileBackgroundUrl: string;
}

/** What the page shows: one variant's words, with the countdown resolved at `now`. */
export interface HeroView {
  variant: string;
  title: string;
  description: string;
  pricingText: string;
  /** Set while the countdown runs: when the description switches (ISO). */
  switchesAt: string | null;
  afterCountdown: string | null;
  yellowBannerLinkUrl: string | null;
  backgroundUrl: string;
  mobileBackgroundUrl: string;
}

export function heroData(
  productName: string,
  prices: { lowestClassCents: number | null; membershipCents: number | null },
  words: HeroPayload = {},
): HeroData {
  const parts = [
    prices.lowestClassCents !== null
      ? `Classes from ${formatCents(prices.lowestClassCents, { dropZeroCents: true })}`
      : null,
    prices.membershipCents !== null
      ? `or every class with ${productName} Membership for ${formatCents(prices.membershipCents, { dropZeroCents: true })} a year`
      : null,
  ].filter(Boolean);
  return {
    title: words.title ?? "Learn music from the artists who make it",
    description:
      words.description ??
      `Guitar, piano, vocals, production, DJing and more: step-by-step video classes from working musicians. Watch at your pace, keep your progress on every device, and play along from lesson one.`,
    pricingText: parts.length ? `${parts.join(", ")}.` : "",
    titleB: words.titleB ?? null,
    descriptionB: words.descriptionB ?? null,
    descriptionAfterCountdown: words.descriptionAfterCountdown ?? null,
    countdownEndDate: words.countdownEndDate ?? null,
    yellowBannerLinkUrl: words.yellowBannerLinkUrl ?? null,
    backgroundUrl: "/hero/desktop.svg",
    mobileBackgroundUrl: "/hero/mobile.svg",
  };
}

/**
 * The hero a visitor in `variant` sees: B shows titleB and descriptionB (each falling back to A's
 * when unset); once countdownEndDate has passed, the after-countdown description replaces either.
 */
export function heroView(hero: HeroData, variant: string, now: number): HeroView {
  const isB = variant === "B";
  const end = hero.countdownEndDate ? Date.parse(hero.countdownEndDate) : NaN;
  const ended = Number.isFinite(end) && now >= end;
  const description = (isB ? hero.descriptionB : null) ?? hero.description;
  return {
    variant,
    title: (isB ? hero.titleB : null) ?? hero.title,
    description: ended && hero.descriptionAfterCountdown ? hero.descriptionAfterCountdown : description,
    pricingText: hero.pricingText,
    switchesAt: Number.isFinite(end) && !ended ? new Date(end).toISOString() : null,
    afterCountdown: hero.descriptionAfterCountdown,
    yellowBannerLinkUrl: hero.yellowBannerLinkUrl,
    backgroundUrl: hero.backgroundUrl,
    mobileBackgroundUrl: hero.mobileBackgroundUrl,
  };
}
