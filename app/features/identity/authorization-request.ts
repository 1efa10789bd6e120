/**
 * Hosted login's rules for an authorization request that need no database: when PKCE is required
 * (RFC 9700 §2.1.1). The server side (hosted-login.server.ts) applies them to /oauth2/authorize's
 * parameters.
 */

/**
 * Whether an authorization request must carry a PKCE code_challenge for this client: always for a
 * public client (no secret), and for a confidential one whose "Require PKCE" setting is on.
 */
export const pkceRequired = (client: { secret: string | null; requirePkce: boolean }) =>
  client.requirePkce || !client.secret;

/** The refusals' descriptions (error=invalid_request at the app's redirect address). */
export const PKCE_REQUIRED = {
  public: "A public client must send code_challenge (PKCE).",
  confidential: "PKCE is required for this client: send code_challenge with code_challenge_method=S256.",
} as const;
