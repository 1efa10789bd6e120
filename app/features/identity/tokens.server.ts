/**
 * Bearer tokens: `Authorization: Bearer <token>` authenticates API calls like the session cookie
 * does. Only each token's SHA-256 is stored, so they can be revoked (global sign-out, password change,
 * deleting the account) and a leaked table cannot be replayed. Refresh and app tokens are random 256
 * bits; access tokens are the JWTs of pool-tokens.server.ts, trusted here only while their row lives.
 */
import { and, eq, gt } from "drizzle-orm";
import { apiTokens, users, type UserRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { randomHex, sha256Hex } from "~/platform/crypto.server";

export const TOKEN_TTL = { access: 60 * 60 * 1000, app: 60 * 60 * 1000, refresh: 30 * 24 * 60 * 60 * 1000 } as const;
export type TokenKind = keyof typeof TOKEN_TTL;

/** For a refresh token: the client it was handed to, and the scopes it was granted (null: the identity API's). */
type Bound = { clientId?: string | null; scopes?: string[] | null };

/** Records a token we handed out, live for its kind's time (and, for a refresh token, what binds it); returns when it expires. */
export async function keepToken(
  app: AppContext,
  token: string,
  userId: string,
  kind: TokenKind,
  { clientId = null, scopes = null }: Bound = {},
): Promise<number> {
  const expiresAt = app.now + TOKEN_TTL[kind];
  await app.db
    .insert(apiTokens)
    .values({ id: await sha256Hex(token), userId, kind, clientId, scopes, createdAt: app.now, expiresAt });
  return expiresAt;
}

export async function issueToken(
  app: AppContext,
  userId: string,
  kind: TokenKind,
  bound: Bound = {},
): Promise<{ token: string; expiresAt: number }> {
  const token = randomHex(32);
  return { token, expiresAt: await keepToken(app, token, userId, kind, bound) };
}

/** 64 hex digits (ours, random) or three base64url parts (our JWTs); anything else is not looked up. */
const TOKEN_SHAPE = /^(?:[0-9a-f]{64}|[\w-]{1,4096}\.[\w-]{1,4096}\.[\w-]{1,1024})$/;

/** A live token of one of these kinds: its user, when it was handed out, and what binds it. */
export async function liveToken(
  app: AppContext,
  token: string | null | undefined,
  kinds: TokenKind[],
): Promise<{
  user: UserRow;
  kind: TokenKind;
  createdAt: number;
  clientId: string | null;
  scopes: string[] | null;
} | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const row = await app.db
    .select({
      user: users,
      kind: apiTokens.kind,
      createdAt: apiTokens.createdAt,
      clientId: apiTokens.clientId,
      scopes: apiTokens.scopes,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.id, await sha256Hex(token)), gt(apiTokens.expiresAt, app.now)))
    .get();
  return row && kinds.includes(row.kind)
    ? { user: row.user, kind: row.kind, createdAt: row.createdAt, clientId: row.clientId, scopes: row.scopes }
    : null;
}

/** The user a live token of one of these kinds belongs to. */
export async function tokenUser(
  app: AppContext,
  token: string | null | undefined,
  kinds: TokenKind[] = ["access", "app"],
): Promise<UserRow | null> {
  return (await liveToken(app, token, kinds))?.user ?? null;
}

/** Whether a refresh token may be used by this client: the one it was handed to (any, for one from before clients were recorded). */
export const refreshableBy = (refresh: { clientId: string | null }, clientId: string) =>
  refresh.clientId === null || refresh.clientId === clientId;
