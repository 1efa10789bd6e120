/**
 * USER_SRP_AUTH for the identity API: the PASSWORD_VERIFIER challenge, then its answer. The math is in
 * srp.server.ts; this keeps the server's half between the two calls (srp_sign_ins, 5 minutes, used
 * once) and counts answers like password attempts (the same lockout as every sign-in).
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import { passwordCredentials, srpSignIns, users, type UserRow } from "~/db/schema";
import type { Client } from "~/platform/client.server";
import type { AppContext } from "~/platform/context";
import { base64ToBytes, bytesToBase64, sha256Hex } from "~/platform/crypto.server";
import { findUserByUsername } from "./accounts.server";
import { checkSucceeded, claimCheck } from "./attempts.server";
import { srpPoolName } from "./credentials.server";
import { LOGIN_POLICY } from "./rules";
import { makeVerifier, parseSrpTimestamp, serverEphemeral, SRP_CLOCK_SKEW_MS, verifyPasswordClaim } from "./srp.server";

const SIGN_IN_MS = 5 * 60_000;

/** A stable made-up id for a username with no account, shaped like a real one (a UUID). */
async function decoyUserId(app: AppContext, username: string): Promise<string> {
  const hex = await sha256Hex(`${srpPoolName(app)}:${username.trim().toLowerCase()}`);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type SrpChallenge = {
  SALT: string;
  SECRET_BLOCK: string;
  SRP_B: string;
  USERNAME: string;
  USER_ID_FOR_SRP: string;
};

/**
 * The PASSWORD_VERIFIER challenge for USERNAME (the identity username or the email) and the client's
 * SRP_A, or null when SRP_A is not a valid public value. A username with no account, or whose
 * password predates SRP (it gets a verifier at its next web or USER_PASSWORD_AUTH sign-in), gets a
 * made-up challenge of the same shape, so the answer never says which usernames exist; its answer fails.
 */
export async function startSrpSignIn(app: AppContext, username: string, publicA: string): Promise<SrpChallenge | null> {
  const user = await findUserByUsername(app, username);
  const stored = user
    ? await app.db
        .select({ salt: passwordCredentials.srpSalt, verifier: passwordCredentials.srpVerifier })
        .from(passwordCredentials)
        .where(eq(passwordCredentials.userId, user.id))
        .get()
    : undefined;
  const secretBlock = crypto.getRandomValues(new Uint8Array(64));
  if (!user || !stored?.salt || !stored.verifier) {
    const id = user?.username ?? (await decoyUserId(app, username));
    const decoy = await makeVerifier(srpPoolName(app), id, bytesToBase64(secretBlock));
    const ephemeral = await serverEphemeral(publicA, decoy.verifier);
    if (!ephemeral) return null;
    return {
      SALT: decoy.salt,
      SECRET_BLOCK: bytesToBase64(secretBlock),
      SRP_B: ephemeral.publicB,
      USERNAME: id,
      USER_ID_FOR_SRP: id,
    };
  }
  const ephemeral = await serverEphemeral(publicA, stored.verifier);
  if (!ephemeral) return null;
  await app.db.insert(srpSignIns).values({
    id: await sha256Hex(bytesToBase64(secretBlock)),
    userId: user.id,
    publicA,
    publicB: ephemeral.publicB,
    serverSecret: ephemeral.secret,
    createdAt: app.now,
    expiresAt: app.now + SIGN_IN_MS,
  });
  return {
    SALT: stored.salt,
    SECRET_BLOCK: bytesToBase64(secretBlock),
    SRP_B: ephemeral.publicB,
    USERNAME: user.username,
    USER_ID_FOR_SRP: user.username,
  };
}

export type SrpAnswer = {
  USERNAME: string;
  PASSWORD_CLAIM_SECRET_BLOCK: string;
  TIMESTAMP: string;
  PASSWORD_CLAIM_SIGNATURE: string;
};
export type SrpOutcome = { status: "ok"; user: UserRow } | { status: "failed" } | { status: "wait"; waitMs: number };

/**
 * Checks the client's PASSWORD_VERIFIER answer. The sign-in is spent whatever the outcome, and the
 * attempt is claimed before the signature is looked at (by the account's email, as the web form does).
 */
export async function answerSrpSignIn(app: AppContext, answer: SrpAnswer, client: Client): Promise<SrpOutcome> {
  const secretBlock = base64ToBytes(answer.PASSWORD_CLAIM_SECRET_BLOCK);
  const row = secretBlock
    ? await app.db
        .delete(srpSignIns)
        .where(
          and(
            eq(srpSignIns.id, await sha256Hex(answer.PASSWORD_CLAIM_SECRET_BLOCK)),
            gt(srpSignIns.expiresAt, app.now),
            // A device's sign-in (device-srp.server.ts) is not a password's.
            isNull(srpSignIns.deviceId),
          ),
        )
        .returning()
        .get()
    : undefined;
  const found = row
    ? await app.db
        .select({ user: users, verifier: passwordCredentials.srpVerifier })
        .from(users)
        .innerJoin(passwordCredentials, eq(passwordCredentials.userId, users.id))
        .where(eq(users.id, row.userId))
        .get()
    : undefined;
  const claim = await claimCheck(
    app,
    "login",
    found?.user.email ?? answer.USERNAME.trim().toLowerCase(),
    client,
    LOGIN_POLICY,
  );
  if (!claim.ok) return { status: "wait", waitMs: claim.waitMs };
  if (!row || !found?.verifier || answer.USERNAME !== found.user.username) return { status: "failed" };
  const at = parseSrpTimestamp(answer.TIMESTAMP);
  if (at === null || Math.abs(at - app.now) > SRP_CLOCK_SKEW_MS) return { status: "failed" };
  const proven = await verifyPasswordClaim({
    poolName: srpPoolName(app),
    userId: found.user.username,
    publicA: row.publicA,
    ephemeral: { secret: row.serverSecret, publicB: row.publicB },
    verifier: found.verifier,
    secretBlock: secretBlock!,
    timestamp: answer.TIMESTAMP,
    signature: answer.PASSWORD_CLAIM_SIGNATURE,
  });
  if (!proven) return { status: "failed" };
  await checkSucceeded(app, claim.held);
  return { status: "ok", user: found.user };
}
