/** Account settings (/account): profile, password, sign out everywhere and deleting the account. */
import { eq, or, sql } from "drizzle-orm";
import {
  attemptCounters,
  emailLeads,
  outboxEmails,
  passwordCredentials,
  users,
  waitlistEntries,
  type UserRow,
} from "~/db/schema";
import { LOCAL_CLIENT, type Client } from "~/platform/client.server";
import type { AppContext } from "~/platform/context";
import { authenticate } from "./accounts.server";
import { isCommonPassword } from "./common-passwords.server";
import { newCredential } from "./credentials.server";
import { endAllSessions } from "./sessions.server";

export async function updateProfile(
  app: AppContext,
  userId: string,
  input: { firstName: string; lastName: string; miniBio?: string; profilePhoto?: string | null },
) {
  await app.db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      miniBio: input.miniBio ?? "",
      ...(input.profilePhoto !== undefined ? { profilePhoto: input.profilePhoto } : {}),
    })
    .where(eq(users.id, userId));
}

export type PasswordChange =
  { status: "ok" } | { status: "wrong" } | { status: "common" } | { status: "wait"; waitMs: number };

/**
 * ChangePassword: the current password must be right (wrong ones count towards the sign-in
 * lockout) and the new one not a common one; it is stored and every other session and every API
 * token (access and refresh) ends, keeping this session. A change through the identity API keeps no
 * session (`currentSessionId` null).
 */
export async function changePassword(
  app: AppContext,
  user: UserRow,
  currentSessionId: string | null,
  input: { currentPassword: string; newPassword: string },
  client: Client = LOCAL_CLIENT,
): Promise<PasswordChange> {
  if (await isCommonPassword(input.newPassword)) return { status: "common" };
  const check = await authenticate(app, user.email, input.currentPassword, client);
  if (check.status === "wait") return check;
  if (check.status !== "ok" || check.user.id !== user.id) return { status: "wrong" };
  const credential = await newCredential(app, user.username, input.newPassword);
  await app.db
    .insert(passwordCredentials)
    .values({ userId: user.id, ...credential, updatedAt: app.now })
    .onConflictDoUpdate({ target: passwordCredentials.userId, set: { ...credential, updatedAt: app.now } });
  await endAllSessions(app, user.id, currentSessionId);
  return { status: "ok" };
}

/**
 * Deletes the account: the user row (sessions, password, devices, authenticator and codes go with it
 * by cascade) and what was kept under the email (leads, waitlists, outbox, counters), in one transaction.
 */
export async function deleteAccount(app: AppContext, user: UserRow): Promise<void> {
  if (user.profilePhoto?.startsWith("/media/"))
    await app.bindings.MEDIA.delete(user.profilePhoto.slice("/media/".length));
  await app.db.batch([
    app.db.delete(emailLeads).where(eq(emailLeads.email, user.email)),
    app.db.delete(waitlistEntries).where(eq(waitlistEntries.email, user.email)),
    app.db.delete(outboxEmails).where(eq(outboxEmails.to, user.email)),
    // The sign-in lockout: per email locally, per email and client plus the email's ceiling in production.
    app.db
      .delete(attemptCounters)
      .where(
        or(
          eq(attemptCounters.key, `login:${user.email}`),
          eq(attemptCounters.key, `login-all:${user.email}`),
          sql`substr(${attemptCounters.key}, 1, ${`login:${user.email}|`.length}) = ${`login:${user.email}|`}`,
        ),
      ),
    app.db.delete(users).where(eq(users.id, user.id)),
  ]);
}
