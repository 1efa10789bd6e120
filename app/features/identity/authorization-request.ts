/**
 * Hosted login's rules for an authorization request that need no database: the `prompt` parameter
 * (OpenID Connect Core §3.1.2.1) and when PKCE is required (RFC 9700 §2.1.1). The server side
 * (hosted-login.server.ts) applies them to /oauth2/authorize's parameters.
 */

/**
 * Reads `prompt` (space-delimited): whether it is `none` (no page may be shown: the request is
 * answered at once, with a code or with an error such as login_required), or why it is refused
 * (`none` with any other value is invalid_request). The other values (login, consent,
 * select_account) and unknown ones change nothing.
 */
export function readPrompt(value: string | null): { ok: true; none: boolean } | { ok: false; description: string } {
  const values = new Set((value ?? "").split(" ").filter(Boolean));
  if (values.has("none") && values.size > 1)
    return { ok: false, description: "prompt=none cannot be combined with another prompt value." };
  return { ok: true, none: values.has("none") };
}

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

/** A sign-in request posted to /oauth2/authorize that is not a form. */
export const NOT_A_FORM =
  "This sign-in request could not be read: it must be posted as a form (application/x-www-form-urlencoded).";
