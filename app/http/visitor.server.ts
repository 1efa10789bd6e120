/**
 * Who is asking. The one place a request is turned into a visitor: the signed-in user (the session
 * cookie; for the JSON API also a bearer token) and the anonymous id this browser carries. Routes
 * resolve the visitor here and hand plain values to feature services.
 */
import { redirect } from "@remix-run/cloudflare";
import type { CartRow, UserRow } from "~/db/schema";
import { readCart } from "~/features/cart/cart.server";
import { newAnonymousId } from "~/features/identity/anonymous.server";
import { anonymousCookie, anonymousIdOf } from "./anonymous.server";
import type { AppContext } from "~/platform/context";
import { isSecureRequest } from "~/platform/http.server";
import { isRead, oncePerRead } from "./once-per-read.server";
import { apiUserOf, BEARER_KINDS, sessionUserOf, signedInShellOf, type BearerKind } from "./session.server";

export interface Visitor {
  /** The signed-in user, or null. */
  user: UserRow | null;
  /** The well-formed anonymous id of this browser's visitor cookie, or null. */
  anonymousId: string | null;
}

/**
 * The visitor of a screen (session cookie) or, with `bearer`, of an API call (bearer token first, of
 * the kinds `bearerKinds` names: by default access and app tokens).
 */
export async function visitorOf(
  app: AppContext,
  request: Request,
  { bearer = false, bearerKinds = BEARER_KINDS }: { bearer?: boolean; bearerKinds?: readonly BearerKind[] } = {},
): Promise<Visitor> {
  const user = bearer ? await apiUserOf(app, request, bearerKinds) : await sessionUserOf(app, request);
  return { user, anonymousId: anonymousIdOf(request) };
}

/**
 * A screen visitor's cart items and whether they are a member (active or trial; null when their
 * membership could not be read). A signed-in visitor's came with the session (the page's one shell
 * query); an anonymous visitor's cart is read, and they are no member.
 */
export async function cartAndMembershipOf(
  app: AppContext,
  request: Request,
  { user, anonymousId }: Visitor,
): Promise<{ cartItems: string[]; member: boolean | null }> {
  if (user) {
    const shell = await signedInShellOf(app, request);
    if (!shell) return { cartItems: [], member: false };
    return { cartItems: shell.cartItems, member: shell.membership?.hasActiveOrTrialSubscription ?? null };
  }
  const cart = anonymousId ? await anonymousCartOf(app, request, anonymousId) : null;
  return { cartItems: cart?.items ?? [], member: false };
}

/** An anonymous visitor's cart, read once however many of a page's loaders ask (oncePerRead). */
export function anonymousCartOf(app: AppContext, request: Request, anonymousId: string): Promise<CartRow | null> {
  return oncePerRead(app, request, `cart of ${anonymousId}`, () => readCart(app, anonymousId));
}

/** The Log In address that brings the visitor back to `path` afterwards (the auth modal over the home page). */
export function loginHref(path: string): string {
  return `/?auth=Login&redirect=${encodeURIComponent(path)}`;
}

/**
 * A signed-in screen's user. A visitor is sent to Log In and brought back to `redirectTo` (this
 * page's path and query by default) after: a 302 from a page, a 303 from a post (so the browser
 * follows it with a GET), unless the screen has always answered otherwise (`status`).
 */
export async function requireUser(
  app: AppContext,
  request: Request,
  { redirectTo, status }: { redirectTo?: string; status?: 302 | 303 } = {},
): Promise<UserRow> {
  const user = await sessionUserOf(app, request);
  if (user) return user;
  const url = new URL(request.url);
  const answer = status ?? (isRead(request) ? 302 : 303);
  throw redirect(loginHref(redirectTo ?? url.pathname + url.search), answer);
}

/**
 * This browser's anonymous id, made (with the Set-Cookie that keeps it) when it has none yet: for
 * what a visitor may do before signing in (a cart, onboarding answers).
 */
export function ensureAnonymousId(request: Request): { anonymousId: string; cookies: string[] } {
  const existing = anonymousIdOf(request);
  if (existing) return { anonymousId: existing, cookies: [] };
  const anonymousId = newAnonymousId();
  return { anonymousId, cookies: [anonymousCookie(anonymousId, isSecureRequest(request))] };
}
