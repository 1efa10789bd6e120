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

/**
 * The token APIs other sites' apps call from the browser: the identity API (the hosted user pool's
 * wire format, which Amplify and amazon-cognito-identity-js call from any site) and hosted login's
 * token and userInfo endpoints. They read no cookie (tokens, codes and secrets travel in the body or
 * the Authorization header), so a call from another site can do nothing a script there could not do
 * anyway: they answer any origin, with CORS, and are not refused as cross-site.
 */
export const TOKEN_APIS: ReadonlySet<string> = new Set([
  "/api/identity",
  "/api/identity/",
  "/oauth2/token",
  "/oauth2/userInfo",
]);

/**
 * Forms other sites' pages post to us that change nothing here: hosted login's authorization request
 * (OpenID Connect Core §3.1.2.1 has the endpoint take POST as well as GET). Its answer is only a
 * redirect (to the GET with the same parameters, or back to the app with an error) or a page saying
 * the request is not valid; the GET it leads to does what a link to it would. So a post from another
 * site can do nothing a link there could not, and it is not refused as cross-site.
 */
export const AUTHORIZATION_FORMS: ReadonlySet<string> = new Set(["/oauth2/authorize"]);

const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST, GET, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type, X-Amz-Target, X-Amz-User-Agent, Authorization",
  "Access-Control-Max-Age": "86400",
};

/** The answer to a browser's preflight for a token API. */
export function corsPreflight(): Response {
  return new Response(null, { status: 204, headers: CORS_HEADERS });
}

/** A token API's answer, readable by a page on any site (no credentials: `*` allows none). */
export function withCors(response: Response): Response {
  const answer = new Response(response.body, response);
  answer.headers.set("Access-Control-Allow-Origin", "*");
  return answer;
}
