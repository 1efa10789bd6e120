/**
 * The identity API takes only registered app clients' ClientIds, and a confidential client's calls
 * must prove its secret with SECRET_HASH, as the hosted service checks them.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { registerClient, secretHash } from "~/features/identity/clients.server";
import { testApp } from "./app-context";
import { identity } from "./identity-helpers";

const attributes = (email: string) => [{ Name: "email", Value: email }];
const usersWith = async (email: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(email).first<{ n: number }>())!.n;
const claimsOf = (jwt: string) => JSON.parse(atob(jwt.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));

describe("app clients on the identity API", () => {
  it("refuses a ClientId nobody registered, and does nothing", async () => {
    const signUp = await identity("SignUp", {
      ClientId: "nobody-registered-this",
      Username: "client-unknown@example.com",
      Password: "a client test password",
      UserAttributes: attributes("client-unknown@example.com"),
    });
    expect(signUp.body).toEqual({
      __type: "ResourceNotFoundException",
      message: "User pool client nobody-registered-this does not exist.",
    });
    expect(await usersWith("client-unknown@example.com")).toBe(0);
    const signIn = await identity("InitiateAuth", {
      ClientId: "nobody-registered-this",
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: "learner@studio.example", PASSWORD: "whatever1" },
    });
    expect(signIn.body.__type).toBe("ResourceNotFoundException");
  });

  it("asks a confidential client for SECRET_HASH on sign-up, sign-in and refresh, and names it in the tokens", async () => {
    const client = await registerClient(testApp(), {
      name: "A server app",
      redirectUris: ["https://server-app.example/callback"],
      scopes: ["openid", "aws.cognito.signin.user.admin"],
      confidential: "on",
    });
    expect(client.secret).toMatch(/^[a-z0-9]{51}$/);
    const email = "client-secret@example.com";
    const signUpWith = (extra: Record<string, string>) =>
      identity("SignUp", {
        ClientId: client.id,
        Username: email,
        Password: "a client test password",
        UserAttributes: attributes(email),
        ...extra,
      });
    expect((await signUpWith({})).body).toEqual({
      __type: "NotAuthorizedException",
      message: `Client ${client.id} is configured for secret but secret was not received`,
    });
    expect((await signUpWith({ SecretHash: await secretHash("not the secret", email, client.id) })).body).toEqual({
      __type: "NotAuthorizedException",
      message: `Unable to verify secret hash for client ${client.id}`,
    });
    expect(await usersWith(email)).toBe(0);
    expect((await signUpWith({ SecretHash: await secretHash(client.secret!, email, client.id) })).status).toBe(200);

    const signIn = await identity("InitiateAuth", {
      ClientId: client.id,
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: {
        USERNAME: email,
        PASSWORD: "a client test password",
        SECRET_HASH: await secretHash(client.secret!, email, client.id),
      },
    });
    const tokens = signIn.body.AuthenticationResult;
    expect(claimsOf(tokens.IdToken).aud).toBe(client.id);
    expect(claimsOf(tokens.AccessToken).client_id).toBe(client.id);

    const refresh = (SECRET_HASH?: string) =>
      identity("InitiateAuth", {
        ClientId: client.id,
        AuthFlow: "REFRESH_TOKEN_AUTH",
        AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken, ...(SECRET_HASH ? { SECRET_HASH } : {}) },
      });
    expect((await refresh()).body.__type).toBe("NotAuthorizedException");
    // Over the user's id (the sub), as clients that keep only the sub compute it.
    const sub = claimsOf(tokens.IdToken).sub as string;
    const refreshed = await refresh(await secretHash(client.secret!, sub, client.id));
    expect(claimsOf(refreshed.body.AuthenticationResult.AccessToken).client_id).toBe(client.id);
    // The refresh token works only for the client it was handed to.
    const elsewhere = await identity("InitiateAuth", {
      AuthFlow: "REFRESH_TOKEN_AUTH",
      AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken },
    });
    expect(elsewhere.body).toEqual({ __type: "NotAuthorizedException", message: "Invalid Refresh Token" });
  });

  it("takes a registered public client's calls without a secret", async () => {
    const client = await registerClient(testApp(), {
      name: "A browser app",
      redirectUris: ["http://localhost:5173/callback"],
      scopes: ["openid"],
    });
    const signUp = await identity("SignUp", {
      ClientId: client.id,
      Username: "client-public@example.com",
      Password: "a client test password",
      UserAttributes: attributes("client-public@example.com"),
    });
    expect(signUp.status).toBe(200);
  });
});
