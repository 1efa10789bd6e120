/**
 * Social sign-in (spec 4, "Social redirect completion"): the provider's ID token read into a profile,
 * and the profile's user, created or linked. The OAuth round trip itself (authorization code + PKCE
 * with a state cookie, through remix-auth-oauth2) is the /auth routes' (app/routes/auth/social-oauth.server.ts).
 */
import { and, eq } from "drizzle-orm";
import { socialAccounts, users, type UserRow } from "~/db/schema";
import type { SocialProvider } from "~/platform/adapters/identity-providers/providers";
import type { AppContext } from "~/platform/context";
import type { AuthOptions } from "./modal";
import { NAME_MAX } from "./rules";

/** What the sign-in was started with, kept for the return trip in the studio_oauth cookie (social-actions.server.ts). */
export interface SocialContext {
  provider: string;
  page: string;
  redirect: string | null;
  options: AuthOptions;
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
