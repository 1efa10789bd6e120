/**
 * Signing in on this browser: the session and device cookies, then what follows every sign-in
 * (features/sign-in). Apart from session.server.ts so that reading the visitor does not pull in
 * everything a sign-in touches.
 */
import { anonymousCookie, anonymousIdOf } from "./anonymous.server";
import { pendingChallengeCookie, pendingChallengeOf } from "./challenge-join.server";
import { startSession } from "~/features/identity/sessions.server";
import { afterSignIn } from "~/features/sign-in/after-sign-in.server";
import type { AppContext } from "~/platform/context";
import { isSecureRequest } from "~/platform/http.server";
import { placeOf } from "./location.server";
import { deviceCookieHeader, deviceTokenOf, sessionCookieHeader, signOut } from "./session.server";
import { clearVisitorCart } from "~/features/cart/cart.server";
import { VIP_GATE_COOKIE } from "~/features/offers/vip";

/**
 * Signs the user in on this browser and returns the Set-Cookie headers: the new session, the device
 * cookie when the browser had none, and the anonymous cookie cleared when the visitor's data moved to
 * the account, and the pending challenge join cleared (spent). `remember` marks the device remembered.
 * Then what follows a sign-in (features/sign-in).
 */
export async function signIn(
  app: AppContext,
  request: Request,
  userId: string,
  { remember = false } = {},
): Promise<string[]> {
  const secure = isSecureRequest(request);
  const session = await startSession(app, userId, {
    deviceToken: await deviceTokenOf(request),
    userAgent: request.headers.get("User-Agent"),
    remember,
  });
  const cookies = [await sessionCookieHeader(app, request, session.token)];
  if (session.newDeviceToken) cookies.push(await deviceCookieHeader(app, request, session.newDeviceToken));
  const { anonymousDataMoved } = await afterSignIn(app, {
    userId,
    anonymousId: anonymousIdOf(request),
    place: placeOf(request),
    pendingChallenge: pendingChallengeOf(request),
  });
  if (anonymousDataMoved) cookies.push(anonymousCookie(null, secure));
  if (pendingChallengeOf(request)) cookies.push(pendingChallengeCookie(null, secure));
  return cookies;
}

/**
 * Signs this browser out and returns the Set-Cookie headers: the session row is deleted and its cookie
 * cleared, and the VIP gate state and this browser's visitor cart are cleared too (the page clears
 * local storage). /auth/logout and hosted login's /logout both end here.
 */
export async function signOutBrowser(app: AppContext, request: Request): Promise<Headers> {
  const headers = new Headers({ "Set-Cookie": await signOut(app, request) });
  headers.append(
    "Set-Cookie",
    `${VIP_GATE_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${isSecureRequest(request) ? "; Secure" : ""}`,
  );
  await clearVisitorCart(app, anonymousIdOf(request));
  return headers;
}
