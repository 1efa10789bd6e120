/**
 * The anonymous visitor's cookie (spec 6: dx_non_auth_user_id, 'anon_' + UUID). The page's script
 * reads it too (it mirrors the id to local storage), so it is not HttpOnly.
 */
import { newAnonymousId } from "~/features/identity/anonymous.server";
import { ANONYMOUS_COOKIE, anonymousIdInCookies } from "~/features/identity/anonymous-id";
import type { AppContext } from "~/platform/context";

/** The visitor's anonymous id from the cookie, when it is well formed. */
export function anonymousIdOf(request: Request): string | null {
  return anonymousIdInCookies(request.headers.get("Cookie") ?? "");
}

/** The Set-Cookie that keeps the id a year (or, with null, clears it). */
export function anonymousCookie(id: string | null, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  return id
    ? `${ANONYMOUS_COOKIE}=${id}; Max-Age=31536000; ${attributes}`
    : `${ANONYMOUS_COOKIE}=; Max-Age=0; ${attributes}`;
}

/** Ids made during a request (the app context is one per request), so its loaders agree on one. */
const madeThisRequest = new WeakMap<AppContext, string>();

/**
 * The visitor's anonymous id: the cookie's, else one made for this request, the same for every
 * loader of the request (the root loader sets its cookie when `isNew`). A first visit's page can so
 * use the id it is about to be given, e.g. to assign an experiment's variant.
 */
export function requestAnonymousId(app: AppContext, request: Request): { anonymousId: string; isNew: boolean } {
  // A page shared by every visitor cannot depend on one visitor's id: this render is not shared.
  if (app.sharedRender) app.sharedRender.unshareable ??= "the page needs the visitor's anonymous id";
  const existing = anonymousIdOf(request);
  if (existing) return { anonymousId: existing, isNew: false };
  let made = madeThisRequest.get(app);
  if (!made) madeThisRequest.set(app, (made = newAnonymousId()));
  return { anonymousId: made, isNew: true };
}
