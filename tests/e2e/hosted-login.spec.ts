import type { Browser, Page, TestInfo } from "@playwright/test";
import { createHash, randomBytes } from "node:crypto";
import { DEMO, expect, expectNoAxeViolations, logIn, test, waitForHydration } from "./helpers";

const REDIRECT = "http://localhost:5173/callback";
const SIGNED_OUT = "http://localhost:5173/signed-out";
const base64url = (bytes: Buffer) => bytes.toString("base64url");

/** The admin registers an app (the form's own post), then reads its client id from the list. */
async function registerApp(page: Page, name: string): Promise<string> {
  await logIn(page, DEMO.admin);
  const registered = await page.request.post("/admin/clients", {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: new URLSearchParams([
      ["name", name],
      ["redirectUris", REDIRECT],
      ["scopes", "openid"],
      ["scopes", "email"],
    ]).toString(),
    maxRedirects: 0,
  });
  expect(registered.status()).toBe(303);
  await page.goto("/admin/clients");
  const clientId = (await page.getByRole("row").filter({ hasText: name }).locator("td code").first().textContent())!;
  expect(clientId).toMatch(/^[a-z0-9]{26}$/);
  return clientId;
}

/** The app's sign-in link (code flow, PKCE) and the verifier it keeps for the exchange. */
function authorizeLink(clientId: string, extra: Record<string, string> = {}) {
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash("sha256").update(verifier).digest());
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: "openid email",
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "from-the-app",
    ...extra,
  });
  return { verifier, link: `/oauth2/authorize?${query}` };
}

/** A browser of the person's own, where the app (not running) answers its addresses with a page. */
async function personsBrowser(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  });
  await context.route("http://localhost:5173/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>The app</title><h1>Back in the app</h1>" }),
  );
  return context;
}

test("an app sends a person to hosted login: they log in on our page and go back to the app with a code", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const clientId = await registerApp(page, `Hosted app ${testInfo.project.name} ${Date.now()}`);

  // The person, in a browser of their own, follows the app's sign-in link.
  const { verifier, link } = authorizeLink(clientId);
  const theirs = await personsBrowser(browser, testInfo);
  const person = await theirs.newPage();
  await person.goto(link);
  await expect(person.getByRole("heading", { level: 1, name: "Log In" })).toBeVisible();
  await waitForHydration(person, testInfo.project.name);
  await person.getByLabel("Email").fill(DEMO.learner.email);
  await person.getByLabel("Password", { exact: true }).fill(DEMO.learner.password);
  await person.getByRole("button", { name: "Log In", exact: true }).click();
  await expect(person.getByRole("heading", { name: "Back in the app" })).toBeVisible();
  const back = new URL(person.url());
  expect(back.origin + back.pathname).toBe(REDIRECT);
  expect(back.searchParams.get("state")).toBe("from-the-app");

  // The app exchanges the code for the tokens.
  const tokens = await page.request.post("/oauth2/token", {
    form: {
      grant_type: "authorization_code",
      client_id: clientId,
      code: back.searchParams.get("code")!,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    },
  });
  expect(tokens.status()).toBe(200);
  const body = await tokens.json();
  const claims = JSON.parse(Buffer.from(body.id_token.split(".")[1], "base64url").toString());
  expect(claims).toMatchObject({ email: DEMO.learner.email, aud: clientId });
  await theirs.close();
});

