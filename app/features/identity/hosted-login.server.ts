/**
 * Hosted login: the product as an OAuth 2.0 / OpenID Connect provider for registered app clients
 * (clients.server.ts), as the hosted user pool's is. The authorization code flow with PKCE:
 * /oauth2/authorize (the product's own sign-in page when nobody is signed in) hands the app a code,
 * /oauth2/token exchanges it (or a refresh token) for the same JWTs the identity API hands out,
 * /oauth2/userInfo answers the signed-in user's claims.
 */
import { and, eq, gt } from "drizzle-orm";
import { oauthCodes, sessions, type UserRow } from "~/db/schema";
import { findUserById } from "./accounts.server";
import type { AppContext } from "~/platform/context";
import { bytesToBase64, constantTimeEqual, sha256Hex } from "~/platform/crypto.server";
import { PKCE_REQUIRED, pkceRequired, readPrompt } from "./authorization-request";
import { CLIENT_SCOPES } from "./clients";
import { findClient, type ClientRow } from "./clients.server";
import { issuePoolTokens, scopesOf } from "./pool-tokens.server";
import { SIGNING_ALGORITHM } from "./signing-keys.server";
import type { SocialProvider } from "~/platform/adapters/identity-providers/providers";
import { liveToken, refreshableBy } from "./tokens.server";

const CODE_MS = 5 * 60_000;

export type AuthorizationRequest = {
  client: ClientRow;
  redirectUri: string;
  scopes: string[];
  state: string | null;
  codeChallenge: string | null;
  nonce: string | null;
  /** prompt=none: no page may be shown, so someone not signed in goes back to the app with login_required. */
  promptNone: boolean;
  /** The social provider identity_provider names, to go straight to; null for the product's own Log In. */
  identityProvider: SocialProvider | null;
};

/** The hosted service's names for its built-in providers, as our provider ids (spec 7). */
const PROVIDER_ALIASES: Record<string, string> = { signinwithapple: "apple", loginwithamazon: "amazon" };
/** The user pool's own sign-in, by the hosted service's name for it. */
const USER_POOL = "cognito";

/** What identity_provider names: the pool's own sign-in ("pool"), one of our social providers, or none we offer. */
export function identityProviderNamed(app: AppContext, name: string): SocialProvider | "pool" | null {
  const key = name.trim().toLowerCase();
  if (key === USER_POOL) return "pool";
  const id = PROVIDER_ALIASES[key] ?? key;
  return app.env.OAUTH_PROVIDERS.find((p) => p.id === id || p.name.toLowerCase() === key) ?? null;
}

/** The answer for a sign-in or sign-out link whose app or return address is not registered. */
export const UNREGISTERED_LINK = {
  signIn: "This sign-in link is not valid: the app or its return address is not registered.",
  signOut: "This sign-out link is not valid: the app or its return address is not registered.",
} as const;

/** The app's redirect address with an OAuth error (and the request's state), as the authorization endpoint answers. */
export function authorizationError(
  request: Pick<AuthorizationRequest, "redirectUri" | "state">,
  error: string,
  description: string,
): string {
  return withQuery(request.redirectUri, {
    error,
    error_description: description,
    ...(request.state ? { state: request.state } : {}),
  });
}

/**
 * Reads /oauth2/authorize's parameters (the query of a GET, the form of a POST). A client or redirect
 * address that is not registered is shown to the person (never redirected to: the address cannot be
 * trusted); every other mistake goes back to the app's redirect address as OAuth's error.
 */
export async function readAuthorization(
  app: AppContext,
  query: URLSearchParams,
): Promise<
  { status: "ok"; request: AuthorizationRequest } | { status: "show"; message: string } | { status: "back"; to: string }
