/**
 * The security headers every answer of the worker carries (workers/app.ts applies them):
 * - HTML pages: a Content-Security-Policy whose scripts run only from our origin or with this
 *   request's nonce (Remix's inline hydration scripts carry it: entry.server.tsx, root.tsx);
 * - everything else (JSON, redirects, data loads, media): a policy that allows nothing, so an answer
 *   opened as a document can never run or load anything;
 * - on both: no framing by anyone (frame-ancestors 'none', X-Frame-Options DENY), a referrer policy,
 *   a permissions policy and nosniff.
 */

/** The players a lesson may embed on /watch (features/learning/rules.ts lessonMedia builds their addresses). */
export const LESSON_EMBED_ORIGINS = [
  "https://www.youtube-nocookie.com",
  "https://player.vimeo.com",
  "https://open.spotify.com",
  "https://www.tiktok.com",
] as const;

/** Features no page uses: nothing on the site, nor any embed, may ask for them. */
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()";

export const REFERRER_POLICY = "strict-origin-when-cross-origin";

/** A fresh nonce for one response: 128 random bits, base64. */
export function cspNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** The origin a Sentry DSN sends its events to, or null without a (valid) DSN. */
function sentryOrigin(dsn: string | undefined): string | null {
  if (!dsn) return null;
  try {
    const url = new URL(dsn);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

export interface PolicyOptions {
  nonce: string;
  /** With error reporting on, the browser sends its events to the DSN's host. */
  sentryDsn?: string;
}

/**
 * The policy of an HTML page. Scripts: our own files (the client build, the lazily loaded recharts
 * and Sentry chunks) and inline scripts with the nonce; never 'unsafe-inline' or 'unsafe-eval'.
 * Styles allow inline style attributes (components and charts set them). Images and videos may come
 * from any https address (a landing page's hero image, a lesson's video file). 'self' in
 * connect-src covers the realtime WebSocket on our own host (/parties/*).
 */
export function htmlPolicy({ nonce, sentryDsn }: PolicyOptions): string {
  const sentry = sentryOrigin(sentryDsn);
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${sentry ? ` ${sentry}` : ""}`,
    `frame-src ${LESSON_EMBED_ORIGINS.join(" ")}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Everything that is not a page: nothing may run or load, and nobody may frame it. */
export const NON_HTML_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Sets the headers on a response's (mutable) headers: the page policy for HTML, the closed one otherwise. */
export function applySecurityHeaders(headers: Headers, options: PolicyOptions): void {
  const html = (headers.get("Content-Type") ?? "").startsWith("text/html");
  headers.set("Content-Security-Policy", html ? htmlPolicy(options) : NON_HTML_POLICY);
  headers.set("X-Frame-Options", "DENY");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", REFERRER_POLICY);
  headers.set("Permissions-Policy", PERMISSIONS_POLICY);
}

/**
 * The response with the security headers: set in place, or on a copy when its headers are immutable
 * (a fetched response). A WebSocket upgrade (101) is left alone.
 */
export function withSecurityHeaders(response: Response, options: PolicyOptions): Response {
  if (response.status === 101) return response;
  try {
    applySecurityHeaders(response.headers, options);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    applySecurityHeaders(copy.headers, options);
    return copy;
  }
}
