import { createHash, randomBytes } from "node:crypto";
import { DEMO, expect, logIn, test, waitForHydration } from "./helpers";

const REDIRECT = "http://localhost:5173/callback";
const base64url = (bytes: Buffer) => bytes.toString("base64url");

test("an app sends a person to hosted login: they log in on our page and go back to the app with a code", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  // The admin registers the app (the form's own post), then reads its client id from the list.
  const name = `Hosted app ${testInfo.project.name} ${Date.now()}`;
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

  // The person, in a browser of their own, follows the app's sign-in link.
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash("sha256").update(verifier).digest());
  const authorize = `/oauth2/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: "openid email",
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "from-the-app",
  })}`;
  const theirs = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  });
  // The app itself is not running: its callback page is answered here.
  await theirs.route(`${REDIRECT}**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>The app</title><h1>Back in the app</h1>" }),
  );
  const person = await theirs.newPage();
  await person.goto(authorize);
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
