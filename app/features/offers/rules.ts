/**
 * The countdown offer (spec 4): which price a visitor sees. Pure: the server feeds it the cookies,
 * the user's offersSeenInfo and the clock, then writes back what it decided (cookies, the sighting).
 */

import type { OfferFields, PriceInfo, ShownPrice } from "~/features/catalog/rules";

export type { OfferFields, PriceInfo, ShownPrice };

export const OFFER_NAME = "studioCountdownMainCycleOffer";
export const EXPIRATION_COOKIE = `${OFFER_NAME}_expirationDateSeen`;
export const LAST_SEEN_COOKIE = `${OFFER_NAME}_lastSeenCurrentOffer`;
/** 'true' while the visitor is inside the cooldown and sees regular prices. */
export const NO_PRICE_OFFER = "noPriceOffer";
/** After one offer cycle, another offer is not shown for 26 days (unless p=vip). */
export const OFFER_COOLDOWN_MS = 2_246_400_000;
/** A sighting is saved at most once per 5 minutes. */
export const OFFER_SAVE_THROTTLE_MS = 300_000;

/** What the visitor has seen: the cookies merged with the user's offersSeenInfo. Epoch ms. */
export interface OfferMemory {
  expirationDateSeen: number | null;
  lastSeenCurrentOffer: number | null;
  noPriceOffer: boolean;
}

export interface OfferContext {
  now: number;
  /** p=vip on the page (or remembered from an earlier page). */
  isVip: boolean;
  /** Only a browser can be waiting for the user; the server always knows. */
  userLoading?: boolean;
}

export interface OfferDecision {
  show: boolean;
  /** The memory after this decision (what the cookies should now hold). */
  memory: OfferMemory;
  /** Whether the sighting is recorded (saveLastSeenOfferInfo). */
  recordSighting: boolean;
  /** Which of spec 4's rules decided, for tests and debugging. */
  rule: 1 | 2 | 3 | 4 | 5 | "6a" | "6b" | "6c" | "6d";
}

const epoch = (value: string | number | null): number | null => {
  if (value === null) return null;
  const ms = typeof value === "number" ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
};

/** Spec 4's seven ordered rules, for one product. */
export function decideOffer(product: OfferFields, memory: OfferMemory, ctx: OfferContext): OfferDecision {
  const offerDate = epoch(product.crossedPriceApplicableFrom);
  const hide = (rule: OfferDecision["rule"], next: OfferMemory = memory): OfferDecision => ({
    show: false,
    memory: next,
    recordSighting: false,
    rule,
  });
  if (offerDate === null) return hide(1);
  if (product.specialOnlyVip && !ctx.isVip) return hide(2, { ...memory, noPriceOffer: false });
  if (ctx.now > offerDate) return hide(3);
  if (product.shouldNotHideDiscount)
    return { show: true, memory: { ...memory, noPriceOffer: false }, recordSighting: false, rule: 4 };
  if (ctx.userLoading) return hide(5, { ...memory, noPriceOffer: false });

  const { expirationDateSeen, lastSeenCurrentOffer } = memory;
  if (expirationDateSeen === null && lastSeenCurrentOffer === null) {
    return {
      show: true,
      memory: { ...memory, expirationDateSeen: offerDate, lastSeenCurrentOffer: ctx.now },
      recordSighting: true,
      rule: "6a",
    };
  }
  if (expirationDateSeen === offerDate) {
    // Shown, so the 'noPriceOffer' marker of an earlier cooldown no longer holds.
    return {
      show: true,
      memory: { ...memory, lastSeenCurrentOffer: ctx.now, noPriceOffer: false },
      recordSighting: true,
      rule: "6b",
    };
  }
  if (lastSeenCurrentOffer !== null && ctx.now - lastSeenCurrentOffer < OFFER_COOLDOWN_MS && !ctx.isVip) {
    return hide("6c", { ...memory, noPriceOffer: true });
  }
  return {
    show: true,
    memory: { expirationDateSeen: offerDate, lastSeenCurrentOffer: ctx.now, noPriceOffer: false },
    recordSighting: true,
    rule: "6d",
  };
}

/**
 * The cookies and the user's offersSeenInfo together: the user's value wins where it is larger or
 * the cookie is missing.
 */
export function mergeMemory(
  cookies: { expirationDateSeen: number | null; lastSeenCurrentOffer: number | null; noPriceOffer: boolean },
  seen: { expirationDateSeen?: number; lastSeenCurrentOffer?: number } | undefined,
): OfferMemory {
  const larger = (cookie: number | null, stored: number | undefined) =>
    typeof stored === "number" && (cookie === null || stored > cookie) ? stored : cookie;
  return {
    expirationDateSeen: larger(cookies.expirationDateSeen, seen?.expirationDateSeen),
    lastSeenCurrentOffer: larger(cookies.lastSeenCurrentOffer, seen?.lastSeenCurrentOffer),
    noPriceOffer: cookies.noPriceOffer,
  };
}

/** A cookie's epoch-ms value, or null when absent or not a number. */
export function parseEpoch(raw: string | undefined | null): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

export function shownPrice(info: PriceInfo, offerShown: boolean, offerEndsAt: string | number | null): ShownPrice {
  const regular = info.crossedPrice ?? info.price;
  if (!offerShown || regular <= info.price)
    return { price: offerShown ? info.price : regular, crossedPrice: null, offerEndsAt: null };
  const ends = epoch(offerEndsAt);
  return { price: info.price, crossedPrice: regular, offerEndsAt: ends === null ? null : new Date(ends).toISOString() };
}

/** Whether a sighting should be saved now, given when the last one was (spec 9's 5-minute throttle). */
export function shouldSaveSighting(lastSavedAt: number | null | undefined, now: number): boolean {
  return typeof lastSavedAt !== "number" || now - lastSavedAt >= OFFER_SAVE_THROTTLE_MS;
}
