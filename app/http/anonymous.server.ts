/**
 * The anonymous visitor's cookie (spec 6: dx_non_auth_user_id, 'anon_' + UUID). The page's script
 * reads it too (it mirrors the id to local storage), so it is not HttpOnly.
 */
import { parse as parseCookie } from "cookie";
import { ANONYMOUS_ID } from "~/features/identity/anonymous.server";
import { ANONYMOUS_COOKIE } from "~/features/identity/rules";

/** The visitor's anonymous id from the cookie, when it is well formed. */
export function anonymousIdOf(request: Request): string | null {
  const value = parseCookie(request.headers.get("Cookie") ?? "")[ANONYMOUS_COOKIE];
  return value && ANONYMOUS_ID.test(value) ? value : null;
}

/** The Set-Cookie that keeps the id a year (or, with null, clears it). */
export function anonymousCookie(id: string | null, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  return id
    ? `${ANONYMOUS_COOKIE}=${id}; Max-Age=31536000; ${attributes}`
    : `${ANONYMOUS_COOKIE}=; Max-Age=0; ${attributes}`;
}
