/**
 * People an admin adds (as the hosted service's AdminCreateUser): the account is made with a
 * temporary password, emailed to them, that works for TEMPORARY_PASSWORD_DAYS and only to choose their
 * own: the identity API answers it with NEW_PASSWORD_REQUIRED, the web sign-in with a reset code.
 */
import { and, desc, eq, exists } from "drizzle-orm";
import { passwordCredentials, users, type UserRow } from "~/db/schema";
import { requireEmailDelivery, sendEmail } from "~/platform/adapters/email/email.server";
import type { AppContext } from "~/platform/context";
import { escapeHtml } from "~/platform/html";
import { createAccount } from "./accounts.server";
import { newCredential } from "./credentials.server";
import { TEMPORARY_PASSWORD_DAYS } from "./rules";

const DAY_MS = 24 * 60 * 60_000;
// No 0/O, 1/l/I: the password is read from an email and typed.
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** 14 characters from a 57-letter alphabet: ~82 bits, long enough that no one guesses it in a week. */
function temporaryPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(14));
  // 256 % 57 leaves a slight bias towards the first letters; at 82 bits it does not matter.
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
}

/**
 * Adds a person and emails them their temporary password. Throws EmailTakenError when the email has
 * an account, and EmailNotConfiguredError (before anything is made) where no email can go out.
 */
export async function invitePerson(
  app: AppContext,
  input: { email: string; firstName: string; lastName: string },
): Promise<UserRow> {
  requireEmailDelivery(app.env);
  const password = temporaryPassword();
  const user = await createAccount(app, { ...input, password, identityStatus: "FORCE_CHANGE_PASSWORD" });
  const product = app.env.PRODUCT_NAME;
  await sendEmail(app, {
    to: user.email,
    subject: `You've been added to ${product}`,
    text: `Hi ${user.firstName},\n\nAn administrator added you to ${product}. Log in with this email and the temporary password ${password} within ${TEMPORARY_PASSWORD_DAYS} days; you'll then choose your own password.\n\n— ${product}`,
    html: `<p>Hi ${escapeHtml(user.firstName)},</p><p>An administrator added you to ${escapeHtml(product)}. Log in with this email and the temporary password <strong style="font-size:1.2em;letter-spacing:.05em">${password}</strong> within ${TEMPORARY_PASSWORD_DAYS} days; you'll then choose your own password.</p><p>— ${escapeHtml(product)}</p>`,
  });
  return user;
}

/** Whether a person's temporary password is past its days (it was set when they were added). */
export async function temporaryPasswordExpired(app: AppContext, userId: string): Promise<boolean> {
  const row = await app.db
    .select({ setAt: passwordCredentials.updatedAt })
    .from(passwordCredentials)
    .where(eq(passwordCredentials.userId, userId))
    .get();
  return !row || app.now - row.setAt > TEMPORARY_PASSWORD_DAYS * DAY_MS;
}

/**
 * The person's own password in place of the temporary one: they are confirmed (the temporary password
 * reached their email) and the names they gave are kept. False when they had already chosen one.
 */
export async function chooseOwnPassword(
  app: AppContext,
  user: UserRow,
  password: string,
  names: { firstName?: string; lastName?: string },
): Promise<boolean> {
  const credential = await newCredential(app, user.username, password);
  const waiting = and(eq(users.id, user.id), eq(users.identityStatus, "FORCE_CHANGE_PASSWORD"));
  // One transaction, the password first: it is set only while the status still asks for it, so of
  // two answers at once only the first sets a password (the second finds the status changed).
  const [, confirmed] = await app.db.batch([
    app.db
      .update(passwordCredentials)
      .set({ ...credential, updatedAt: app.now })
      .where(
        and(
          eq(passwordCredentials.userId, user.id),
          exists(app.db.select({ id: users.id }).from(users).where(waiting)),
        ),
      ),
    app.db
      .update(users)
      .set({ identityStatus: "CONFIRMED", emailVerified: true, ...names })
      .where(waiting)
      .returning({ id: users.id }),
  ]);
  return confirmed.length === 1;
}

/** The people added by an admin who have not chosen their own password yet, newest first. */
export async function peopleWaiting(app: AppContext, limit = 50) {
  const rows = await app.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      addedAt: users.signUpDate,
    })
    .from(users)
    .where(eq(users.identityStatus, "FORCE_CHANGE_PASSWORD"))
    .orderBy(desc(users.signUpDate))
    .limit(limit);
  const expiresAfter = TEMPORARY_PASSWORD_DAYS * DAY_MS;
  return rows.map((row) => ({ ...row, expired: app.now - row.addedAt > expiresAfter }));
}
