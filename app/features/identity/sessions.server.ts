/**
 * Sessions in D1. The browser's cookie (app/http/session.server.ts) carries a random 128-bit token;
 * the row is keyed by its SHA-256, so a leaked database cannot be replayed as cookies. A new session
 * is made at every sign-in (the id rotates) and its row is deleted at sign-out.
 */
import { and, eq, gt, ne, sql, type Placeholder, type SQL } from "drizzle-orm";
import { apiTokens, sessions, users, type UserRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { randomHex, sha256Hex } from "~/platform/crypto.server";
import { deviceFor, setDeviceRemembered } from "./devices.server";

/** Spec 9: the identity cookie lasts 365 days (sessions stay revocable: the row is what counts). */
const SESSION_DAYS = 365;
const DAY_MS = 86_400_000;
/** How long the session cookie lives, in seconds. */
export const SESSION_MAX_AGE = SESSION_DAYS * 86_400;

const TOKEN = /^[0-9a-f]{32}$/;

/**
 * Starts a session for the user on the browser's device (found by its device token, or made now):
 * returns the session's token, and the device token when the browser had none. `remember` marks the
 * device remembered.
 */
export async function startSession(
  app: AppContext,
  userId: string,
  {
    deviceToken,
    userAgent,
    remember = false,
  }: { deviceToken: string | null; userAgent: string | null; remember?: boolean },
): Promise<{ token: string; newDeviceToken: string | null }> {
  const device = await deviceFor(app, { token: deviceToken, userAgent }, { id: userId });
  if (remember && !device.remembered) await setDeviceRemembered(app, userId, device.id, true);
  const token = randomHex(16);
  await app.db.insert(sessions).values({
    id: await sha256Hex(token),
    userId,
    createdAt: app.now,
    expiresAt: app.now + SESSION_DAYS * DAY_MS,
    userAgent: (userAgent ?? "").slice(0, 300),
    deviceId: device.id,
  });
  return { token, newDeviceToken: device.newToken };
}

/** The sessions row id of a session token (its hash), or null for a malformed token. */
export async function sessionIdOf(token: string | null | undefined): Promise<string | null> {
  return typeof token === "string" && TOKEN.test(token) ? sha256Hex(token) : null;
}

/** The user of a live session token, or null: no token, an unknown or expired session. */
export async function sessionUser(app: AppContext, token: string | null | undefined): Promise<UserRow | null> {
  const id = await sessionIdOf(token);
  if (!id) return null;
  const row = await app.db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSession(id, app.now))
    .get();
  return row?.user ?? null;
}

/** The condition on sessions that finds the live session of this id (for a query that joins its user). */
export function liveSession(id: string | Placeholder, now: number | Placeholder) {
  return and(eq(sessions.id, id), gt(sessions.expiresAt, now));
}

/**
 * The user id of the live session of this id, as a subquery: a read keyed by it runs beside the
 * query that loads the session's user (the shell) instead of after it, and finds nothing for an
 * unknown or expired session.
 */
export function liveSessionUserId(id: string | Placeholder, now: number | Placeholder): SQL<string | null> {
  return sql<string | null>`(SELECT ${sessions.userId} FROM ${sessions} WHERE ${liveSession(id, now)})`;
}

/** Ends the session of this token (the row is deleted, so the cookie is worthless). */
export async function endSession(app: AppContext, token: string | null | undefined): Promise<void> {
  const id = await sessionIdOf(token);
  if (id) await app.db.delete(sessions).where(eq(sessions.id, id));
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
