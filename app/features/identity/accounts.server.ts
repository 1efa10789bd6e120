/** Accounts with an email and a password: created in one transaction, checked without telling which part was wrong. */
import { eq } from "drizzle-orm";
import { passwordCredentials, users, type UserRow } from "~/db/schema";
import { LOCAL_CLIENT, type Client } from "~/platform/client.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { checkSucceeded, claimCheck } from "./attempts.server";
import { addMissingVerifier, newCredential } from "./credentials.server";
import { DECOY_HASH, verifyPassword } from "./password.server";
import { LOGIN_POLICY } from "./rules";

export class EmailTakenError extends Error {}

export async function findUserByEmail(app: AppContext, email: string): Promise<UserRow | null> {
  return (await app.db.select().from(users).where(eq(users.email, email.toLowerCase())).get()) ?? null;
}

export async function findUserById(app: AppContext, id: string): Promise<UserRow | null> {
  return (await app.db.select().from(users).where(eq(users.id, id)).get()) ?? null;
}

/**
 * Sets a user's Studio VIP status on behalf of `by`: admins grant or remove it for anyone; a user may
 * only give up their own. Refused (forbidden), or an unknown user (not-found): 'Failed to update Studio VIP status'.
 */
export async function setStudioVip(app: AppContext, by: UserRow, target: string, isStudioVip: boolean) {
  if (!by.isAdmin && (target !== by.id || isStudioVip))
    throw new ServiceError("forbidden", "Failed to update Studio VIP status");
  const [updated] = await app.db
    .update(users)
    .set({ isStudioVip })
    .where(eq(users.id, target))
    .returning({ id: users.id, isStudioVip: users.isStudioVip });
  if (!updated) throw new ServiceError("not-found", "Failed to update Studio VIP status");
  return updated;
}

/** Creates the user and their password in one batch: either both exist afterwards or neither does. */
export async function createAccount(
  app: AppContext,
  input: {
    email: string;
    firstName: string;
    lastName: string;
    password: string;
    username?: string;
    /**
     * UNCONFIRMED: an identity API sign-up waiting for its emailed code (IDENTITY_SIGN_UP_CONFIRMATION
     * "email"); FORCE_CHANGE_PASSWORD: a person an admin added, with a temporary password.
     */
    identityStatus?: UserRow["identityStatus"];
  },
): Promise<UserRow> {
  if (await findUserByEmail(app, input.email)) throw new EmailTakenError(input.email);
  const id = crypto.randomUUID();
  const username = input.username ?? crypto.randomUUID();
  const credential = await newCredential(app, username, input.password);
  try {
    const [[user]] = await app.db.batch([
      app.db
        .insert(users)
        .values({
          id,
          email: input.email.toLowerCase(),
          username,
          firstName: input.firstName,
          lastName: input.lastName,
          signUpDate: app.now,
          identityStatus: input.identityStatus ?? "CONFIRMED",
        })
        .returning(),
      app.db.insert(passwordCredentials).values({ userId: id, ...credential, updatedAt: app.now }),
    ]);
    return user;
  } catch (error) {
    // Two sign-ups with one email at once: the unique index decides, the batch rolls back.
    if (String(error).includes("UNIQUE")) throw new EmailTakenError(input.email);
    throw error;
  }
}

export type SignInResult = { status: "ok"; user: UserRow } | { status: "failed" } | { status: "wait"; waitMs: number };

/**
 * Checks an email and password. The attempt is claimed first (attempts.server.ts claimCheck: the
 * client's and the product's throttles, then the lockout), in single statements, so concurrent wrong
 * passwords get no more checks than the lockout allows. The same work is done for an unknown email,
 * and failures count whether or not it has an account, so neither timing nor lockout tells which part
 * was wrong. After 5 failures each attempt waits longer (rules.ts attemptWaitMs).
 */
export async function authenticate(
  app: AppContext,
  rawEmail: string,
  password: string,
  client: Client = LOCAL_CLIENT,
): Promise<SignInResult> {
  const email = rawEmail.toLowerCase();
  const claim = await claimCheck(app, "login", email, client, LOGIN_POLICY);
  if (!claim.ok) return { status: "wait", waitMs: claim.waitMs };
  const row = await app.db
    .select({ user: users, hash: passwordCredentials.hash, srpVerifier: passwordCredentials.srpVerifier })
    .from(users)
    .innerJoin(passwordCredentials, eq(passwordCredentials.userId, users.id))
    .where(eq(users.email, email))
    .get();
  const ok = await verifyPassword(password, row?.hash ?? DECOY_HASH);
  if (!row || !ok) return { status: "failed" };
  await checkSucceeded(app, claim.held);
  if (!row.srpVerifier) await addMissingVerifier(app, row.user, password);
  return { status: "ok", user: row.user };
}

/** A user by the identity username (the random id the sign-up sequence gives) or by email. */
export async function findUserByUsername(app: AppContext, username: string): Promise<UserRow | null> {
  const value = username.trim();
  if (value.includes("@")) return findUserByEmail(app, value);
  return (await app.db.select().from(users).where(eq(users.username, value)).get()) ?? null;
}
