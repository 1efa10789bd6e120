// Social sign-in's failures in spec 8's words, through the built worker with Google configured
// (OAUTH_PROVIDERS): the start that cannot go to the provider ('Failed to redirect to {provider}
// login...'), the provider's error or a failed code exchange ('Error signing in with {provider}.
// Please try again.'), an account that cannot be made or found ('Failed to complete social
// sign-in...') and a state that is not this browser's. Each goes back to the Log In form with the
// message as a toast and signs nobody in. The provider's token endpoint is this test's fetch stub.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { callWith } from "./built-worker";
import { Browser, ORIGIN } from "./commerce-helpers";

vi.setConfig({ testTimeout: 30_000 });

const GOOGLE = {
  id: "google",
  clientId: "google-client",
  clientSecret: "google-secret",
  issuer: "https://accounts.social.test",
  authorizationEndpoint: "https://accounts.social.test/authorize",
  tokenEndpoint: "https://accounts.social.test/token",
};
const withGoogle = callWith({ OAUTH_PROVIDERS: JSON.stringify([GOOGLE]) });

/** Sends a request from this browser to the worker with Google configured, keeping the cookies it sets. */
async function send(browser: Browser, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has("Cookie") && browser.jar.size > 0) headers.set("Cookie", browser.cookieHeader);
  if (init.method === "POST") headers.set("Origin", ORIGIN);
  headers.set("Host", new URL(ORIGIN).host);
  const response = await withGoogle(path, { ...init, headers });
  expect(response.status, `${init.method ?? "GET"} ${path}`).toBeLessThan(500);
  browser.absorb(response);
  return response;
}

/** Presses 'Log in with …' on /classes (the form posts its provider): the start's answer. */
async function startSignIn(browser: Browser, provider = "google"): Promise<Response> {
  return send(browser, `/auth/social/${provider}`, {
    method: "POST",
    body: new URLSearchParams({ page: "/classes" }),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

function stateOf(start: Response): string {
  expect(start.status).toBe(302);
  const to = new URL(start.headers.get("Location")!);
  expect(to.origin + to.pathname).toBe(GOOGLE.authorizationEndpoint);
  return to.searchParams.get("state")!;
}

/** An ID token as the provider's token endpoint gives it (its signature is not what is checked). */
function idToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${part({ alg: "RS256", typ: "JWT" })}.${part({
    iss: GOOGLE.issuer,
    aud: GOOGLE.clientId,
    exp: Math.floor(Date.now() / 1000) + 600,
    ...claims,
  })}.signature`;
}

/** The provider's token endpoint: what it answers the code exchange (every other fetch goes out as usual). */
let tokenAnswer: () => Response;
beforeEach(() => {
  const real = globalThis.fetch;
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      return url === GOOGLE.tokenEndpoint ? Promise.resolve(tokenAnswer()) : real(input, init);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const personTokens = (email: string) => () =>
  Response.json({
    access_token: "access",
    token_type: "Bearer",
    expires_in: 3600,
    id_token: idToken({ sub: `sub-${email}`, email, email_verified: true, given_name: "Grace", family_name: "Hopper" }),
  });

const usersWithEmail = async (email: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(email).first<{ n: number }>())!.n;

/** The answer went back to the Log In form over /classes, with this toast, signing nobody in. */
async function backToLogIn(browser: Browser, response: Response, toast: string | null) {
  expect(response.status).toBe(303);
  expect(response.headers.get("Location")).toBe("/classes?auth=Login");
  expect(response.headers.getSetCookie().some((c) => c.startsWith("studio_session="))).toBe(false);
  expect(browser.cookie("studio_session")).toBeUndefined();
  expect((await browser.toast())?.title ?? null).toBe(toast);
  // The sign-in attempt's cookies are spent.
  expect([...browser.jar.keys()].filter((name) => name.startsWith("studio_oauth"))).toEqual([]);
}

const uniqueEmail = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;

describe("social sign-in, the way it works", () => {
  it("the provider's code for a new email makes the account and signs it in", async () => {
    const email = uniqueEmail("grace");
    tokenAnswer = personTokens(email);
    const browser = new Browser();
    const state = stateOf(await startSignIn(browser));
    const back = await send(browser, `/auth/callback?code=good-code&state=${state}`);
    expect(back.status).toBe(303);
    expect(back.headers.get("Location")).toBe("/classes");
    expect(browser.cookie("studio_session")).toBeTruthy();
    expect((await browser.toast())?.title).toBe("Welcome to Studio, Grace!");
    expect(await usersWithEmail(email)).toBe(1);
  });
});

describe("'Failed to redirect to {provider} login...'", () => {
  it("the start cannot go to a provider this site does not offer (Apple, here); it is named by its name", async () => {
    // A form from before the providers changed, or a hand-made post.
    const browser = new Browser();
    const start = await startSignIn(browser, "apple");
    await backToLogIn(browser, start, "Failed to redirect to Apple login...");
  });
});

describe("'Error signing in with {provider}. Please try again.'", () => {
  it("the provider comes back with an error (one that is not the person cancelling)", async () => {
    const browser = new Browser();
    const state = stateOf(await startSignIn(browser));
    const back = await send(
      browser,
      `/auth/callback?error=server_error&error_description=${encodeURIComponent("The server is down")}&state=${state}`,
    );
    await backToLogIn(browser, back, "Error signing in with Google. Please try again.");
  });

  it("the person cancelling at the provider comes back quietly", async () => {
    const browser = new Browser();
    const state = stateOf(await startSignIn(browser));
    const back = await send(
      browser,
      `/auth/callback?error=access_denied&error_description=${encodeURIComponent("The user cancelled the login")}&state=${state}`,
    );
    await backToLogIn(browser, back, null);
  });

  it("the provider refuses the code exchange", async () => {
    const email = uniqueEmail("refused");
    tokenAnswer = () => Response.json({ error: "invalid_grant", error_description: "Bad code" }, { status: 400 });
    const browser = new Browser();
    const state = stateOf(await startSignIn(browser));
    const back = await send(browser, `/auth/callback?code=stale-code&state=${state}`);
    await backToLogIn(browser, back, "Error signing in with Google. Please try again.");
    expect(await usersWithEmail(email)).toBe(0);
  });
});

describe("'Failed to complete social sign-in...'", () => {
  it("the provider signed the person in, but their account cannot be read or made", async () => {
    const email = uniqueEmail("incomplete");
    tokenAnswer = personTokens(email);
    const browser = new Browser();
    const state = stateOf(await startSignIn(browser));
    // The linked-accounts table fails for the return trip alone.
    browser.setCookie("studio_dev_fault", "d1:social_accounts");
    const back = await send(browser, `/auth/callback?code=good-code&state=${state}`);
    browser.setCookie("studio_dev_fault", null);
    await backToLogIn(browser, back, "Failed to complete social sign-in...");
    expect(await usersWithEmail(email)).toBe(0);
  });
});

describe("a state that is not this browser's", () => {
  it("is refused with 'Failed to complete authentication. Please try signing in again.'", async () => {
    const email = uniqueEmail("mallory");
    tokenAnswer = personTokens(email);
    const browser = new Browser();
    stateOf(await startSignIn(browser));
    const back = await send(browser, "/auth/callback?code=good-code&state=someone-elses-state");
    await backToLogIn(browser, back, "Failed to complete authentication. Please try signing in again.");
    expect(await usersWithEmail(email)).toBe(0);
  });
});
