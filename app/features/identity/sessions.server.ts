/**
 * Sessions in D1. The cookie carries a random 128-bit token; the row is keyed by its SHA-256, so a
 * leaked database cannot be replayed as cookies. A new session is made at every sign-in (the id
 * rotates) and its row is deleted at sign-out.
 */
import { createCookie, redirect } from "@remix-run/cloudflare";
import { and, eq, gt, ne } from "drizzle-orm";
import { apiTokens, sessions, users, type UserRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { randomHex, sha256Hex } from "~/platform/crypto.server";
import { mergeVisitorCart } from "~/features/cart/cart.server";
import { anonymousIdOf, linkOnSignIn } from "./anonymous.server";
import { deviceFor, setDeviceRemembered } from "./devices.server";
import { isSecureRequest } from "~/platform/http.server";
import { identifyLater } from "~/features/analytics/identify.server";

const SESSION_DAYS = 30;
const DAY_MS = 86_400_000;

const sessionCookie = createCookie("studio_session", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: SESSION_DAYS * 86_400,
});

/** Starts a session for the user and returns the Set-Cookie header that carries it. */
/**
 * Starts a session for the user on this browser's device and returns the Set-Cookie headers: the
 * session, and the device cookie when the browser had none. `remember` marks the device remembered.
 */
export async function startSession(
  app: AppContext,
  request: Request,
  userId: string,
  { remember = false } = {},
): Promise<string[]> {
  const device = await deviceFor(app, request, { id: userId });
  if (remember && !device.remembered) await setDeviceRemembered(app, userId, device.id, true);
  const token = randomHex(16);
  await app.db.insert(sessions).values({
    id: await sha256Hex(token),
    userId,
    createdAt: app.now,
    expiresAt: app.now + SESSION_DAYS * DAY_MS,
    userAgent: (request.headers.get("User-Agent") ?? "").slice(0, 300),
    deviceId: device.id,
  });
  const cookies = [await sessionCookie.serialize(token, { secure: isSecureRequest(request) })];
  if (device.setCookie) cookies.push(device.setCookie);
  // The visitor's cart joins the account's at every sign-in (spec 4, "Cart"): server items first.
  const visitor = anonymousIdOf(request);
  if (visitor) await mergeVisitorCart(app, visitor, userId);
  // The anonymous visitor this was is linked to the account once (spec 4, "After login").
  cookies.push(...(await linkOnSignIn(app, request, userId, isSecureRequest(request))));
  // Spec 7's identify at every sign-in: the person profile (attribution and lead source set once).
  identifyLater(app, request, userId);
  return cookies;
}

/** The hash of this request's session token (the sessions row id), or null. */
export const currentSessionId = (request: Request) => sessionId(request);

async function sessionId(request: Request): Promise<string | null> {
  const token = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof token === "string" && /^[0-9a-f]{32}$/.test(token) ? sha256Hex(token) : null;
}

/** The signed-in user, or null: no cookie, an unknown or expired session. */
export async function currentUser(app: AppContext, request: Request): Promise<UserRow | null> {
  const id = await sessionId(request);
  if (!id) return null;
  const row = await app.db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, app.now)))
    .get();
  return row?.user ?? null;
}

/** Ends this session (the row is deleted, so the cookie is worthless) and returns the header that clears the cookie. */
export async function endSession(app: AppContext, request: Request): Promise<string> {
  const id = await sessionId(request);
  if (id) await app.db.delete(sessions).where(eq(sessions.id, id));
  return sessionCookie.serialize("", { maxAge: 0, secure: isSecureRequest(request) });
}

/**
 * Signs the user out everywhere (global sign-out), or everywhere but one session (a password
 * change): every other session and every API token.
 */
export async function endAllSessions(app: AppContext, userId: string, exceptSessionId?: string | null): Promise<void> {
  const endSessions = app.db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );
  await app.db.batch([endSessions, app.db.delete(apiTokens).where(eq(apiTokens.userId, userId))]);
}

/** A signed-in page's user; a visitor is sent to Log In and brought back to `path` after. */
export async function requireUser(app: AppContext, request: Request, path: string): Promise<UserRow> {
  const user = await currentUser(app, request);
  if (!user) throw redirect(`/?auth=Login&redirect=${encodeURIComponent(path)}`);
  return user;
}

/** A loader for pages only signed-out visitors need (the auth form pages): signed-in users go home. */
export async function signedOutOnly({ request, context }: { request: Request; context: { app: AppContext } }) {
  if (await currentUser(context.app, request)) throw redirect("/");
  return null;
}