> {
  const client = await findClient(app, query.get("client_id") ?? "");
  const redirectUri = query.get("redirect_uri") ?? "";
  if (!client || !client.redirectUris.includes(redirectUri))
    return { status: "show", message: UNREGISTERED_LINK.signIn };
  const state = query.get("state");
  const back = (error: string, description: string) => ({
    status: "back" as const,
    to: authorizationError({ redirectUri, state }, error, description),
  });
  if (query.get("response_type") !== "code")
    return back("unsupported_response_type", "Only response_type=code is supported.");
  const scopes = [...new Set((query.get("scope") ?? "openid").split(" ").filter(Boolean))];
  if (scopes.some((scope) => !client.scopes.includes(scope) || !(CLIENT_SCOPES as readonly string[]).includes(scope)))
    return back("invalid_scope", `This app may ask for: ${client.scopes.join(" ")}.`);
  const prompt = readPrompt(query.get("prompt"));
  if (!prompt.ok) return back("invalid_request", prompt.description);
  const codeChallenge = query.get("code_challenge");
  const method = query.get("code_challenge_method") ?? (codeChallenge ? "plain" : null);
  // Public clients (no secret), and confidential ones set to require it, must use PKCE; only its S256 method is taken.
  if (!codeChallenge && pkceRequired(client))
    return back("invalid_request", client.secret ? PKCE_REQUIRED.confidential : PKCE_REQUIRED.public);
  if (codeChallenge && (method !== "S256" || !/^[\w-]{43}$/.test(codeChallenge)))
    return back("invalid_request", "code_challenge must be S256 (43 base64url characters).");
  const named = query.get("identity_provider");
  const provider = named ? identityProviderNamed(app, named) : "pool";
  if (!provider) return back("invalid_request", `identity_provider ${named} is not offered here.`);
  return {
    status: "ok",
    request: {
      client,
      redirectUri,
      scopes,
      state,
      codeChallenge,
      nonce: query.get("nonce"),
      promptNone: prompt.none,
      identityProvider: provider === "pool" ? null : provider,
    },
  };
}

/**
 * Reads /logout's query: a registered client and a logout_uri to return to. The address must be on
 * the origin of one of the client's registered redirect addresses, so the link cannot send anyone to
 * a site the app does not own.
 */
export async function readLogout(
  app: AppContext,
  query: URLSearchParams,
): Promise<{ status: "ok"; client: ClientRow; logoutUri: string } | { status: "show"; message: string }> {
  const client = await findClient(app, query.get("client_id") ?? "");
  const logoutUri = query.get("logout_uri") ?? "";
  const origin = originOf(logoutUri);
  if (!client || !origin || !client.redirectUris.some((uri) => new URL(uri).origin === origin))
    return { status: "show", message: UNREGISTERED_LINK.signOut };
  return { status: "ok", client, logoutUri };
}

/** The code for a signed-in user, as the address to send them back to the app with. */
export async function authorize(
  app: AppContext,
  request: AuthorizationRequest,
  user: UserRow,
  sessionId: string | null,
): Promise<string> {
  const session = sessionId
    ? await app.db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId)).get()
    : undefined;
  const code = bytesToBase64url(crypto.getRandomValues(new Uint8Array(32)));
  await app.db.insert(oauthCodes).values({
    id: await sha256Hex(code),
    clientId: request.client.id,
    userId: user.id,
    redirectUri: request.redirectUri,
    scopes: request.scopes,
    codeChallenge: request.codeChallenge,
    nonce: request.nonce,
    authTime: session?.createdAt ?? app.now,
    expiresAt: app.now + CODE_MS,
  });
  return withQuery(request.redirectUri, { code, ...(request.state ? { state: request.state } : {}) });
}

export type TokenAnswer = { status: number; body: Record<string, unknown> };
const refused = (status: number, error: string, description: string): TokenAnswer => ({
  status,
  body: { error, error_description: description },
});

/**
 * POST /oauth2/token's form: authorization_code (with the PKCE verifier) or refresh_token. A
 * confidential client authenticates with HTTP Basic or client_secret in the form.
 */
