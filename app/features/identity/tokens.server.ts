/**
 * Bearer tokens: `Authorization: Bearer <token>` authenticates API calls like the session cookie
 * does. Random 256-bit tokens; only the SHA-256 is stored, so they can be revoked (global sign-out,
 * password change, deleting the account) and a leaked table cannot be replayed.
 */
import { and, eq, gt } from "drizzle-orm";
import { apiTokens, users, type UserRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { randomHex, sha256Hex } from "~/platform/crypto.server";

export const TOKEN_TTL = { access: 60 * 60 * 1000, app: 60 * 60 * 1000, refresh: 30 * 24 * 60 * 60 * 1000 } as const;
type Kind = keyof typeof TOKEN_TTL;

export async function issueToken(
  app: AppContext,
  userId: string,
  kind: Kind,
): Promise<{ token: string; expiresAt: number }> {
  const token = randomHex(32);
  const expiresAt = app.now + TOKEN_TTL[kind];
  await app.db.insert(apiTokens).values({ id: await sha256Hex(token), userId, kind, createdAt: app.now, expiresAt });
  return { token, expiresAt };
}

/** The user a live token of one of these kinds belongs to. */
export async function tokenUser(
  app: AppContext,
  token: string | null | undefined,
  kinds: Kind[] = ["access", "app"],
): Promise<UserRow | null> {
  if (!token || !/^[0-9a-f]{64}$/.test(token)) return null;
  const row = await app.db
    .select({ user: users, kind: apiTokens.kind })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.id, await sha256Hex(token)), gt(apiTokens.expiresAt, app.now)))
    .get();
  return row && kinds.includes(row.kind) ? row.user : null;
}
