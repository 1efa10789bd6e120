/**
 * Hosted login with a real OAuth 2.0 / OpenID Connect client library, oauth4webapi: discovery, the
 * code flow with PKCE from a browser signed in to the product, the id token checked against the
 * published key set, userInfo and refresh; and the endpoints' refusals.
 */
import { env } from "cloudflare:test";
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from "jose";
import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { registerClient } from "~/features/identity/clients.server";
import type { AddClientInput } from "~/features/identity/clients";
import { call, testApp } from "./app-context";
import { html, signUp, type Fields } from "./commerce-helpers";
import { callWith, identity } from "./identity-helpers";

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

/** An app registered to come back to REDIRECT (public unless `settings` say confidential). */
function appAt(
  name: string,
  scopes: AddClientInput["scopes"] = ["openid"],
  settings: { confidential?: "on"; requirePkce?: "on" } = {},
) {
  return registerClient(testApp(), { name, redirectUris: [REDIRECT], scopes, ...settings });
}

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

const unescape = (html: string) => html.replace(/&quot;/g, '"').replace(/&amp;/g, "&");

/** The address of a page's "Continue to {app}" link (the app's name as the page escapes it). */
function continueLink(html: string, escapedName: string): string {
  const match = new RegExp(
    `href="([^"]+)"><span class="btn__label">Continue to (?:<!-- -->)?${escapedName}</span>`,
  ).exec(html);
  expect(match, "the Continue link").not.toBeNull();
  return unescape(match![1]);
}

/** Where a page's meta refresh goes, or null without one. */
function refreshTo(html: string): string | null {
  const match = /<meta http-equiv="refresh" content="0;url=([^"]+)"\/?>/.exec(html);
  return match ? unescape(match[1]) : null;
}

