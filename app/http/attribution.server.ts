/**
 * Attribution over HTTP (its rules are in features/attribution/rules.ts): the record lives in one
 * cookie (studio_attribution, JSON, 30 days) plus friendReferral for 'friend' (spec 9), so landings
 * are captured without JavaScript. The worker resolves it once per request (workers/app.ts): the
 * record goes into the request's context for events and payment_info, and the cookies that changed
 * go onto the response.
 */
import { parse as parseCookie, serialize } from "cookie";
import { NO_PRICE_OFFER } from "~/features/offers/rules";
import { VIP_GATE_COOKIE } from "~/features/offers/vip";
import {
  ATTRIBUTION_COOKIE,
  ATTRIBUTION_MAX_AGE_SECONDS,
  FRIEND_COOKIE,
  landingPageOf,
  resolveAttribution,
  type Attribution,
} from "~/features/attribution/rules";
import { parseAttribution } from "~/features/attribution/schema";

/**
 * Addresses whose query is not a marketing landing: the JSON API and Remix's manifest (machine
 * calls), the OAuth return (its 'code' is the provider's), checkout (its 'code' is the discount form's
 * state, written by the apply-code redirect), development pages and media.
 */
const NOT_LANDINGS = /^\/(api|auth\/callback|checkout|dev|media|build|__manifest)(\/|$)/;

/** Browsers drop cookies over 4 KB; a record that would not fit is stored shortened. */
const COOKIE_BUDGET = 3800;

function cookieOptions(request: Request) {
  return { path: "/", sameSite: "lax" as const, secure: new URL(request.url).protocol === "https:" };
}

/** The record the attribution cookie holds, or null (absent, unreadable). Not checked for age. */
export function storedAttribution(request: Request): Attribution | null {
  const raw = parseCookie(request.headers.get("Cookie") ?? "")[ATTRIBUTION_COOKIE];
  return raw ? parseAttribution(raw) : null;
}

function serializeRecord(request: Request, record: Attribution): string {
  const options = { ...cookieOptions(request), httpOnly: true, maxAge: ATTRIBUTION_MAX_AGE_SECONDS };
  let header = serialize(ATTRIBUTION_COOKIE, JSON.stringify(record), options);
  if (header.length > COOKIE_BUDGET) {
    const short = Object.fromEntries(
      Object.entries(record).map(([key, value]) => [key, key === "timestamp" ? value : String(value).slice(0, 40)]),
    );
    header = serialize(ATTRIBUTION_COOKIE, JSON.stringify(short), options);
  }
  return header;
}

/**
 * This request's attribution and the Set-Cookie headers it needs: a record started by this landing
 * (with friendReferral when it names a friend), or an expired record purged. GET requests to pages
 * only; everything else just reads what is stored.
 */
export function attributionForRequest(
  request: Request,
  url: URL,
  now: number,
): { record: Attribution | null; setCookies: string[] } {
  const stored = storedAttribution(request);
  const landing = request.method === "GET" && !NOT_LANDINGS.test(url.pathname);
  const { record, change } = resolveAttribution(
    stored,
    landing ? url.searchParams : new URLSearchParams(),
    landingPageOf(url),
    now,
  );
  if (change === "none") return { record, setCookies: [] };
  if (change === "purge") return { record: null, setCookies: clearingCookies(request, { attributionOnly: true }) };
  const setCookies = [serializeRecord(request, record!)];
  if (record!.friend)
    setCookies.push(
      serialize(FRIEND_COOKIE, record!.friend, { ...cookieOptions(request), maxAge: ATTRIBUTION_MAX_AGE_SECONDS }),
    );
  return { record, setCookies };
}

/**
 * Spec 9's clearing rule on the server, after a purchase: the record (ref, code, utm_*, aaCampaign,
 * source, slug), friendReferral, and the cookies behind noPriceOffer and p (the VIP gate). The page's
 * script then drops the local storage copies, which mirror these cookies.
 */
export function clearingCookies(request: Request, { attributionOnly = false } = {}): string[] {
  const expired = { ...cookieOptions(request), maxAge: 0 };
  const names = attributionOnly
    ? [ATTRIBUTION_COOKIE, FRIEND_COOKIE]
    : [ATTRIBUTION_COOKIE, FRIEND_COOKIE, NO_PRICE_OFFER, VIP_GATE_COOKIE];
  return names.map((name) => serialize(name, "", expired));
}

/** Appends Set-Cookie headers to a response (a copy when its headers are immutable; never a WebSocket upgrade). */
export function withSetCookies(response: Response, cookies: string[]): Response {
  if (cookies.length === 0 || response.status === 101) return response;
  try {
    for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const cookie of cookies) copy.headers.append("Set-Cookie", cookie);
    return copy;
  }
}
