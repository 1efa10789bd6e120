/**
 * The session and device cookies (identity keeps the rows; the browser holds random tokens), the
 * bearer token of API calls, and the one sign-in answer: a new session, then the sign-in service
 * (cart merge, anonymous link with the onboarding hand-over, identify), as Set-Cookie headers.
 */
import { createCookie, redirect } from "@remix-run/cloudflare";
import type { UserRow } from "~/db/schema";
import { SESSION_MAX_AGE, endSession, sessionIdOf, sessionUser } from "~/features/identity/sessions.server";
import { CHALLENGE_MAX_AGE } from "~/features/identity/challenges.server";
import { scopesOf, USER_ADMIN_SCOPE } from "~/features/identity/pool-tokens.server";
import { liveToken, type TokenKind } from "~/features/identity/tokens.server";
import { signedInShell, type SignedInShell } from "~/features/shell/shell.server";
import type { AppContext } from "~/platform/context";
import { cookieDomainFor } from "~/platform/cookie-domain";
import { isSecureRequest } from "~/platform/http.server";
import { isRead, oncePerRead } from "./once-per-read.server";

const sessionCookie = createCookie("studio_session", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: SESSION_MAX_AGE,
});

const deviceCookie = createCookie("studio_device", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 400 * 86_400,
});

const challengeCookie = createCookie("studio_mfa", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: CHALLENGE_MAX_AGE,
});

/** The Set-Cookie of the sign-in challenge (the authenticator step): its token, or cleared. */
export async function challengeCookieHeader(request: Request, token: string | null) {
  return token
    ? challengeCookie.serialize(token, { secure: isSecureRequest(request) })
    : challengeCookie.serialize("", { maxAge: 0, secure: isSecureRequest(request) });
}

/** This browser's sign-in challenge token, or null. */
export async function challengeFromCookie(request: Request): Promise<string | null> {
  const token: unknown = await challengeCookie.parse(request.headers.get("Cookie"));
  return typeof token === "string" ? token : null;
}

const HEX_128 = /^[0-9a-f]{32}$/;

async function tokenOf(cookie: typeof sessionCookie, request: Request): Promise<string | null> {
  const token: unknown = await cookie.parse(request.headers.get("Cookie"));
  return typeof token === "string" && HEX_128.test(token) ? token : null;
}

/** This browser's session token, or null. */
const sessionTokenOf = (request: Request) => tokenOf(sessionCookie, request);

/** This browser's device token, or null. */
export const deviceTokenOf = (request: Request) => tokenOf(deviceCookie, request);

/** The hash of this request's session token (the sessions row id), or null. */
export async function currentSessionId(request: Request): Promise<string | null> {
  return sessionIdOf(await sessionTokenOf(request));
}

/** The signed-in user of this browser's session cookie, or null. */
export async function sessionUserOf(app: AppContext, request: Request): Promise<UserRow | null> {
  if (!isRead(request)) return sessionUser(app, await sessionTokenOf(request));
  return (await signedInShellOf(app, request))?.user ?? null;
}

/**
 * The signed-in shell (user, cart, membership, bell: one query) of this browser's session, or null.
 * A page's loaders all ask for the user at once: a read makes the query once (oncePerRead).
 */
export function signedInShellOf(app: AppContext, request: Request): Promise<SignedInShell | null> {
  return oncePerRead(app, request, "signed-in shell", () =>
    sessionTokenOf(request).then((token) => signedInShell(app, token)),
  );
}

/** The token of `Authorization: Bearer <token>`, or null. */
function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get("Authorization") ?? "");
  return match ? match[1] : null;
}

/** The bearer tokens that may act for a user on the JSON API: access tokens and app tokens. */
export type BearerKind = Extract<TokenKind, "access" | "app">;
export const BEARER_KINDS: readonly BearerKind[] = ["access", "app"];

/**
 * Who is calling the JSON API: the bearer token when one is sent, else the session cookie. A call may
 * take fewer kinds of bearer (`kinds`): any other token sent is no caller, and the cookie is not read.
 */
export async function apiUserOf(
  app: AppContext,
  request: Request,
  kinds: readonly BearerKind[] = BEARER_KINDS,
): Promise<UserRow | null> {
  const token = bearerToken(request);
  if (!token) return sessionUserOf(app, request);
  const live = await liveToken(app, token, [...kinds]);
  // A hosted-login token was given to another app for sign-in ("openid email"): only the product's own
  // access tokens (the user-admin scope) and app tokens act on the account here (spec 9).
  if (live?.kind === "access" && token.includes(".") && !scopesOf(token).includes(USER_ADMIN_SCOPE)) return null;
  return live?.user ?? null;
}

/** Secure except on plain http (localhost), and on the parent domain where the deployment has one. */
function identityCookieOptions(app: AppContext, request: Request) {
  return {
    secure: isSecureRequest(request),
    domain: cookieDomainFor(app.env.SESSION_COOKIE_DOMAIN, new URL(request.url).host),
  };
}

/** The Set-Cookie that carries a new session's token. */
export const sessionCookieHeader = (app: AppContext, request: Request, token: string) =>
  sessionCookie.serialize(token, identityCookieOptions(app, request));

/** The Set-Cookie that remembers this browser's device. */
export const deviceCookieHeader = (app: AppContext, request: Request, token: string) =>
  deviceCookie.serialize(token, identityCookieOptions(app, request));

/** Ends this browser's session and returns the header that clears the cookie (where it was set). */
export async function signOut(app: AppContext, request: Request): Promise<string> {
  await endSession(app, await sessionTokenOf(request));
  return sessionCookie.serialize("", { ...identityCookieOptions(app, request), maxAge: 0 });
}

/** A loader for pages only signed-out visitors need (the auth form pages): signed-in users go home. */
export async function signedOutOnly({ request, context }: { request: Request; context: { app: AppContext } }) {
  if (await sessionUserOf(context.app, request)) throw redirect("/");
  return null;
}
