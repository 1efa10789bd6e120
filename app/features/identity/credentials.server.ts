/**
 * A password as it is stored: its PBKDF2 hash (the web forms and USER_PASSWORD_AUTH check it) and its
 * SRP-6a salt and verifier (USER_SRP_AUTH checks those). Every password set writes all three.
 */
import { and, eq, isNull } from "drizzle-orm";
import { passwordCredentials, type UserRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { hashPassword } from "./password.server";
import { makeVerifier } from "./srp.server";

export type PasswordCredential = { hash: string; srpSalt: string; srpVerifier: string };

/** The pool name SRP hashes with: the part of IDENTITY_POOL_ID after "_", as the clients take it. */
export function srpPoolName(app: AppContext): string {
  return app.env.IDENTITY_POOL_ID.slice(app.env.IDENTITY_POOL_ID.indexOf("_") + 1);
}

/** `username` is the identity username, the USER_ID_FOR_SRP the clients hash with. */
export async function newCredential(app: AppContext, username: string, password: string): Promise<PasswordCredential> {
  const [hash, srp] = await Promise.all([hashPassword(password), makeVerifier(srpPoolName(app), username, password)]);
  return { hash, srpSalt: srp.salt, srpVerifier: srp.verifier };
}

/**
 * A password set before SRP has no verifier: the first sign-in that proves it (a web form or
 * USER_PASSWORD_AUTH) adds one, so the same user can then sign in with USER_SRP_AUTH.
 */
export async function addMissingVerifier(app: AppContext, user: UserRow, password: string): Promise<void> {
  const { salt, verifier } = await makeVerifier(srpPoolName(app), user.username, password);
  await app.db
    .update(passwordCredentials)
    .set({ srpSalt: salt, srpVerifier: verifier })
    .where(and(eq(passwordCredentials.userId, user.id), isNull(passwordCredentials.srpVerifier)));
}
