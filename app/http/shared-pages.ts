/**
 * Shared pages (issue 17 goal 1): the anonymous pages every visitor without a session sees alike are
 * rendered once and served to each such visitor from Cloudflare's cache (shared-pages.server.ts).
 * These are the rules that decide, before anything is read, whether a request may get the shared
 * copy and under which key. Pure.
 *
 * Correctness comes first, so the rule is an allow list: a page, its known query parameters, and
 * only cookies known not to change the page. Anything else (a session, a toast, a cart, a VIP visit, a
 * campaign, an auth modal in the address, a cookie we do not know) gets the page rendered for that
 * visitor alone, as before.
 */
import { parse as parseCookie } from "cookie";
import { ATTRIBUTION_COOKIE } from "~/features/attribution/rules";
import { HOME_HERO_EXPERIMENT, VARIANTS_COOKIE } from "~/features/experiments/rules";
import { ANONYMOUS_COOKIE } from "~/features/identity/anonymous-id";
import { EXPIRATION_COOKIE, LAST_SEEN_COOKIE, NO_PRICE_OFFER } from "~/features/offers/rules";
import { BOOKMARK_COOKIE } from "./d1-session.server";

/** The cookie that says this visitor's cart has something in it (set by the cart form and the root loader). */
export const CART_MARK_COOKIE = "studio_cart";

/** The theme cookie: it changes the page, so each theme has its own copy. */
export const THEME_COOKIE = "studio_theme";

/**
 * The pages that may be shared, the query parameters each may carry (any other: not shared), and the
 * experiments whose variant the page shows: such a page has one copy per variant, and the worker
 * assigns and counts each visitor (shared-pages.server.ts).
 */
const SHARED_PAGES: { pattern: RegExp; query: readonly string[]; experiments?: readonly string[] }[] = [
  { pattern: /^\/$/, query: [], experiments: [HOME_HERO_EXPERIMENT] },
  // The catalogue's every view, filter, search and cursor (features/catalog/schema.ts browseQuery).
  { pattern: /^\/classes$/, query: ["view", "category", "search", "topics", "genres", "cursor"] },
  { pattern: /^\/classes\/[^/]+\/[^/]+$/, query: [] },
  { pattern: /^\/collections\/[^/]+$/, query: [] },
  { pattern: /^\/schools\/[^/]+$/, query: [] },
  { pattern: /^\/school\/music$/, query: [] },
  { pattern: /^\/creators\/[^/]+$/, query: [] },
  { pattern: /^\/apps\/[^/]+\/[^/]+$/, query: [] },
];

/**
 * Cookies a shared copy may be served with. The anonymous id and the attribution record are the
 * visitor's own and never reach the shared render (the worker uses them for the visitor's page view
 * and cookies); the offer memory is checked against the copy (offerMemoryFits); the theme is part of
 * the key; the D1 bookmark only says how fresh the visitor's reads must be.
 */
const NEUTRAL_COOKIES = new Set([
  ANONYMOUS_COOKIE,
  ATTRIBUTION_COOKIE,
  EXPIRATION_COOKIE,
  LAST_SEEN_COOKIE,
  THEME_COOKIE,
  // The D1 bookmark of the visitor's last write: what they wrote (a cart) is marked by its own cookie.
  BOOKMARK_COOKIE,
  // The visitor's experiment variants: part of the key (shared-pages.server.ts).
  VARIANTS_COOKIE,
]);

/** Cookies Cloudflare itself sets on the site (bot management, load balancing): not ours, not read by the page. */
const PLATFORM_COOKIE = /^(__cf|_cf|cf_)/;

export type SharedPageDecision =
  | { shared: true; key: string; cookies: Record<string, string | undefined>; experiments: readonly string[] }
  | { shared: false; reason: string; page: boolean };

/** Whether this request may get the shared copy of its page, and the copy's key (without the theme). */
export function sharedPageFor(method: string, url: URL, cookieHeader: string | null): SharedPageDecision {
  const page = SHARED_PAGES.find((p) => p.pattern.test(url.pathname));
  if (!page) return { shared: false, reason: "not a shared page", page: false };
  if (method !== "GET") return { shared: false, reason: "not a GET", page: true };
  const params = [...url.searchParams.keys()];
  const unknown = params.find((name) => !page.query.includes(name));
  if (unknown !== undefined) return { shared: false, reason: `query ${unknown}`, page: true };
  const cookies = parseCookie(cookieHeader ?? "");
  const personal = Object.keys(cookies).find((name) => !NEUTRAL_COOKIES.has(name) && !PLATFORM_COOKIE.test(name));
  if (personal !== undefined) return { shared: false, reason: `cookie ${personal}`, page: true };
  // One copy per page whatever the order of its parameters; the first of a repeated one wins, as in parseQuery.
  const query = new URLSearchParams();
  for (const name of [...new Set(params)].sort()) query.set(name, url.searchParams.get(name) ?? "");
  const search = query.size ? `?${query}` : "";
  return { shared: true, key: `${url.pathname}${search}`, cookies, experiments: page.experiments ?? [] };
}

/**
 * What a shared copy remembers of the countdown offer: the offer cookies its render (for a visitor the
 * offer had never seen) set. Null when the page decided no offer.
 */
export type CopyOffer = { expirationDateSeen: string | null; noPriceOffer: string | null } | null;

/**
 * Whether this visitor's offer memory gives the same page as the copy's: the offer never seen, or the
 * very offer the copy shows (spec 4 rules 6a and 6b show the same prices). A visitor in a cooldown
 * (6c) or back for a new offer (6d) gets their own render.
 */
export function offerMemoryFits(copy: CopyOffer, cookies: Record<string, string | undefined>): boolean {
  const expiration = cookies[EXPIRATION_COOKIE];
  const lastSeen = cookies[LAST_SEEN_COOKIE];
  if (copy === null) return true;
  if (expiration === undefined && lastSeen === undefined) return true;
  return copy.expirationDateSeen !== null && expiration === copy.expirationDateSeen;
}

/** The offer cookies the copy's render set, as the copy remembers them; the last-seen time is each visitor's own. */
export function offerCookiesOf(setCookies: string[]): CopyOffer {
  const valueOf = (name: string) => {
    const found = setCookies.find((c) => c.startsWith(`${name}=`));
    return found === undefined ? undefined : decodeURIComponent(found.slice(name.length + 1).split(";")[0]);
  };
  const expirationDateSeen = valueOf(EXPIRATION_COOKIE);
  const noPriceOffer = valueOf(NO_PRICE_OFFER);
  if (expirationDateSeen === undefined && noPriceOffer === undefined) return null;
  return { expirationDateSeen: expirationDateSeen ?? null, noPriceOffer: noPriceOffer ?? null };
}

/** The Set-Cookie names a shared render may answer with: the offer memory, replayed per visitor. Any other: not shared. */
export const REPLAYED_COOKIES = new Set([EXPIRATION_COOKIE, LAST_SEEN_COOKIE, NO_PRICE_OFFER]);
