/** Where a request comes from, as plain values for services: the visitor's location and our page it came from. */
import type { SignInPlace } from "~/features/analytics/identify.server";

/** Where the request says the visitor is (Cloudflare's request.cf), when it says. */
export function locationOf(request: Request): { city: string | null; countryCode: string | null } {
  const cf = (request as Request & { cf?: { city?: unknown; country?: unknown } }).cf;
  const city = typeof cf?.city === "string" && cf.city ? cf.city.slice(0, 100) : null;
  const countryCode = typeof cf?.country === "string" && /^[A-Z]{2}$/.test(cf.country) ? cf.country : null;
  return { city, countryCode };
}

/** The page a request came from (path and query), when it is one of ours; null otherwise. */
export function sameOriginReferer(request: Request): string | null {
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const from = new URL(referer);
    return from.origin === new URL(request.url).origin ? from.pathname + from.search : null;
  } catch {
    return null;
  }
}

/**
 * Where a sign-in (or an identify call) comes from. Cloudflare's location wins; a caller's own
 * (the identify call's traits) fills what it does not know.
 */
export function placeOf(
  request: Request,
  fallback: { city?: string | null; countryCode?: string | null } = {},
): SignInPlace {
  const here = locationOf(request);
  return {
    city: here.city ?? fallback.city ?? null,
    countryCode: here.countryCode ?? fallback.countryCode ?? null,
    referer: sameOriginReferer(request),
  };
}
