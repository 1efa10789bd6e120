/**
 * Marketing attribution (spec 3 "Attribution record", spec 9): which query keys count, the record a
 * landing builds, first touch, the 30-day purge, the clearing rule, and what events, payment_info and
 * the person profile take from it. Pure: the server (cookies) and the browser (local storage) share it.
 */
import type { Attribution } from "./schema";

export type { Attribution };

/** The query keys that start a record (spec 3). */
export const ATTRIBUTION_QUERY_KEYS = [
  "utm_source",
  "utm_medium",
  "utm_term",
  "utm_campaign",
  "utm_content",
  "ref",
  "code",
  "source",
  "friend",
  "aaCampaign",
] as const;
export type AttributionQueryKey = (typeof ATTRIBUTION_QUERY_KEYS)[number];

/**
 * Kept with a record when the landing address carries them (spec 9 lists them with the attribution
 * keys), but they do not start one: p=vip is the VIP gate and slug names a program.
 */
export const ATTRIBUTION_EXTRA_KEYS = ["slug", "p"] as const;

export const UTM_KEYS = ["utm_source", "utm_medium", "utm_term", "utm_campaign", "utm_content"] as const;

/** Spec 9's clearing rule: what a purchase removes (noPriceOffer lives outside the record, in its own cookie and key). */
export const CLEARED_KEYS = [
  "ref",
  "code",
  "friend",
  ...UTM_KEYS,
  "aaCampaign",
  "source",
  "noPriceOffer",
  "p",
  "slug",
] as const;

export const ATTRIBUTION_MAX_AGE_MS = 30 * 86_400_000;
export const ATTRIBUTION_MAX_AGE_SECONDS = ATTRIBUTION_MAX_AGE_MS / 1000;

/** The server's copy: one cookie holding the record as JSON. */
export const ATTRIBUTION_COOKIE = "studio_attribution";
/** Spec 9: 'friend' is also kept in this cookie (path '/'). */
export const FRIEND_COOKIE = "friendReferral";
/** Spec 9: local storage 'attribution_{id}', id being the anonymous id or the user id. */
export const ATTRIBUTION_STORAGE_PREFIX = "attribution_";
export const attributionStorageKey = (id: string) => `${ATTRIBUTION_STORAGE_PREFIX}${id}`;

/** Spec 9 "Lead-source page markers": a landing page containing one is a lead or waitlist page. */
export const LEAD_PAGE_MARKERS = ["waitlist", "plugins-resource-page", "sf-music"] as const;

const VALUE_MAX = 100;
const LANDING_PAGE_MAX = 300;

const clean = (raw: string | null | undefined, max = VALUE_MAX) => (raw ?? "").trim().slice(0, max);

/** Whether the address carries any key that starts a record. */
export function carriesAttribution(query: URLSearchParams): boolean {
  return ATTRIBUTION_QUERY_KEYS.some((key) => clean(query.get(key)) !== "");
}

/**
 * The page as the visitor landed on it: a single-fetch data request (/path.data, /_root.data) names
 * the page it loads, and Remix's own parameters are dropped.
 */
export function landingPageOf(url: URL): string {
  const pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
  const params = new URLSearchParams(url.search);
  for (const name of ["_routes", "_data", "index"]) params.delete(name);
  const search = params.toString();
  return (search ? `${pathname}?${search}` : pathname).slice(0, LANDING_PAGE_MAX);
}

/** The record a landing starts: every key the address carries (trimmed, capped), the page and the time. */
export function buildAttribution(query: URLSearchParams, landingPage: string, now: number): Attribution {
  const record: Record<string, string> = {};
  for (const key of [...ATTRIBUTION_QUERY_KEYS, ...ATTRIBUTION_EXTRA_KEYS]) {
    const value = clean(query.get(key));
    if (value) record[key] = value;
  }
  return {
    ...record,
    landingPage: landingPage.slice(0, LANDING_PAGE_MAX) || "/",
    timestamp: new Date(now).toISOString(),
  };
}

