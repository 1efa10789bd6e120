/** Accounts with an email and a password: created in one transaction, checked without telling which part was wrong. */
import { eq } from "drizzle-orm";
import { passwordCredentials, users, type UserRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { DECOY_HASH, hashPassword, verifyPassword } from "./password.server";

export class EmailTakenError extends Error {}

export async function findUserByEmail(app: AppContext, email: string): Promise<UserRow | null> {
  return (await app.db.select().from(users).where(eq(users.email, email.toLowerCase())).get()) ?? null;
}

/** Creates the user and their password in one batch: either both exist afterwards or neither does. */
export async function createAccount(app: AppContext, input: { email: string; firstName: string; lastName: string; password: string }): Promise<UserRow> {
  if (await findUserByEmail(app, input.email)) throw new EmailTakenError(input.email);
  const user: UserRow = {
    id: crypto.randomUUID(),
    email: input.email.toLowerCase(),
    emailVerified: false,
    username: crypto.randomUUID(),
    firstName: input.firstName,
    lastName: input.lastName,
    miniBio: "",
    profilePhoto: null,
    membershipStatus: "inactive",
    currentSessionSlug: null,
    creatorInfo: null,
    isStudioVip: false,
    isStudioGod: false,
    isAdmin: false,
    signUpDate: app.now,
  };
  const hash = await hashPassword(input.password);
  try {
    await app.db.batch([app.db.insert(users).values(user), app.db.insert(passwordCredentials).values({ userId: user.id, hash, updatedAt: app.now })]);
  } catch (error) {
    // Two sign-ups with one email at once: the unique index decides, the batch rolls back.
    if (String(error).includes("UNIQUE")) throw new EmailTakenError(input.email);
    throw error;
  }
  return user;
}

/** The user whose email and password match, or null; the same work is done for an unknown email. */
export async function authenticate(app: AppContext, email: string, password: string): Promise<UserRow | null> {
  const row = await app.db
    .select({ user: users, hash: passwordCredentials.hash })
    .from(users)
    .innerJoin(passwordCredentials, eq(passwordCredentials.userId, users.id))
    .where(eq(users.email, email.toLowerCase()))
    .get();
  const ok = await verifyPassword(password, row?.hash ?? DECOY_HASH);
  return row && ok ? row.user : null;
}
