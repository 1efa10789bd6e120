/**
 * A visitor's "Get started" on a challenge, kept for the sign-in that follows: a short HttpOnly cookie
 * holding the challenge's slug, set by the challenge page's post (a POST, so it cannot be planted by a
 * link: cross-site posts are refused) and spent by the next sign-in on this browser (sign-in.server.ts),
 * which joins the challenge. 30 minutes: long enough to sign up, short enough to be about that visit.
 */
import { parse as parseCookie } from "cookie";

export const CHALLENGE_JOIN_COOKIE = "studio_challenge_join";
const MAX_AGE_SECONDS = 30 * 60;
const SLUG = /^[a-z0-9-]{1,100}$/;

/** The slug of the challenge this browser asked to join before signing in, when well formed. */
export function pendingChallengeOf(request: Request): string | null {
  const value = parseCookie(request.headers.get("Cookie") ?? "")[CHALLENGE_JOIN_COOKIE];
  return value && SLUG.test(value) ? value : null;
}

/** The Set-Cookie that keeps the pending join (or, with null, clears it). */
export function pendingChallengeCookie(slug: string | null, secure: boolean): string {
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  return slug
    ? `${CHALLENGE_JOIN_COOKIE}=${slug}; Max-Age=${MAX_AGE_SECONDS}; ${attributes}`
    : `${CHALLENGE_JOIN_COOKIE}=; Max-Age=0; ${attributes}`;
}
