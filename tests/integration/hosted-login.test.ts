/**
 * Hosted login with a real OAuth 2.0 / OpenID Connect client library, oauth4webapi: discovery, the
 * code flow with PKCE from a browser signed in to the product, the id token checked against the
 * published key set, userInfo and refresh; and the endpoints' refusals.
 */
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from "jose";
import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { registerClient } from "~/features/identity/clients.server";
import { call, testApp } from "./app-context";
import { identity } from "./identity-helpers";

const ISSUER = new URL("http://127.0.0.1:8787");
const REDIRECT = "http://localhost:5173/callback";
/** The library's requests go to the worker in-process; http is this test's only transport. */
const options = {
  [oauth.customFetch]: (url: string, init: RequestInit) => {
    const target = new URL(url);
    return call(target.pathname + target.search, init);
  },
  [oauth.allowInsecureRequests]: true,
};

async function discover() {
  return oauth.processDiscoveryResponse(ISSUER, await oauth.discoveryRequest(ISSUER, options));
}

/** A person with an account, signed in in a browser: its cookies. */
async function signedInBrowser(email: string): Promise<string> {
  await identity("SignUp", {
    Username: email,
    Password: "hosted login password",
    UserAttributes: [
      { Name: "email", Value: email },
      { Name: "given_name", Value: "Hol" },
      { Name: "family_name", Value: "Ly" },
    ],
  });
  const login = await call("/auth/login", {
    method: "POST",
    body: new URLSearchParams({ email, password: "hosted login password", page: "/" }),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  expect(login.status).toBe(303);
  return login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** The address a code-flow client sends the browser to (PKCE from `verifier`), with `changes` to its query. */
async function authorizePath(clientId: string, verifier: string, changes: Record<string, string> = {}) {
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: "openid",
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state: "s1",
    ...changes,
  });
  return `/oauth2/authorize?${query}`;
}

describe("hosted login", () => {
  it("completes the code flow with PKCE for a public client; the id token checks against the JWKS", async () => {
    const registered = await registerClient(testApp(), {
      name: "A browser app",
      redirectUris: [REDIRECT],
      scopes: ["openid", "email", "profile"],
    });
    const as = await discover();
    expect(as).toMatchObject({
      issuer: "http://127.0.0.1:8787",
      token_endpoint: "http://127.0.0.1:8787/oauth2/token",
      jwks_uri: "http://127.0.0.1:8787/.well-known/jwks.json",
      code_challenge_methods_supported: ["S256"],
    });
    const client: oauth.Client = { client_id: registered.id };
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const nonce = oauth.generateRandomNonce();
    const path = await authorizePath(registered.id, verifier, { scope: "openid email profile", state, nonce });
    expect(new URL(path, ISSUER).href.startsWith(as.authorization_endpoint!)).toBe(true);

    // Nobody signed in: the product's own Log In page, which comes back here after.
    const anonymous = await call(path);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/auth/login?${new URLSearchParams({ redirect: path })}`);

    const cookies = await signedInBrowser("hosted-login@example.com");
    const authorized = await call(path, { headers: { Cookie: cookies } });
    expect(authorized.status).toBe(302);
    const callback = new URL(authorized.headers.get("Location")!);
    expect(callback.origin + callback.pathname).toBe(REDIRECT);
    const params = oauth.validateAuthResponse(as, client, callback, state);

    const exchange = () =>
      oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, options);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, await exchange(), {
      expectedNonce: nonce,
      requireIdToken: true,
    });
    const jwks = (await (await call("/.well-known/jwks.json")).json()) as JSONWebKeySet;
    const id = await jwtVerify(tokens.id_token!, createLocalJWKSet(jwks), {
      issuer: as.issuer,
      audience: registered.id,
    });
    expect(id.payload).toMatchObject({ email: "hosted-login@example.com", given_name: "Hol", nonce, token_use: "id" });

    const info = await oauth.processUserInfoResponse(
      as,
      client,
      id.payload.sub!,
      await oauth.userInfoRequest(as, client, tokens.access_token, options),
    );
    expect(info).toMatchObject({ sub: id.payload.sub, email: "hosted-login@example.com", family_name: "Ly" });

    // The hosted-login token is for the app, not for the identity API's calls on the account (spec 9).
    expect((await identity("GetUser", { AccessToken: tokens.access_token })).body).toEqual({
      __type: "NotAuthorizedException",
      message: "Access Token does not have required scopes",
    });
    const api = await call("/api/users/getBasicUserInfo", {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    expect(api.status).toBe(401);

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, options),
    );
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    // Another app cannot use this app's refresh token.
    const other = await registerClient(testApp(), {
      name: "Another app",
      redirectUris: [REDIRECT],
      scopes: ["openid"],
    });
    const stolen = oauth.refreshTokenGrantRequest(
      as,
      { client_id: other.id },
      oauth.None(),
      tokens.refresh_token!,
      options,
    );
    await expect(oauth.processRefreshTokenResponse(as, { client_id: other.id }, await stolen)).rejects.toMatchObject({
      error: "invalid_grant",
    });

    // The code was spent by its exchange.
    await expect(oauth.processAuthorizationCodeResponse(as, client, await exchange())).rejects.toMatchObject({
      error: "invalid_grant",
    });
  });

  it("sends a page load from our own Log In form on through a page, since its CSP lets the form lead only here", async () => {
    const registered = await registerClient(testApp(), {
      name: 'Tom & "Jerry" <App>',
      redirectUris: [REDIRECT],
      scopes: ["openid"],
    });
    const path = await authorizePath(registered.id, oauth.generateRandomCodeVerifier(), { state: "s&t" });
    const cookies = await signedInBrowser("hosted-login-page@example.com");
    const page = await call(path, {
      headers: { Cookie: cookies, "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Dest": "document" },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    const href = /<a href="([^"]+)">Continue to Tom &amp; &quot;Jerry&quot; &lt;App&gt;<\/a>/.exec(html)?.[1];
    expect(href).toBeDefined();
    const to = new URL(href!.replace(/&amp;/g, "&"));
    expect(to.origin + to.pathname).toBe(REDIRECT);
    expect(to.searchParams.get("state")).toBe("s&t");
    expect(html).toContain(`<meta http-equiv="refresh" content="0;url=${href}">`);
    // The same request as the page's data load (with JavaScript) gets the plain redirect.
    const data = await call(path, {
      headers: { Cookie: cookies, "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Dest": "empty" },
    });
    expect(data.status).toBe(302);
  });

  it("refuses an unregistered app or address on the page, and other mistakes at the app's address", async () => {
    const registered = await registerClient(testApp(), {
      name: "Strict app",
      redirectUris: [REDIRECT],
      scopes: ["openid"],
    });
    const verifier = oauth.generateRandomCodeVerifier();
    const go = async (changes: Record<string, string>) =>
      call(await authorizePath(registered.id, verifier, { state: "xyz", ...changes }));
    for (const bad of [{ client_id: "nobody" }, { redirect_uri: "https://evil.example/callback" }] as Record<
      string,
      string
    >[]) {
      const page = await go(bad);
      expect(page.status).toBe(400);
      expect(page.headers.get("Location")).toBeNull();
    }
    const back = async (params: Record<string, string>) =>
      Object.fromEntries(new URL((await go(params)).headers.get("Location")!).searchParams);
    expect(await back({ response_type: "token" })).toMatchObject({ error: "unsupported_response_type", state: "xyz" });
    expect(await back({ scope: "openid email" })).toMatchObject({ error: "invalid_scope" });
    expect(await back({ code_challenge: "" })).toMatchObject({ error: "invalid_request" });
    expect(await back({ code_challenge_method: "plain" })).toMatchObject({ error: "invalid_request" });
  });

  it("refuses a wrong PKCE verifier, another client's code, and a confidential client without its secret", async () => {
    const registered = await registerClient(testApp(), {
      name: "A server app",
      redirectUris: [REDIRECT],
      scopes: ["openid", "email"],
      confidential: "on",
    });
    const as = await discover();
    const client: oauth.Client = { client_id: registered.id };
    const verifier = oauth.generateRandomCodeVerifier();
    const path = await authorizePath(registered.id, verifier);
    const cookies = await signedInBrowser("hosted-login-confidential@example.com");
    const code = () =>
      call(path, { headers: { Cookie: cookies } }).then((r) =>
        oauth.validateAuthResponse(as, client, new URL(r.headers.get("Location")!), "s1"),
      );
    const exchange = (params: URLSearchParams, auth: oauth.ClientAuth, wrongVerifier = false) =>
      oauth
        .authorizationCodeGrantRequest(
          as,
          client,
          auth,
          params,
          REDIRECT,
          wrongVerifier ? oauth.generateRandomCodeVerifier() : verifier,
          options,
        )
        .then((response) => oauth.processAuthorizationCodeResponse(as, client, response))
        .catch((error: { error?: string; status?: number }) => error);

    expect(await exchange(await code(), oauth.None())).toMatchObject({ error: "invalid_client" });
    expect(await exchange(await code(), oauth.ClientSecretBasic("not the secret"))).toMatchObject({
      error: "invalid_client",
    });
    expect(await exchange(await code(), oauth.ClientSecretBasic(registered.secret!), true)).toMatchObject({
      error: "invalid_grant",
    });
    const tokens = await exchange(await code(), oauth.ClientSecretPost(registered.secret!));
    expect(tokens).toMatchObject({ token_type: "bearer", id_token: expect.any(String) });
  });
});
