/**
 * The identity API's tokens: JWTs a client can parse and any app can check against
 * /.well-known/jwks.json, which our server still honours only while D1 says they are live.
 */
import { env } from "cloudflare:test";
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
} from "jose";
import { describe, expect, it } from "vitest";
import { registerClient } from "~/features/identity/clients.server";
import { call, testApp } from "./app-context";
import { expectRevoked, identity } from "./identity-helpers";

const ISSUER = "http://127.0.0.1:8787";

async function jwks() {
  const response = await call("/.well-known/jwks.json");
  expect(response.status).toBe(200);
  return { response, keys: (await response.json()) as JSONWebKeySet };
}

async function signUpAndIn(email: string, clientId?: string) {
  const made = await identity("SignUp", {
    Username: email,
    Password: "a token test password",
    UserAttributes: [
      { Name: "email", Value: email },
      { Name: "given_name", Value: "Jo" },
      { Name: "family_name", Value: "Wt" },
    ],
  });
  expect(made.status).toBe(200);
  const auth = await identity("InitiateAuth", {
    AuthFlow: "USER_PASSWORD_AUTH",
    ...(clientId ? { ClientId: clientId } : {}),
    AuthParameters: { USERNAME: email, PASSWORD: "a token test password" },
  });
  expect(auth.status).toBe(200);
  return {
    sub: made.body.UserSub as string,
    tokens: auth.body.AuthenticationResult as { AccessToken: string; IdToken: string; RefreshToken: string },
  };
}

describe("identity API tokens", () => {
  it("signs id and access tokens with the published key, with the service's claims", async () => {
    // A registered app client (the API takes only those): the tokens name it.
    const app = await registerClient(testApp(), {
      name: "Creator app",
      redirectUris: ["https://creator-app.example/callback"],
      scopes: ["openid", "email"],
    });
    const { sub, tokens } = await signUpAndIn("jwt-claims@example.com", app.id);
    const { response, keys } = await jwks();
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(keys.keys).toHaveLength(1);
    expect(keys.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig", kid: expect.any(String) });
    // The public half only.
    expect(keys.keys[0]).not.toHaveProperty("d");
    const keySet = createLocalJWKSet(keys);

    const id = await jwtVerify(tokens.IdToken, keySet, { issuer: ISSUER, audience: app.id });
    expect(decodeProtectedHeader(tokens.IdToken)).toMatchObject({ alg: "RS256", kid: keys.keys[0].kid });
    expect(id.payload).toMatchObject({
      sub,
      token_use: "id",
      email: "jwt-claims@example.com",
      email_verified: false,
      given_name: "Jo",
      family_name: "Wt",
      "cognito:username": expect.any(String),
      auth_time: expect.any(Number),
    });
    expect(id.payload.exp! - id.payload.iat!).toBe(3600);

    const access = await jwtVerify(tokens.AccessToken, keySet, { issuer: ISSUER });
    expect(access.payload).toMatchObject({
      sub,
      token_use: "access",
      client_id: app.id,
      username: id.payload["cognito:username"],
      auth_time: id.payload.auth_time,
      jti: expect.any(String),
    });
    expect(access.payload.jti).not.toBe(id.payload.jti);
  });

  it("names our own web client when the call names none", async () => {
    const { tokens } = await signUpAndIn("jwt-default-client@example.com");
    const { keys } = await jwks();
    const id = await jwtVerify(tokens.IdToken, createLocalJWKSet(keys), { issuer: ISSUER, audience: "studio-web" });
    expect(id.payload.aud).toBe("studio-web");
  });

  it("keeps the sign-in's auth_time on a refresh, with new tokens", async () => {
    const { sub, tokens } = await signUpAndIn("jwt-refresh@example.com");
    const keySet = createLocalJWKSet((await jwks()).keys);
    const first = await jwtVerify(tokens.AccessToken, keySet);
    // As if the sign-in had been ten minutes ago.
    await env.DB.prepare(
      "UPDATE api_tokens SET created_at = created_at - 600000 WHERE user_id = ? AND kind = 'refresh'",
    )
      .bind(sub)
      .run();
    const refreshed = await identity("InitiateAuth", {
      AuthFlow: "REFRESH_TOKEN_AUTH",
      ClientId: "studio-web",
      AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken },
    });
    expect(refreshed.status).toBe(200);
    const result = refreshed.body.AuthenticationResult;
    expect(result.RefreshToken).toBeUndefined();
    expect(result.AccessToken).not.toBe(tokens.AccessToken);
    const again = await jwtVerify(result.AccessToken, keySet, { issuer: ISSUER });
    expect(again.payload.auth_time).toBe((first.payload.auth_time as number) - 600);
    const id = await jwtVerify(result.IdToken, keySet, { issuer: ISSUER, audience: "studio-web" });
    expect(id.payload.auth_time).toBe(again.payload.auth_time);
  });

  it("refuses a token at once after a global sign-out, though its signature still checks", async () => {
    const { tokens } = await signUpAndIn("jwt-revoked@example.com");
    const bearer = { headers: { Authorization: `Bearer ${tokens.AccessToken}` } };
    expect((await call("/api/users/getBasicUserInfo", bearer)).status).toBe(200);
    expect((await identity("GlobalSignOut", { AccessToken: tokens.AccessToken })).status).toBe(200);
    await expect(jwtVerify(tokens.AccessToken, createLocalJWKSet((await jwks()).keys))).resolves.toBeTruthy();
    await expectRevoked(tokens);
  });

  it("refuses tokens it did not hand out: another key's, a changed one, an id token", async () => {
    const { tokens } = await signUpAndIn("jwt-forged@example.com");
    const real = await jwtVerify(tokens.AccessToken, createLocalJWKSet((await jwks()).keys));
    const other = await generateKeyPair("RS256");
    const forged = await new SignJWT(real.payload).setProtectedHeader(real.protectedHeader).sign(other.privateKey);
    const [header, , signature] = tokens.AccessToken.split(".");
    const changedPayload = btoa(JSON.stringify({ ...real.payload, exp: real.payload.exp! + 86400 }))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    const changed = `${header}.${changedPayload}.${signature}`;
    for (const token of [forged, changed, tokens.IdToken, `${tokens.AccessToken}x`, "a.b", ""]) {
      const answer = await identity("GetUser", { AccessToken: token });
      expect(answer.status).toBe(400);
      expect(answer.body.__type).toBe("NotAuthorizedException");
      const api = await call("/api/users/getBasicUserInfo", { headers: { Authorization: `Bearer ${token}` } });
      expect(api.status).toBe(401);
    }
  });

  it("makes the key once: the set read before any sign-in holds the key that then signs", async () => {
    await env.DB.prepare("DELETE FROM signing_keys").run();
    const before = (await jwks()).keys;
    expect(before.keys).toHaveLength(1);
    const { tokens } = await signUpAndIn("jwt-key-once@example.com");
    expect(decodeProtectedHeader(tokens.IdToken).kid).toBe(before.keys[0].kid);
    expect((await jwks()).keys).toEqual(before);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM signing_keys").first<{ n: number }>())!.n).toBe(1);
  });
});
