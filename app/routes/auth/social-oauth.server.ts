/**
 * The OAuth round trip of social sign-in: authorization code + PKCE (S256) with a state check,
 * through remix-auth-oauth2. The start is a form post, or hosted login's authorize link naming the
 * provider (identity_provider); the provider returns
 * to /auth/callback, where the ID token becomes a profile (features/identity/social.server.ts).
 */
import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import { profileFromIdToken, type SocialProfile } from "~/features/identity/social.server";
import type { SocialProvider } from "~/platform/adapters/identity-providers/providers";
import { isSecureRequest } from "~/platform/http.server";

/** The strategy for one provider: our redirect URI, PKCE S256, the state in a short-lived cookie. */
class ProviderStrategy extends OAuth2Strategy<SocialProfile> {
  constructor(
    private provider: SocialProvider,
    request: Request,
    loginHint: string | null,
  ) {
    const formPost = provider.responseMode === "form_post";
    super(
      {
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        authorizationEndpoint: provider.authorizationEndpoint,
        tokenEndpoint: provider.tokenEndpoint,
        redirectURI: new URL("/auth/callback", request.url).toString(),
        scopes: provider.scopes,
        codeChallengeMethod: CodeChallengeMethod.S256,
        // A provider that posts back (Apple) comes from another site, so its state cookie must be SameSite=None.
        cookie: formPost
          ? { name: "studio_oauth_state", path: "/auth", httpOnly: true, sameSite: "None", secure: true, maxAge: 600 }
          : {
              name: "studio_oauth_state",
              path: "/auth",
              httpOnly: true,
              sameSite: "Lax",
              ...(isSecureRequest(request) ? { secure: true as const } : {}),
              maxAge: 600,
            },
      },
      async ({ tokens }) => profileFromIdToken(provider, tokens.idToken()),
    );
    this.loginHint = loginHint;
  }

  private loginHint: string | null;

  protected override authorizationParams(params: URLSearchParams, request: Request): URLSearchParams {
    const out = super.authorizationParams(params, request);
    if (this.provider.responseMode === "form_post") out.set("response_mode", "form_post");
    if (this.loginHint) out.set("login_hint", this.loginHint);
    return out;
  }
}

/** Starts the sign-in: throws the redirect to the provider (with the state cookie). */
export async function startSocialSignIn(
  provider: SocialProvider,
  request: Request,
  loginHint: string | null,
): Promise<never> {
  // Started from an address without its query: the library finishes a sign-in whenever it sees a
  // `state`, and hosted login's /oauth2/authorize carries the app's own.
  const start = new Request(new URL(new URL(request.url).pathname, request.url), { headers: request.headers });
  await new ProviderStrategy(provider, start, loginHint).authenticate(start);
  throw new Error("The provider redirect was expected");
}

/** Finishes the sign-in at /auth/callback: checks state and PKCE, exchanges the code and reads the ID token. */
export function finishSocialSignIn(provider: SocialProvider, request: Request): Promise<SocialProfile> {
  return new ProviderStrategy(provider, request, null).authenticate(request);
}
