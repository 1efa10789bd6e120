import { sameSitePath } from "./redirect";

/**
 * The spec's global route rules, decided before Remix sees the request:
 * - a page other than /auth/callback loaded with both 'code=' and 'state=' in its query string goes to
 *   /auth/callback with the same query string (an OAuth provider returned to the wrong page);
 * - a path containing an encoded plus sign ('%2B') goes to its decoded form, when that is a path of
 *   this site ('//evil.example/%2B' is a path to the server but, as a Location, another site).
 * Returns the address to redirect to, or null to carry on.
 */
export function globalRedirect(url: URL, method: string): string | null {
  if (method !== "GET" && method !== "HEAD") return null;
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/build/")) return null;
  const query = url.search.slice(1);
  if (url.pathname !== "/auth/callback" && query.includes("code=") && query.includes("state=")) {
    return `/auth/callback${url.search}`;
  }
  if (/%2B/i.test(url.pathname)) {
    return sameSitePath(url.pathname.replace(/%2B/gi, "+") + url.search);
  }
  return null;
}

/**
 * The development-only pages (/dev/*, and their .data loads): outside development and the tests they
 * do not exist, for any method, whatever a route file under app/routes/dev.* does.
 */
export function isDevelopmentPath(pathname: string): boolean {
  return pathname === "/dev" || pathname.startsWith("/dev/") || pathname.startsWith("/dev.");
}

/** The IANA zone named by the User-Browser-Timezone header, or undefined when absent or unknown. */
export function browserTimeZone(header: string | null): string | undefined {
  if (!header || header.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: header }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** A state-changing request from another site: its Origin (or Sec-Fetch-Site) says so. Requests without either (curl, servers) pass. */
export function isCrossSite(request: Request, url: URL): boolean {
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null" && origin !== url.origin) return true;
  if (origin === "null") return true;
  return request.headers.get("Sec-Fetch-Site") === "cross-site";
}