/** Older than 30 days (or with a time that cannot be read, or from the future): purged. */
export function isExpired(record: Pick<Attribution, "timestamp">, now: number): boolean {
  const at = Date.parse(record.timestamp);
  if (!Number.isFinite(at)) return true;
  return now - at > ATTRIBUTION_MAX_AGE_MS || at - now > 60_000;
}

export type Resolution = { record: Attribution | null; change: "none" | "start" | "purge" };

/**
 * First touch: a request carrying any key starts a record only when none is stored or the stored one
 * is older than 30 days; otherwise the stored record stays as it is. An expired record with nothing
 * new to replace it is purged.
 */
export function resolveAttribution(
  stored: Attribution | null,
  query: URLSearchParams,
  landingPage: string,
  now: number,
): Resolution {
  const live = stored && !isExpired(stored, now) ? stored : null;
  if (live) return { record: live, change: "none" };
  if (carriesAttribution(query)) return { record: buildAttribution(query, landingPage, now), change: "start" };
  return { record: null, change: stored ? "purge" : "none" };
}

/** Spec 9's clearing rule applied to a stored entry: what is left once the cleared keys are gone. */
export function afterClearing<T extends Record<string, unknown>>(entry: T): Partial<T> {
  const out: Record<string, unknown> = { ...entry };
  for (const key of CLEARED_KEYS) delete out[key];
  return out as Partial<T>;
}

/**
 * Local storage keys to remove: attribution entries older than 30 days or unreadable (not JSON with a
 * capture time). The browser runs this on every page, so it reads only the time, without the schema
 * (parseAttribution, server-side, keeps zod out of every page's JavaScript).
 */
export function purgeableKeys(entries: [key: string, value: string | null][], now: number): string[] {
  return entries
    .filter(([key]) => key.startsWith(ATTRIBUTION_STORAGE_PREFIX))
    .filter(([, value]) => {
      const timestamp = capturedAt(value);
      return timestamp === null || isExpired({ timestamp }, now);
    })
    .map(([key]) => key);
}

/** A stored entry's capture time, or null when it is not a JSON object with one. */
function capturedAt(value: string | null): string | null {
  try {
    const parsed: unknown = JSON.parse(value ?? "");
    const timestamp = parsed && typeof parsed === "object" ? (parsed as { timestamp?: unknown }).timestamp : null;
    return typeof timestamp === "string" ? timestamp : null;
  } catch {
    return null;
  }
}

/** Spec 7: event properties are merged with the utm_* fields and slug. */
export function eventAttribution(record: Attribution | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!record) return out;
  for (const key of [...UTM_KEYS, "slug"] as const) if (record[key]) out[key] = record[key]!;
  return out;
}

/** The stored half of payment_info (spec 7), under the query's names: paymentInfo() maps ref to referrer and code to discountCode. */
export function paymentAttribution(record: Attribution | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!record) return out;
  for (const key of [...UTM_KEYS, "ref", "code", "friend", "p"] as const) if (record[key]) out[key] = record[key]!;
  return out;
}

/** Spec 7: the attribution keys, except aaCampaign, recorded once on the person profile. */
export function profileAttribution(record: Attribution | null | undefined): Record<string, string> | null {
  if (!record) return null;
  const { aaCampaign: _campaign, ...rest } = record;
  return rest as Record<string, string>;
}

/**
 * Spec 7's 'lead source info', set once per user: where the person came from, and whether that was a
 * lead or waitlist page (spec 9's markers) or otherwise a checkout initiation.
 */
export function leadSourceInfo(
  record: Attribution | null | undefined,
  fallbackPage: string | null = null,
): Record<string, string> {
  const landingPage = record?.landingPage ?? fallbackPage ?? "";
  const path = landingPage.split("?")[0];
  const out: Record<string, string> = {
    leadSource: LEAD_PAGE_MARKERS.some((marker) => path.includes(marker)) ? "lead page" : "checkout initiation",
  };
  if (landingPage) out.landingPage = landingPage;
  for (const key of ["utm_source", "utm_medium", "utm_campaign", "ref", "source"] as const)
    if (record?.[key]) out[key] = record[key]!;
  return out;
}