export async function exchangeToken(
  app: AppContext,
  form: URLSearchParams,
  authorization: string | null,
  issuer: string,
): Promise<TokenAnswer> {
  const basic = parseBasic(authorization);
  const clientId = basic?.id ?? form.get("client_id") ?? "";
  const client = await findClient(app, clientId);
  if (!client) return refused(401, "invalid_client", "Unknown client.");
  if (client.secret) {
    const given = basic?.secret ?? form.get("client_secret") ?? "";
    if (!constantTimeEqual(given, client.secret)) return refused(401, "invalid_client", "The client secret is wrong.");
  }
  const grantType = form.get("grant_type");
  if (grantType === "refresh_token") {
    const refresh = await liveToken(app, form.get("refresh_token"), ["refresh"]);
    if (!refresh || !refreshableBy(refresh, client.id))
      return refused(400, "invalid_grant", "The refresh token is not valid for this client.");
    // The scopes the sign-in granted, within what the client may still ask for; a token from the
    // identity API's sign-in (no scopes of its own) gets the client's.
    const scopes = (refresh.scopes ?? client.scopes).filter((scope) => client.scopes.includes(scope));
    const tokens = await issuePoolTokens(
      app,
      refresh.user,
      { issuer, clientId: client.id, authTime: refresh.createdAt, scopes },
      false,
    );
    return { status: 200, body: tokenBody(tokens) };
  }
  if (grantType !== "authorization_code")
    return refused(400, "unsupported_grant_type", "grant_type is authorization_code or refresh_token.");
  const code = form.get("code") ?? "";
  // Spent by the first exchange, whatever its outcome.
  const row = await app.db
    .delete(oauthCodes)
    .where(and(eq(oauthCodes.id, await sha256Hex(code)), gt(oauthCodes.expiresAt, app.now)))
    .returning()
    .get();
  if (!row || row.clientId !== client.id || row.redirectUri !== form.get("redirect_uri"))
    return refused(400, "invalid_grant", "The code is not valid for this client and redirect_uri.");
  // A verifier for a code asked without a challenge is refused (RFC 9700 §2.1.1): otherwise a stolen
  // code from a request whose challenge an attacker stripped would still be exchanged.
  if (!row.codeChallenge && form.has("code_verifier"))
    return refused(
      400,
      "invalid_grant",
      "This code was asked for without code_challenge, so no code_verifier is taken.",
    );
  if (row.codeChallenge) {
    const verifier = form.get("code_verifier") ?? "";
    const challenge = bytesToBase64url(
      new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))),
    );
    if (!/^[\w.~-]{43,128}$/.test(verifier) || !constantTimeEqual(challenge, row.codeChallenge))
      return refused(400, "invalid_grant", "The code_verifier does not match the code_challenge.");
  }
  const user = await findUserById(app, row.userId);
  if (!user) return refused(400, "invalid_grant", "The user is gone.");
  const tokens = await issuePoolTokens(
    app,
    user,
    { issuer, clientId: client.id, authTime: row.authTime, scopes: row.scopes, nonce: row.nonce ?? undefined },
    true,
  );
  return { status: 200, body: tokenBody(tokens) };
}

/** /oauth2/userInfo: the claims of the user an access token belongs to, as its scopes allow. */
export async function userInfo(app: AppContext, accessToken: string | null): Promise<TokenAnswer> {
  const live = accessToken ? await liveToken(app, accessToken, ["access"]) : null;
  if (!live) return refused(401, "invalid_token", "The access token is not valid.");
  const scopes = scopesOf(accessToken!);
  const { user } = live;
  return {
    status: 200,
    body: {
      sub: user.id,
      username: user.username,
      ...(scopes.includes("email") || scopes.includes("aws.cognito.signin.user.admin")
        ? { email: user.email, email_verified: String(user.emailVerified) }
        : {}),
      ...(scopes.includes("profile") || scopes.includes("aws.cognito.signin.user.admin")
        ? { given_name: user.firstName, family_name: user.lastName }
        : {}),
    },
  };
}

/** /.well-known/openid-configuration: where everything is, for clients that discover it. */
export function openIdConfiguration(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth2/authorize`,
    token_endpoint: `${issuer}/oauth2/token`,
    userinfo_endpoint: `${issuer}/oauth2/userInfo`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: [SIGNING_ALGORITHM],
    scopes_supported: [...CLIENT_SCOPES],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    code_challenge_methods_supported: ["S256"],
    // Only prompt=none changes what happens; login, consent and select_account are taken and change nothing.
    prompt_values_supported: ["none"],
    claims_supported: ["sub", "email", "email_verified", "given_name", "family_name", "cognito:username"],
  };
}

function tokenBody(tokens: Awaited<ReturnType<typeof issuePoolTokens>>) {
  return {
    access_token: tokens.AccessToken,
    id_token: tokens.IdToken,
    ...(tokens.RefreshToken ? { refresh_token: tokens.RefreshToken } : {}),
    token_type: "Bearer",
    expires_in: tokens.ExpiresIn,
  };
}

function parseBasic(header: string | null): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? "");
  if (!match) return null;
  try {
    const [id, ...rest] = atob(match[1]).split(":");
    return { id: decodeURIComponent(id), secret: decodeURIComponent(rest.join(":")) };
  } catch {
    return null;
  }
}

const bytesToBase64url = (bytes: Uint8Array) =>
  bytesToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function originOf(address: string): string | null {
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

function withQuery(address: string, params: Record<string, string>): string {
  const url = new URL(address);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}
