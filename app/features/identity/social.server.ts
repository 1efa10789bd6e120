/**
 * Social sign-in (spec 4, "Social redirect completion"): authorization code + PKCE (S256) with a
 * state check, through remix-auth-oauth2. The start is a form post (no state change on GET); the
 * provider returns to /auth/callback, where the ID token's email and names create or link the user.
 */
import { and, eq } from "drizzle-orm";
import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import { socialAccounts, users, type UserRow } from "~/db/schema";
import type { SocialProvider } from "~/platform/adapters/identity-providers/providers";
import type { AppContext } from "~/platform/context";
import { isSecureRequest } from "~/platform/http.server";
import { NAME_MAX } from "./rules";

/** What the sign-in was started with, kept for the return trip in the studio_oauth cookie (social-actions.server.ts). */
export interface SocialContext {
  provider: string;
  page: string;
  redirect: string | null;
  options: { social: boolean; dark: boolean; blockClose: boolean; source: string | null };
}

export interface SocialProfile {
  provider: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

export class SocialSignInError extends Error {
  constructor(
    readonly kind: "no_email" | "cannot_link",
    message: string,
  ) {
    super(message);
  }
}

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

function decodeJwtPayload(jwt: string): Record<string, unknown> {
  const part = jwt.split(".")[1];
  if (!part) throw new Error("Malformed ID token");
  const base64 = part
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(part.length / 4) * 4, "=");
  const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
  return JSON.parse(json) as Record<string, unknown>;
}

const clip = (value: unknown, fallback: string) =>
  typeof value === "string" && value.trim() ? value.trim().slice(0, NAME_MAX) : fallback;

/**
 * The ID token came straight from the provider's token endpoint over TLS in exchange for our code and
 * verifier, so (OpenID Connect Core 3.1.3.7) its issuer, audience and expiry are checked rather than
 * its signature.
 */
export function profileFromIdToken(provider: SocialProvider, idToken: string, now = Date.now()): SocialProfile {
  const claims = decodeJwtPayload(idToken);
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== provider.issuer && claims.iss !== provider.issuer.replace(/\/$/, ""))
    throw new Error("ID token from another issuer");
  if (!audience.includes(provider.clientId)) throw new Error("ID token for another client");
  if (typeof claims.exp !== "number" || claims.exp * 1000 < now) throw new Error("Expired ID token");
  if (typeof claims.sub !== "string" || !claims.sub) throw new Error("ID token without a subject");
  const email =
    typeof claims.email === "string" && claims.email.includes("@") ? claims.email.trim().toLowerCase() : null;
  const [givenFromName, ...rest] = typeof claims.name === "string" ? claims.name.trim().split(/\s+/) : [];
  return {
    provider: provider.id,
    subject: claims.sub,
    email,
    // Apple sends "true" as a string.
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    // Spec 4: first name defaults to 'Social', last name to 'User'.
    firstName: clip(claims.given_name ?? givenFromName, "Social"),
    lastName: clip(claims.family_name ?? rest.join(" "), "User"),
  };
}

export function findProvider(app: AppContext, id: string): SocialProvider | null {
  return app.env.OAUTH_PROVIDERS.find((provider) => provider.id === id) ?? null;
}

/** Starts the sign-in: throws the redirect to the provider (with the state cookie). */
export async function startSocialSignIn(
  provider: SocialProvider,
  request: Request,
  loginHint: string | null,
): Promise<never> {
  await new ProviderStrategy(provider, request, loginHint).authenticate(request);
  throw new Error("The provider redirect was expected");
}

/** Finishes the sign-in at /auth/callback: checks state and PKCE, exchanges the code and reads the ID token. */
export function finishSocialSignIn(provider: SocialProvider, request: Request): Promise<SocialProfile> {
  return new ProviderStrategy(provider, request, null).authenticate(request);
}

/**
 * Creates or links the user (spec 4): the linked social account first; else an existing user with the
 * same email, linked only when the provider vouches for the email; else a new user without a password.
 */
export async function userForSocialProfile(
  app: AppContext,
  profile: SocialProfile,
): Promise<{ user: UserRow; created: boolean }> {
  const linked = await app.db
    .select({ user: users })
    .from(socialAccounts)
    .innerJoin(users, eq(users.id, socialAccounts.userId))
    .where(and(eq(socialAccounts.provider, profile.provider), eq(socialAccounts.subject, profile.subject)))
    .get();
  if (linked) return { user: linked.user, created: false };
  if (!profile.email) throw new SocialSignInError("no_email", "no email in the ID token");
  const link = { provider: profile.provider, subject: profile.subject, email: profile.email, createdAt: app.now };
  const existing = await app.db.select().from(users).where(eq(users.email, profile.email)).get();
  if (existing) {
    // Linking by an email the provider has not verified would let anyone claim any account.
    if (!profile.emailVerified) throw new SocialSignInError("cannot_link", "unverified email for an existing account");
    await app.db
      .insert(socialAccounts)
      .values({ ...link, userId: existing.id })
      .onConflictDoNothing();
    return { user: existing, created: false };
  }
  const id = crypto.randomUUID();
  const [[user]] = await app.db.batch([
    app.db
      .insert(users)
      .values({
        id,
        email: profile.email,
        emailVerified: profile.emailVerified,
        username: crypto.randomUUID(),
        firstName: profile.firstName,
        lastName: profile.lastName,
        signUpDate: app.now,
      })
      .returning(),
    app.db.insert(socialAccounts).values({ ...link, userId: id }),
  ]);
  return { user, created: true };
}