/** The app's own page (on its own site) with its sign-in request as a form that posts to us. */
function appFormPage(action: string, params: URLSearchParams) {
  const inputs = [...params]
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value.replace(/"/g, "&quot;")}">`)
    .join("");
  return `<title>The app</title><form method="post" action="${action}">${inputs}<button>Sign in with Studio</button></form>`;
}

test("an app posts its sign-in request from its own site: signed in, the person goes back with a code; prompt=none, nobody signed in, with login_required", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const clientId = await registerApp(page, `Posting app ${testInfo.project.name} ${Date.now()}`);
  const theirs = await personsBrowser(browser, testInfo);
  const authorizeUrl = new URL("/oauth2/authorize", testInfo.project.use.baseURL).href;
  let form = authorizeLink(clientId, { prompt: "none" });
  await theirs.route("http://localhost:5173/start", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: appFormPage(authorizeUrl, new URL(form.link, authorizeUrl).searchParams),
    }),
  );
  const person = await theirs.newPage();
  /** Posts the app's form; the way back is all redirects, which routes do not see, so nothing answers
   * the app's page: its request is what shows where the person got back to. Each post is a tab of its
   * own, closed after, so the browser's error page for the unanswered app cannot cut into what follows. */
  const postForm = async () => {
    const tab = await theirs.newPage();
    await tab.goto("http://localhost:5173/start");
    const reachedApp = tab.waitForRequest((request) => request.url().startsWith(REDIRECT));
    await tab.getByRole("button", { name: "Sign in with Studio" }).click({ noWaitAfter: true });
    const url = new URL((await reachedApp).url());
    await tab.close();
    return url;
  };

  // Nobody signed in and prompt=none: straight back to the app with login_required, no Log In page.
  const refused = await postForm();
  expect(refused.searchParams.get("error")).toBe("login_required");
  expect(refused.searchParams.get("state")).toBe("from-the-app");

  // Signed in here: the cross-site post carries no session cookie, the GET it leads to does.
  await logIn(person, DEMO.learner);
  form = authorizeLink(clientId);
  const back = await postForm();
  expect(back.origin + back.pathname).toBe(REDIRECT);
  expect(back.searchParams.get("state")).toBe("from-the-app");
  const tokens = await page.request.post("/oauth2/token", {
    form: {
      grant_type: "authorization_code",
      client_id: clientId,
      code: back.searchParams.get("code")!,
      redirect_uri: REDIRECT,
      code_verifier: form.verifier,
    },
  });
  expect(tokens.status()).toBe(200);
  await theirs.close();
});

test("an app's link naming Google goes straight to Google, and back to the app signed in", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const clientId = await registerApp(page, `Google app ${testInfo.project.name} ${Date.now()}`);
  const email = `hosted.google.${testInfo.project.name.replace("-", "")}${Date.now()}@example.com`;
  const theirs = await personsBrowser(browser, testInfo);
  // The local provider signs in whoever login_hint names: the person choosing their account there.
  // Routes do not see redirected requests, so the authorize link's own redirect to it is rewritten.
  await theirs.route("**/oauth2/authorize?**", async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    const to = new URL(response.headers()["location"]);
    to.searchParams.set("login_hint", email);
    await route.fulfill({ response, headers: { ...response.headers(), location: to.toString() } });
  });
  const person = await theirs.newPage();
  // The way back is all redirects, which routes do not see, so nothing answers the app's page: its
  // request is what shows the person got back to the app.
  const reachedApp = person.waitForRequest((request) => request.url().startsWith(REDIRECT));
  await person.goto(authorizeLink(clientId, { identity_provider: "Google" }).link).catch(() => null);
  const back = new URL((await reachedApp).url());
  expect(back.searchParams.get("state")).toBe("from-the-app");
  expect(back.searchParams.get("code")).toBeTruthy();
  // Signed in to the product too, as the provider's person.
  const me = await person.request.get("/api/users/getBasicUserInfo");
  // The local provider names the person from their email (hosted.google… → Hosted Google).
  expect(await me.json()).toMatchObject({ firstName: "Hosted", lastName: "Google" });
  await theirs.close();
});

test("an app's sign-out link asks first, logs the person out, and returns to the app", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const name = `Leaving app ${testInfo.project.name} ${Date.now()}`;
  const clientId = await registerApp(page, name);
  const theirs = await personsBrowser(browser, testInfo);
  const person = await theirs.newPage();
  await logIn(person, DEMO.learner);
  await person.goto(`/logout?${new URLSearchParams({ client_id: clientId, logout_uri: SIGNED_OUT })}`);
  await expect(person.getByRole("heading", { level: 1, name: `Log out and return to ${name}?` })).toBeVisible();
  await waitForHydration(person, testInfo.project.name);
  await expectNoAxeViolations(person);
  await person.getByRole("main").getByRole("button", { name: "Log out", exact: true }).click();
  await expect(person.getByRole("heading", { name: "Back in the app" })).toBeVisible();
  expect(person.url()).toBe(SIGNED_OUT);
  await person.goto("/");
  await expect(person.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
  await expect(person.getByRole("banner").getByRole("button", { name: "Log out" })).toHaveCount(0);

  // A link that is not the app's is shown, not followed.
  await person.goto(`/logout?${new URLSearchParams({ client_id: clientId, logout_uri: "https://evil.example/" })}`);
  await expect(person.getByRole("heading", { level: 1, name: "This link doesn't work" })).toBeVisible();
  await expectNoAxeViolations(person);
  await theirs.close();
});
