/**
 * IdTokens for /api/identity clients: a JWT (HS256) with the user's identity claims, as the hosted
 * service's IdToken carries them. Clients read it; our server never trusts one (API calls carry the
 * opaque access token), so without TOKEN_SIGNING_SECRET a random key per isolate is enough.
 */
import type { UserRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { TOKEN_TTL } from "./tokens.server";

let isolateKey: Uint8Array<ArrayBuffer> | null = null;

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const encodeJson = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));

export async function signIdToken(app: AppContext, user: UserRow): Promise<string> {
  const secret: Uint8Array<ArrayBuffer> = app.env.TOKEN_SIGNING_SECRET
    ? new TextEncoder().encode(app.env.TOKEN_SIGNING_SECRET)
    : (isolateKey ??= crypto.getRandomValues(new Uint8Array(32)));
  const now = Math.floor(app.now / 1000);
  const header = encodeJson({ alg: "HS256", typ: "JWT" });
  const payload = encodeJson({
    sub: user.id,
    "cognito:username": user.username,
    email: user.email,
    email_verified: user.emailVerified,
    given_name: user.firstName,
    family_name: user.lastName,
    token_use: "id",
    iss: app.env.PRODUCT_NAME,
    aud: "studio-web",
    auth_time: now,
    iat: now,
    exp: now + TOKEN_TTL.access / 1000,
  });
  const key = await crypto.subtle.importKey("raw", secret, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = new Uint8Array(
    await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${header}.${payload}`)),
  );
  return `${header}.${payload}.${base64url(signature)}`;
}
