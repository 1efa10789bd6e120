/**
 * The tokens the identity API hands out, in the shape the hosted user pool's clients read: the id and
 * access tokens are JWTs signed RS256 (signing-keys.server.ts) with the service's claims, so a client
 * knows from `exp` when to refresh and any app can check them against /.well-known/jwks.json. The
 * refresh token stays opaque: clients only send it back.
 *
 * Our own server trusts D1, not the signature: an access token works while its row in api_tokens
 * lives (keyed by its SHA-256, tokens.server.ts), so GlobalSignOut, a password change or deleting the
 * account revokes it at once, as a session cookie is.
 */
import type { UserRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { jose, SIGNING_ALGORITHM, signingKey } from "./signing-keys.server";
import { DEFAULT_CLIENT_ID } from "./clients";
import { issueToken, keepToken, TOKEN_TTL } from "./tokens.server";

export interface TokenGrant {
  /** The origin the tokens were asked of: their `iss`, and where /.well-known/jwks.json is. */
  issuer: string;
  /** The ClientId the client sent: the access token's `client_id`, the id token's `aud`. */
  clientId: string;
  /** When the user proved who they are (ms): a refresh keeps the sign-in's time. */
  authTime: number;
  /** The remembered-devices key the client signed in with (the access token's `device_key`). */
  deviceKey?: string;
  /**
   * Hosted login's granted scopes: the access token's `scope`, and which claims the id token holds
   * (email with "email", names with "profile"). The identity API's sign-ins get the service's own scope
   * and every claim.
   */
  scopes?: string[];
  /** Hosted login's nonce, echoed in the id token. */
  nonce?: string;
}

/** The scope the identity API's own calls on a user's account need (spec 9: the user-admin scope). */
export const USER_ADMIN_SCOPE = "aws.cognito.signin.user.admin";

export interface PoolTokens {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: "Bearer";
}

async function sign(app: AppContext, claims: Record<string, unknown>, user: UserRow, grant: TokenGrant) {
  const [{ kid, key }, { SignJWT }] = await Promise.all([signingKey(app), jose()]);
  const now = Math.floor(app.now / 1000);
  return new SignJWT({ ...claims, auth_time: Math.floor(grant.authTime / 1000) })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid, typ: "JWT" })
    .setSubject(user.id)
    .setIssuer(grant.issuer)
    .setIssuedAt(now)
    .setExpirationTime(now + TOKEN_TTL.access / 1000)
    .setJti(crypto.randomUUID())
    .sign(key);
}

/**
 * The `device_key` an access token was handed out with. Read without checking the signature: call it
 * only on a token the caller has already found live in D1 (signedInUser), which only we can make.
 */
export function deviceKeyOf(accessToken: string): string | null {
  const claim = claimsOf(accessToken).device_key;
  return typeof claim === "string" ? claim : null;
}

/** The scopes an access token was handed out with (read as deviceKeyOf is: only of a token found live). */
export function scopesOf(accessToken: string): string[] {
  const claim = claimsOf(accessToken).scope;
  return typeof claim === "string" ? claim.split(" ") : [];
}

function claimsOf(jwt: string): Record<string, unknown> {
  try {
    return JSON.parse(atob((jwt.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/"))) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** The audience of generateAppAuthToken's tokens: the creator apps' backends check it. */
export const APP_TOKEN_AUDIENCE = "creator-apps";

/**
 * generateAppAuthToken's token: a JWT (1 hour) a creator app's backend checks against the JWKS, with
 * `token_use: "app"` and `aud` creator-apps, so it cannot pass for an id or access token; here it
 * acts for the user on /api like their session, and ends with it (GlobalSignOut, a password change).
 */
export async function issueAppToken(app: AppContext, user: UserRow, issuer: string) {
  const token = await sign(
    app,
    { token_use: "app", aud: APP_TOKEN_AUDIENCE, username: user.username },
    user,
    // Asked for by a signed-in caller: there is no sign-in of its own, so auth_time is its issue.
    { issuer, clientId: DEFAULT_CLIENT_ID, authTime: app.now },
  );
  return { token, expiresAt: await keepToken(app, token, user.id, "app") };
}

/** A signed-in user's AuthenticationResult: the refresh token only at sign-in, not on a refresh. */
export async function issuePoolTokens(
  app: AppContext,
  user: UserRow,
  grant: TokenGrant,
  withRefresh: boolean,
): Promise<PoolTokens> {
  const accessToken = await sign(
    app,
    {
      token_use: "access",
      client_id: grant.clientId,
      scope: (grant.scopes ?? [USER_ADMIN_SCOPE]).join(" "),
      username: user.username,
      ...(grant.deviceKey ? { device_key: grant.deviceKey } : {}),
    },
    user,
    grant,
  );
  await keepToken(app, accessToken, user.id, "access");
  const idToken = await sign(
    app,
    {
      token_use: "id",
      aud: grant.clientId,
      "cognito:username": user.username,
      ...(!grant.scopes || grant.scopes.includes("email")
        ? { email: user.email, email_verified: user.emailVerified }
        : {}),
      ...(!grant.scopes || grant.scopes.includes("profile")
        ? { given_name: user.firstName, family_name: user.lastName }
        : {}),
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
    },
    user,
    grant,
  );
  const refresh = withRefresh
    ? await issueToken(app, user.id, "refresh", { clientId: grant.clientId, scopes: grant.scopes ?? null })
    : null;
  return {
    AccessToken: accessToken,
    IdToken: idToken,
    ...(refresh ? { RefreshToken: refresh.token } : {}),
    ExpiresIn: TOKEN_TTL.access / 1000,
    TokenType: "Bearer",
  };
}
