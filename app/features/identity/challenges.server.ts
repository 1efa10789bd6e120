/**
 * Sign-ins waiting for a second step: the authenticator code (SOFTWARE_TOKEN_MFA, the web's only one),
 * or on the identity API MFA_SETUP, an emailed code, a new password or a remembered device's proof.
 * The first step was right; no session exists yet. The browser holds a random token in a 5-minute HttpOnly cookie
 * (app/http/session.server.ts; API clients get it as the challenge Session); the row stores its hash.
 */
import { and, eq, gt } from "drizzle-orm";
import { signInChallenges } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { randomHex, sha256Hex } from "~/platform/crypto.server";

const CHALLENGE_MS = 5 * 60_000;
/** How long a challenge (and its cookie) lives, in seconds. */
export const CHALLENGE_MAX_AGE = CHALLENGE_MS / 1000;

export type ChallengeKind = (typeof signInChallenges.$inferSelect)["kind"];

export async function startChallenge(
  app: AppContext,
  userId: string,
  kind: ChallengeKind = "SOFTWARE_TOKEN_MFA",
): Promise<string> {
  const token = randomHex(16);
  await app.db
    .insert(signInChallenges)
    .values({ id: await sha256Hex(token), userId, kind, createdAt: app.now, expiresAt: app.now + CHALLENGE_MS });
  return token;
}

/** The user a live challenge of this kind belongs to, or null (unknown, another kind, expired or already answered). */
export async function challengeUser(
  app: AppContext,
  token: string | null | undefined,
  kind: ChallengeKind = "SOFTWARE_TOKEN_MFA",
): Promise<string | null> {
  if (!token || !/^[0-9a-f]{32}$/.test(token)) return null;
  const row = await app.db
    .select({ userId: signInChallenges.userId })
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.id, await sha256Hex(token)),
        eq(signInChallenges.kind, kind),
        gt(signInChallenges.expiresAt, app.now),
      ),
    )
    .get();
  return row?.userId ?? null;
}

/** Ends a challenge once answered, so its token cannot start a second session. True only for the first caller. */
export async function endChallenge(app: AppContext, token: string): Promise<boolean> {
  const result = await app.db
    .delete(signInChallenges)
    .where(eq(signInChallenges.id, await sha256Hex(token)))
    .run();
  return result.meta.changes === 1;
}
