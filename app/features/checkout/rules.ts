import type { CheckoutLine } from "~/db/schema";
import { sameSitePath } from "~/platform/redirect";
/** Checkout rules without I/O: payment_info, the embedded provider's test cards, splitting a total over lines. */

/** Query keys carried into payment_info, and the name each is stored under (spec 7 "purchase"). */
export const PAYMENT_INFO_KEYS: [query: string, field: string][] = [
  ["sessionSlug", "sessionSlug"],
  ["schoolSlug", "schoolSlug"],
  ["utm_campaign", "utm_campaign"],
  ["utm_content", "utm_content"],
  ["utm_medium", "utm_medium"],
  ["utm_source", "utm_source"],
  ["utm_term", "utm_term"],
  ["ref", "referrer"],
  ["code", "discountCode"],
  ["friend", "friend"],
  ["noPriceOffer", "noPriceOffer"],
  ["p", "p"],
];

/**
 * payment_info extended as spec 7 says: each key from the query, or else from what was stored
 * (attribution, the offer and VIP cookies). Values are trimmed and capped; empty ones are left out.
 */
export function paymentInfo(
  query: URLSearchParams,
  stored: Record<string, string | null | undefined>,
  base: Record<string, string> = {},
): Record<string, string> {
  const out: Record<string, string> = { ...base };
  for (const [key, field] of PAYMENT_INFO_KEYS) {
    // A key present but blank in the query does not hide what was stored.
    const value = (query.get(key)?.trim() || stored[key]?.trim() || "").slice(0, 200);
    if (value) out[field] = value;
  }
  return out;
}

export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "unknown";

export function cardBrand(number: string): CardBrand {
  if (/^4/.test(number)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  if (/^6(011|5)/.test(number)) return "discover";
  return "unknown";
}

/** The Luhn checksum every real card number passes. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const CARD_MESSAGES = {
  declined: "Your card was declined.",
  insufficientFunds: "Your card has insufficient funds.",
  invalidNumber: "Your card number is invalid.",
  expired: "Your card has expired.",
  notTestCard: "Your card was declined. This is a test checkout: use a test card such as 4242 4242 4242 4242.",
} as const;

/**
 * The embedded provider answers the well-known test numbers as Stripe's test mode does:
 * 4242 4242 4242 4242 (and the other success numbers) pay, 4000 0000 0000 0002 is declined, 4000 0000
 * 0000 9995 has insufficient funds. Any other number is declined: nothing real is ever charged.
 */
const SUCCEEDS = new Set([
  "4242424242424242",
  "4000056655665556",
  "5555555555554444",
  "2223003122003222",
  "5200828282828210",
  "378282246310005",
  "6011111111111117",
]);
const DECLINES: Record<string, string> = {
  "4000000000000002": CARD_MESSAGES.declined,
  "4000000000009995": CARD_MESSAGES.insufficientFunds,
};

export type CardOutcome =
  { ok: true; brand: CardBrand; last4: string } | { ok: false; message: string; field: "number" | "expiry" | null };

export function testCardOutcome(card: { number: string; expMonth: number; expYear: number }, now: Date): CardOutcome {
  const number = card.number.replace(/[\s-]/g, "");
  if (!luhnValid(number)) return { ok: false, message: CARD_MESSAGES.invalidNumber, field: "number" };
  const endOfExpiryMonth = Date.UTC(card.expYear, card.expMonth, 1);
  if (endOfExpiryMonth <= now.getTime()) return { ok: false, message: CARD_MESSAGES.expired, field: "expiry" };
  if (DECLINES[number]) return { ok: false, message: DECLINES[number], field: null };
  if (!SUCCEEDS.has(number)) return { ok: false, message: CARD_MESSAGES.notTestCard, field: null };
  return { ok: true, brand: cardBrand(number), last4: number.slice(-4) };
}

/** 'MM/YY' or 'MM / YYYY' to a month and a four-digit year; null when it is not a date. */
export function parseExpiry(raw: string): { expMonth: number; expYear: number } | null {
  const match = raw.trim().match(/^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/);
  if (!match) return null;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

/**
 * What each line actually cost once the discount and credit are taken off: the total split in
 * proportion to the line prices, in whole cents, the rounding left on the last line. Sums to total.
 */
export function allocateTotal(linePrices: number[], total: number): number[] {
  const subtotal = linePrices.reduce((a, b) => a + b, 0);
  if (linePrices.length === 0) return [];
  if (subtotal <= 0) return linePrices.map((_, i) => (i === linePrices.length - 1 ? total : 0));
  const shares = linePrices.map((price) => Math.floor((price * total) / subtotal));
  shares[shares.length - 1] += total - shares.reduce((a, b) => a + b, 0);
  return shares;
}

export type PurchaseType = "Purchased Product" | "Purchased Class" | "Subscription Purchase";

/** The analytics purchase type (spec 3): a subscription in the order makes it a subscription purchase. */
export function purchaseType(kinds: CheckoutLine["kind"][]): PurchaseType {
  if (kinds.some((k) => k === "subscription" || k === "app-plan" || k === "studio-tier"))
    return "Subscription Purchase";
  if (kinds.length > 0 && kinds.every((k) => k === "class")) return "Purchased Class";
  return "Purchased Product";
}

export const DISCOUNT_MESSAGES = {
  unknown: "This discount code is not valid.",
  expired: "This discount code has expired.",
  usedUp: "This discount code has been fully redeemed.",
  perUser: "You have already used this discount code.",
} as const;

/**
 * How long an open checkout holds its credit and its use of a discount code: a checkout left on the
 * payment page gives them back after an hour (Stripe's session is told to expire by then as well).
 */
export const CHECKOUT_HOLD_MS = 60 * 60_000;

/**
 * Whether a discount code can be used now, and why not. `uses`, when known, counts the uses other
 * buyers have taken (redeemed or held by an open checkout) and this buyer's own redemptions.
 */
export function discountProblem(
  code: {
    expiresAt: number | null;
    maxRedemptions: number | null;
    redemptions: number;
    maxRedemptionsPerUser?: number | null;
  } | null,
  now: number,
  uses: { taken: number; mine: number } = { taken: code?.redemptions ?? 0, mine: 0 },
): string | null {
  if (!code) return DISCOUNT_MESSAGES.unknown;
  if (code.expiresAt !== null && code.expiresAt <= now) return DISCOUNT_MESSAGES.expired;
  if (code.maxRedemptionsPerUser != null && uses.mine >= code.maxRedemptionsPerUser) return DISCOUNT_MESSAGES.perUser;
  if (code.maxRedemptions !== null && Math.max(code.redemptions, uses.taken) >= code.maxRedemptions)
    return DISCOUNT_MESSAGES.usedUp;
  return null;
}

/**
 * Where a paid checkout's buyer goes: the receipt page, or, for a checkout opened from elsewhere (an
 * app plan, a studio tier), the page it came from with the checkout's id, so that page can confirm it.
 */
export function successHref(session: { id: string; successPath: string | null }): string {
  // Stored paths are checked again: a row written before the rule was this strict must not send a buyer elsewhere.
  const successPath = sameSitePath(session.successPath);
  if (!successPath) return `/checkout/success?session_id=${session.id}`;
  const url = new URL(successPath, "http://local");
  url.searchParams.set("session_id", session.id);
  return url.pathname + url.search;
}

/** Where a buyer who cancels (or whose checkout closed) goes back to. */
export function cancelHref(session: { query: string; cancelPath: string | null }): string {
  return sameSitePath(session.cancelPath) ?? `/checkout${session.query}`;
}
