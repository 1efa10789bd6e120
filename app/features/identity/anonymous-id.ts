/**
 * The anonymous visitor's id (spec 9), read on both sides: the server's requests and the page's own
 * document.cookie. Its own small module, since every page's JavaScript needs it and nothing else of the
 * identity rules.
 */
import { parse as parseCookie } from "cookie";

/** Spec 9: the anonymous visitor id's cookie and local storage key. */
export const ANONYMOUS_COOKIE = "dx_non_auth_user_id";

/** A well-formed anonymous id: 'anon_' + a UUID. */
export const ANONYMOUS_ID = /^anon_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The anonymous id in a Cookie header (or document.cookie), when well formed. */
export function anonymousIdInCookies(cookies: string): string | null {
  const value = parseCookie(cookies)[ANONYMOUS_COOKIE];
  return value && ANONYMOUS_ID.test(value) ? value : null;
}