describe("hosted login", () => {
  it("completes the code flow with PKCE for a public client; the id token checks against the JWKS", async () => {
    const registered = await appAt("A browser app", ["openid", "email", "profile"]);
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
    const other = await appAt("Another app");
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
    const registered = await appAt('Tom & "Jerry" <App>');
    const path = await authorizePath(registered.id, oauth.generateRandomCodeVerifier(), { state: "s&t" });
    const cookies = await signedInBrowser("hosted-login-page@example.com");
    const page = await call(path, {
      headers: { Cookie: cookies, "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Dest": "document" },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain('<h1 id="status-title">You&#x27;re signed in</h1>');
    const to = new URL(continueLink(html, "Tom &amp; &quot;Jerry&quot; &lt;App&gt;"));
    expect(to.origin + to.pathname).toBe(REDIRECT);
    expect(to.searchParams.get("state")).toBe("s&t");
    expect(refreshTo(html)).toBe(to.href);
    // The same request as the page's data load (with JavaScript) gets the plain redirect.
    const data = await call(path, {
      headers: { Cookie: cookies, "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Dest": "empty" },
    });
    expect(data.status).toBe(302);
  });

  it("refuses an unregistered app or address on the page, and other mistakes at the app's address", async () => {
    const registered = await appAt("Strict app");
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
      const html = await page.text();
      expect(html).toContain("This link doesn&#x27;t work");
      expect(html).toContain("This sign-in link is not valid: the app or its return address is not registered.");
      expect(refreshTo(html)).toBeNull();
    }
    const back = async (params: Record<string, string>) =>
      Object.fromEntries(new URL((await go(params)).headers.get("Location")!).searchParams);
    expect(await back({ response_type: "token" })).toMatchObject({ error: "unsupported_response_type", state: "xyz" });
    expect(await back({ scope: "openid email" })).toMatchObject({ error: "invalid_scope" });
    expect(await back({ code_challenge: "" })).toMatchObject({ error: "invalid_request" });
    expect(await back({ code_challenge_method: "plain" })).toMatchObject({ error: "invalid_request" });
  });

  it("keeps a refresh token to the scopes its sign-in granted, on both refresh paths", async () => {
    const registered = await appAt("Narrow app", ["openid", "email", "profile"]);
    const verifier = oauth.generateRandomCodeVerifier();
    const cookies = await signedInBrowser("hosted-login-narrow@example.com");
    const authorized = await call(await authorizePath(registered.id, verifier, { scope: "openid" }), {
      headers: { Cookie: cookies },
    });
    const code = new URL(authorized.headers.get("Location")!).searchParams.get("code")!;
    const token = (fields: Record<string, string>) =>
      call("/oauth2/token", {
        method: "POST",
        body: new URLSearchParams({ client_id: registered.id, ...fields }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }).then((r) => r.json() as Promise<Record<string, string>>);
    const first = await token({
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    const claims = (jwt: string) => JSON.parse(atob(jwt.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
    expect(claims(first.access_token).scope).toBe("openid");

    // At /oauth2/token: "openid" again, not all the client may ask for.
    const refreshed = await token({ grant_type: "refresh_token", refresh_token: first.refresh_token });
    expect(claims(refreshed.access_token).scope).toBe("openid");
    expect(claims(refreshed.id_token).email).toBeUndefined();

    // At the identity API: not the user-admin scope, so it cannot act on the account there.
    const api = await identity("InitiateAuth", {
      AuthFlow: "REFRESH_TOKEN_AUTH",
      ClientId: registered.id,
      AuthParameters: { REFRESH_TOKEN: first.refresh_token },
    });
    expect(api.status).toBe(200);
    const result = (api.body as { AuthenticationResult: { AccessToken: string } }).AuthenticationResult;
    expect(claims(result.AccessToken).scope).toBe("openid");
    expect((await identity("GetUser", { AccessToken: result.AccessToken })).body).toEqual({
      __type: "NotAuthorizedException",
      message: "Access Token does not have required scopes",
    });
  });

  it("refuses a wrong PKCE verifier, another client's code, and a confidential client without its secret", async () => {
    const registered = await appAt("A server app", ["openid", "email"], { confidential: "on" });
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

describe("hosted login: identity_provider", () => {
  const GOOGLE = {
    id: "google",
    clientId: "google-local",
    clientSecret: "local-secret",
    issuer: "http://127.0.0.1:8796",
    authorizationEndpoint: "http://127.0.0.1:8796/authorize",
    tokenEndpoint: "http://127.0.0.1:8796/token",
  };
  const withGoogle = callWith({ OAUTH_PROVIDERS: JSON.stringify([GOOGLE]) });

  it("goes straight to the social provider it names, and comes back to the authorize link after", async () => {
    const registered = await appAt("Social app");
    const path = await authorizePath(registered.id, oauth.generateRandomCodeVerifier(), {
      identity_provider: "Google",
    });
    const started = await withGoogle(path);
    expect(started.status).toBe(302);
    const to = new URL(started.headers.get("Location")!);
    expect(to.origin + to.pathname).toBe(GOOGLE.authorizationEndpoint);
    expect(to.searchParams.get("client_id")).toBe("google-local");
    expect(to.searchParams.get("redirect_uri")).toBe("http://127.0.0.1:8787/auth/callback");
    expect(to.searchParams.get("code_challenge_method")).toBe("S256");
    // Its own state, not the app's: the app's stays in the authorize link the person returns to.
    expect(to.searchParams.get("state")).not.toBe("s1");
    const cookies = started.headers.getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith("studio_oauth_state"))).toBe(true);
    const context = cookies.find((cookie) => cookie.startsWith("studio_oauth="))!;
    const kept = JSON.parse(atob(decodeURIComponent(context.split(";")[0].slice("studio_oauth=".length))));
    expect(kept).toMatchObject({ provider: "google", redirect: path });
    expect(kept.page).toBe(`/auth/login?${new URLSearchParams({ redirect: path })}`);

    // The service's names for the pool's own sign-in and for its providers are understood too.
    const logIn = await withGoogle(
      await authorizePath(registered.id, "v".repeat(43), { identity_provider: "COGNITO" }),
    );
    expect(logIn.headers.get("Location")).toMatch(/^\/auth\/login\?redirect=/);
    const signedIn = await signedInBrowser("hosted-login-social@example.com");
    const already = await withGoogle(path, { headers: { Cookie: signedIn } });
    expect(new URL(already.headers.get("Location")!).searchParams.get("code")).toBeTruthy();
  });

  it("sends a provider this product does not offer back to the app as invalid_request", async () => {
    const registered = await appAt("Social app 2");
    for (const name of ["Facebook", "SignInWithApple", "Google"]) {
      // Without OAUTH_PROVIDERS (the tests' own env) none is offered.
      const answer = await call(
        await authorizePath(registered.id, "v".repeat(43), { identity_provider: name, state: "q" }),
      );
      const back = new URL(answer.headers.get("Location")!);
      expect(back.origin + back.pathname).toBe(REDIRECT);
      expect(Object.fromEntries(back.searchParams)).toMatchObject({ error: "invalid_request", state: "q" });
      expect(back.searchParams.get("error_description")).toContain(name);
    }
  });
});

describe("hosted login: /logout", () => {
  const LOGOUT = "http://localhost:5173/signed-out";
  const logoutPath = (clientId: string, logoutUri = LOGOUT) =>
    `/logout?${new URLSearchParams({ client_id: clientId, logout_uri: logoutUri })}`;
  const ourPage = { "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Dest": "document" };

  it("asks a signed-in person first, signs out on the page's post, then sends them back to the app", async () => {
    const registered = await appAt("Leaving app");
    const cookies = await signedInBrowser("hosted-logout@example.com");
    const path = logoutPath(registered.id);
    const ask = await call(path, { headers: { Cookie: cookies } });
    expect(ask.status).toBe(200);
    const html = await ask.text();
    expect(html).toContain("Log out and return to <!-- -->Leaving app<!-- -->?");
    expect(html).toContain(`action="${path.replace(/&/g, "&amp;")}"`);
    // The GET signed nobody out.
    expect((await call("/api/users/getBasicUserInfo", { headers: { Cookie: cookies } })).status).toBe(200);

    // Another site cannot post it.
    const forged = await call(path, { method: "POST", headers: { Cookie: cookies, "Sec-Fetch-Site": "cross-site" } });
    expect(forged.status).toBe(403);
    expect((await call("/api/users/getBasicUserInfo", { headers: { Cookie: cookies } })).status).toBe(200);

    const posted = await call(path, { method: "POST", headers: { Cookie: cookies, "Sec-Fetch-Site": "same-origin" } });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe(path);
    expect(posted.headers.getSetCookie().some((c) => c.startsWith("studio_session=;"))).toBe(true);
    expect((await call("/api/users/getBasicUserInfo", { headers: { Cookie: cookies } })).status).toBe(401);

    // The page load after our form's post: a page that sends them on (CSP form-action stops a redirect).
    const onward = await call(path, { headers: { Cookie: cookies, ...ourPage } });
    expect(onward.status).toBe(200);
    const page = await onward.text();
    expect(page).toContain("You&#x27;re logged out");
    expect(continueLink(page, "Leaving app")).toBe(LOGOUT);
    expect(refreshTo(page)).toBe(LOGOUT);
    // The app's own link, nobody signed in: straight back.
    const direct = await call(path);
    expect(direct.status).toBe(302);
    expect(direct.headers.get("Location")).toBe(LOGOUT);
  });

  it("shows, never follows, a link whose app or return address is not registered", async () => {
    const registered = await appAt("Careful app");
    const cookies = await signedInBrowser("hosted-logout-bad@example.com");
    for (const path of [
      logoutPath("nobody"),
      logoutPath(registered.id, "https://evil.example/signed-out"),
      logoutPath(registered.id, "not an address"),
      `/logout?client_id=${registered.id}`,
    ]) {
      for (const init of [{}, { method: "POST", headers: { Cookie: cookies, "Sec-Fetch-Site": "same-origin" } }]) {
        const answer = await call(path, init);
        expect(answer.status, path).toBe(400);
        expect(answer.headers.get("Location")).toBeNull();
        expect(await answer.text()).toContain(
          "This sign-out link is not valid: the app or its return address is not registered.",
        );
      }
    }
    // None of those posts signed the person out.
    expect((await call("/api/users/getBasicUserInfo", { headers: { Cookie: cookies } })).status).toBe(200);
  });
});

describe("hosted login: prompt=none (OpenID Connect Core §3.1.2.6)", () => {
  it("sends someone not signed in back to the app with login_required, never to the Log In page", async () => {
    const registered = await appAt("Silent app");
    const as = await discover();
    expect(as.prompt_values_supported).toEqual(["none"]);
    const client: oauth.Client = { client_id: registered.id };
    const state = oauth.generateRandomState();
    const path = await authorizePath(registered.id, oauth.generateRandomCodeVerifier(), { prompt: "none", state });
    const answer = await call(path);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    const callback = new URL(answer.headers.get("Location")!);
    expect(callback.origin + callback.pathname).toBe(REDIRECT);
    expect(() => oauth.validateAuthResponse(as, client, callback, state)).toThrow(
      expect.objectContaining({ error: "login_required" }) as unknown as Error,
    );
    expect(callback.searchParams.get("state")).toBe(state);
    expect(callback.searchParams.has("code")).toBe(false);

    // Not to a social provider either, when the link names one.
    const withGoogle = callWith({
      OAUTH_PROVIDERS: JSON.stringify([
        {
          id: "google",
          clientId: "google-local",
          clientSecret: "local-secret",
          issuer: "http://127.0.0.1:8796",
          authorizationEndpoint: "http://127.0.0.1:8796/authorize",
          tokenEndpoint: "http://127.0.0.1:8796/token",
        },
      ]),
    });
    const social = await withGoogle(
      await authorizePath(registered.id, oauth.generateRandomCodeVerifier(), {
        prompt: "none",
        identity_provider: "Google",
      }),
    );
    expect(social.headers.getSetCookie()).toEqual([]);
    const socialBack = new URL(social.headers.get("Location")!);
    expect(socialBack.origin + socialBack.pathname).toBe(REDIRECT);
    expect(Object.fromEntries(socialBack.searchParams)).toMatchObject({ error: "login_required", state: "s1" });
  });

  it("hands a signed-in person's code back at once, as without prompt=none", async () => {
    const registered = await appAt("Silent app 2", ["openid", "email"]);
    const as = await discover();
    const client: oauth.Client = { client_id: registered.id };
    const verifier = oauth.generateRandomCodeVerifier();
    const nonce = oauth.generateRandomNonce();
    const cookies = await signedInBrowser("hosted-login-silent@example.com");
    const answer = await call(
      await authorizePath(registered.id, verifier, { prompt: "none", nonce, scope: "openid email" }),
      { headers: { Cookie: cookies } },
    );
    expect(answer.status).toBe(302);
    const params = oauth.validateAuthResponse(as, client, new URL(answer.headers.get("Location")!), "s1");
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, options),
      { expectedNonce: nonce, requireIdToken: true },
    );
    expect(oauth.getValidatedIdTokenClaims(tokens)).toMatchObject({ email: "hosted-login-silent@example.com", nonce });
  });

  it("refuses prompt=none with another prompt value as invalid_request; the other values alone change nothing", async () => {
    const registered = await appAt("Silent app 3");
    const verifier = oauth.generateRandomCodeVerifier();
    const cookies = await signedInBrowser("hosted-login-prompts@example.com");
    for (const prompt of ["none login", "consent none", "none select_account"]) {
      const answer = await call(await authorizePath(registered.id, verifier, { prompt, state: "p" }), {
        headers: { Cookie: cookies },
      });
      const back = new URL(answer.headers.get("Location")!);
      expect(back.origin + back.pathname, prompt).toBe(REDIRECT);
      expect(Object.fromEntries(back.searchParams), prompt).toMatchObject({ error: "invalid_request", state: "p" });
      expect(back.searchParams.get("error_description")).toBe(
        "prompt=none cannot be combined with another prompt value.",
      );
    }
    // The product asks no consent (its admins register the apps) and has one account per browser.
    for (const prompt of ["consent", "select_account", "consent select_account"]) {
      const answer = await call(await authorizePath(registered.id, verifier, { prompt }), {
        headers: { Cookie: cookies },
      });
      expect(new URL(answer.headers.get("Location")!).searchParams.get("code"), prompt).toBeTruthy();
    }
  });
});

describe("hosted login: POST /oauth2/authorize (OpenID Connect Core §3.1.2.1)", () => {
  /** The app's page on its own site posts the authorization request as a form (a cross-site post). */
  const postFromApp = (body: URLSearchParams | string, headers: Record<string, string> = {}) =>
    call("/oauth2/authorize", {
      method: "POST",
      body,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://localhost:5173",
        "Sec-Fetch-Site": "cross-site",
        "Sec-Fetch-Dest": "document",
        ...headers,
      },
    });
  const paramsOf = async (clientId: string, verifier: string, changes: Record<string, string> = {}) =>
    new URL(await authorizePath(clientId, verifier, changes), ISSUER).searchParams;
  const codesOf = async (clientId: string) =>
    (await env.DB.prepare("SELECT count(*) AS n FROM oauth_codes WHERE client_id = ?")
      .bind(clientId)
      .first<{ n: number }>())!.n;

  it("takes a form posted from the app's site and goes on as the GET with the same parameters", async () => {
    const registered = await appAt("Posting app", ["openid", "email"]);
    const as = await discover();
    const client: oauth.Client = { client_id: registered.id };
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const nonce = oauth.generateRandomNonce();
    const params = await paramsOf(registered.id, verifier, { scope: "openid email", state, nonce });
    const cookies = await signedInBrowser("hosted-login-post@example.com");

    // Not refused as cross-site; it changes nothing and sends the browser to the GET (303), whose
    // top-level navigation carries the SameSite=Lax session cookie that the cross-site post does not.
    for (const headers of [{}, { Cookie: cookies }] as Record<string, string>[]) {
      const posted = await postFromApp(params, headers);
      expect(posted.status).toBe(303);
      expect(posted.headers.get("Location")).toBe(`/oauth2/authorize?${params}`);
    }
    expect(await codesOf(registered.id)).toBe(0);
    const onward = `/oauth2/authorize?${params}`;

    // Nobody signed in: the Log In page, as from the GET.
    expect((await call(onward)).headers.get("Location")).toBe(
      `/auth/login?${new URLSearchParams({ redirect: onward })}`,
    );
    // Signed in: the code, which the library exchanges as any other.
    const authorized = await call(onward, { headers: { Cookie: cookies, "Sec-Fetch-Site": "cross-site" } });
    expect(authorized.status).toBe(302);
    const code = oauth.validateAuthResponse(as, client, new URL(authorized.headers.get("Location")!), state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), code, REDIRECT, verifier, options),
      { expectedNonce: nonce, requireIdToken: true },
    );
    expect(oauth.getValidatedIdTokenClaims(tokens)).toMatchObject({ email: "hosted-login-post@example.com" });

    // prompt=none posted: the same login_required at the app for someone not signed in.
    const silent = await postFromApp(await paramsOf(registered.id, verifier, { prompt: "none", state }));
    const silentBack = new URL((await call(silent.headers.get("Location")!)).headers.get("Location")!);
    expect(() => oauth.validateAuthResponse(as, client, silentBack, state)).toThrow(
      expect.objectContaining({ error: "login_required" }) as unknown as Error,
    );
  });

  it("answers a posted request's mistakes as the GET's, and a body that is not a form with a page", async () => {
    const registered = await appAt("Posting app 2");
    const verifier = oauth.generateRandomCodeVerifier();
    for (const bad of [{ client_id: "nobody" }, { redirect_uri: "https://evil.example/callback" }] as Record<
      string,
      string
    >[]) {
      const page = await postFromApp(await paramsOf(registered.id, verifier, bad));
      expect(page.status).toBe(400);
      expect(page.headers.get("Location")).toBeNull();
      expect(await page.text()).toContain(
        "This sign-in link is not valid: the app or its return address is not registered.",
      );
    }
    const back = await postFromApp(await paramsOf(registered.id, verifier, { response_type: "token", state: "r" }));
    expect(back.status).toBe(302);
    const to = new URL(back.headers.get("Location")!);
    expect(to.origin + to.pathname).toBe(REDIRECT);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({ error: "unsupported_response_type", state: "r" });

    for (const [type, body] of [
      ["application/json", JSON.stringify({ client_id: registered.id })],
      ["text/plain", "client_id=x"],
      ["multipart/form-data; boundary=x", "--x--"],
    ]) {
      const page = await postFromApp(body, { "Content-Type": type });
      expect(page.status, type).toBe(415);
      expect(await page.text()).toContain("it must be posted as a form (application/x-www-form-urlencoded)");
    }
    // Only the authorization form itself: another site's post to its data address is still refused.
    const data = await call("/oauth2/authorize.data", {
      method: "POST",
      body: await paramsOf(registered.id, verifier),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
    });
    expect(data.status).toBe(403);
    expect(await codesOf(registered.id)).toBe(0);
  });
});

describe("hosted login: PKCE downgrade (RFC 9700 §2.1.1)", () => {
  it("refuses a code_verifier for a code asked without code_challenge", async () => {
    // A confidential client with "Require PKCE" off, as every client registered before the setting.
    const registered = await appAt("Server app without PKCE", ["openid"], { confidential: "on" });
    const as = await discover();
    const client: oauth.Client = { client_id: registered.id };
    const auth = oauth.ClientSecretBasic(registered.secret!);
    const cookies = await signedInBrowser("hosted-login-downgrade@example.com");
    const query = new URL(await authorizePath(registered.id, "unused"), ISSUER).searchParams;
    query.delete("code_challenge");
    query.delete("code_challenge_method");
    const withoutPkce = `/oauth2/authorize?${query}`;
    const code = async () =>
      oauth.validateAuthResponse(
        as,
        client,
        new URL((await call(withoutPkce, { headers: { Cookie: cookies } })).headers.get("Location")!),
        "s1",
      );
    const exchange = async (verifier: string | typeof oauth.nopkce) =>
      oauth.processAuthorizationCodeResponse(
        as,
        client,
        await oauth.authorizationCodeGrantRequest(as, client, auth, await code(), REDIRECT, verifier, options),
      );

    await expect(exchange(oauth.generateRandomCodeVerifier())).rejects.toMatchObject({
      error: "invalid_grant",
      error_description: "This code was asked for without code_challenge, so no code_verifier is taken.",
    });
    // An empty one is a code_verifier too.
    const emptyVerifier = await call("/oauth2/token", {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: (await code()).get("code")!,
        redirect_uri: REDIRECT,
        code_verifier: "",
        client_id: registered.id,
        client_secret: registered.secret!,
      }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(emptyVerifier.status).toBe(400);
    expect(await emptyVerifier.json()).toMatchObject({ error: "invalid_grant" });
    // Without one, as the request was made: the tokens.
    expect(await exchange(oauth.nopkce)).toMatchObject({ token_type: "bearer", id_token: expect.any(String) });
  });

  it("refuses an authorization request without code_challenge from an app that requires PKCE", async () => {
    const registered = await appAt("Server app with PKCE", ["openid"], { confidential: "on", requirePkce: "on" });
    expect(registered.requirePkce).toBe(true);
    const as = await discover();
    const client: oauth.Client = { client_id: registered.id };
    const verifier = oauth.generateRandomCodeVerifier();
    const query = new URL(await authorizePath(registered.id, verifier, { state: "k" }), ISSUER).searchParams;
    query.delete("code_challenge");
    query.delete("code_challenge_method");
    const cookies = await signedInBrowser("hosted-login-require-pkce@example.com");
    const answer = await call(`/oauth2/authorize?${query}`, { headers: { Cookie: cookies } });
    const back = new URL(answer.headers.get("Location")!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(() => oauth.validateAuthResponse(as, client, back, "k")).toThrow(
      expect.objectContaining({
        error: "invalid_request",
        error_description: "PKCE is required for this client: send code_challenge with code_challenge_method=S256.",
      }) as unknown as Error,
    );
    // With the challenge, the flow goes on as usual.
    const authorized = await call(await authorizePath(registered.id, verifier), { headers: { Cookie: cookies } });
    const params = oauth.validateAuthResponse(as, client, new URL(authorized.headers.get("Location")!), "s1");
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.ClientSecretPost(registered.secret!),
        params,
        REDIRECT,
        verifier,
        options,
      ),
    );
    expect(tokens.id_token).toEqual(expect.any(String));
  });

  it("lets an admin register an app requiring PKCE and switch it for a registered one", async () => {
    const { browser, userId } = await signUp("clients-admin");
    await env.DB.prepare("UPDATE users SET is_admin = 1 WHERE id = ?").bind(userId).run();
    const add = (fields: Fields) =>
      browser.post("/admin/clients", {
        name: "Admin-made app",
        redirectUris: REDIRECT,
        scopes: "openid",
        confidential: "on",
        ...fields,
      });
    const requirePkceOf = async (name: string) =>
      (await env.DB.prepare("SELECT require_pkce AS on_ FROM oauth_clients WHERE name = ?")
        .bind(name)
        .first<{ on_: number }>())!.on_;
    expect((await add({ name: "Admin-made app on", requirePkce: "on" })).status).toBe(303);
    expect(await requirePkceOf("Admin-made app on")).toBe(1);
    expect((await add({ name: "Admin-made app off" })).status).toBe(303);
    expect(await requirePkceOf("Admin-made app off")).toBe(0);

    // The page offers it checked for a new app, and a switch on each confidential app.
    const page = await html(await browser.get("/admin/clients"));
    expect(page).toMatch(/<input type="checkbox" name="requirePkce" checked=""\/> Require PKCE/);
    expect(page).toContain('aria-label="Require PKCE for Admin-made app off: off"');
    expect(page).toContain('aria-label="Require PKCE for Admin-made app on: on"');

    const id = (await env.DB.prepare("SELECT id FROM oauth_clients WHERE name = 'Admin-made app off'").first<{
      id: string;
    }>())!.id;
    const flip = (fields: Fields) =>
      browser.post("/admin/clients", { intent: "require-pkce", clientId: id, ...fields });
    expect((await flip({ value: "on" })).status).toBe(303);
    expect(await requirePkceOf("Admin-made app off")).toBe(1);
    expect((await flip({ value: "off" })).status).toBe(303);
    expect(await requirePkceOf("Admin-made app off")).toBe(0);
    for (const bad of [{ value: "maybe" }, { value: "on", clientId: "nobody" }, {}]) {
      const refused = await flip(bad);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("That app could not be changed.");
    }
    expect(await requirePkceOf("Admin-made app off")).toBe(0);
    // Not for anyone else.
    const learner = await signUp("clients-learner");
    expect(
      (await learner.browser.post("/admin/clients", { intent: "require-pkce", clientId: id, value: "on" })).status,
    ).toBe(403);
    expect(await requirePkceOf("Admin-made app off")).toBe(0);
  });
});
