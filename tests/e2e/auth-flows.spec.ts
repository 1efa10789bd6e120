import { request as requests, type APIRequestContext } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./helpers";

/** A fresh email per test and project: the e2e database is shared by both projects. */
const emailFor = (title: string, project: string) => `${title}-${project}-${Date.now()}@example.com`;

/** Makes an account in a throwaway request context, so neither the browser nor `request` is signed in. */
async function makeAccount(email: string, password = "first password") {
  const { baseURL } = test.info().project.use;
  const signUp = await requests.newContext({ baseURL });
  const response = await signUp.post("/auth/create-account", {
    form: { email, firstName: "Rosa", lastName: "Parks", password },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  await signUp.dispose();
}

/** The newest code emailed to the address, read from the development outbox page. */
async function emailedCode(request: APIRequestContext, email: string): Promise<string> {
  const html = await (await request.get(`/dev/outbox?to=${encodeURIComponent(email)}`)).text();
  const match = html.match(/code is (\d{6})/);
  expect(match, `a code emailed to ${email}`).not.toBeNull();
  return match![1];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.describe("auth modal flows", () => {
  test("Get Started warns once about a typo, then continues to Create Account with the email", async ({
    page,
    problems,
  }, testInfo) => {
    problems.allowStatus(400);
    await page.goto("/classes?auth=Email");
    await waitForHydration(page, testInfo.project.name);
    const dialog = page.getByRole("dialog", { name: "Get Started" });
    await expect(dialog.getByText("By continuing, you agree to Studio's")).toBeVisible();
    await expect(dialog.getByRole("link", { name: /^Terms/ })).toHaveAttribute("target", "_blank");
    await expect(dialog.getByRole("link", { name: /^Privacy Policy/ })).toHaveAttribute("href", "/privacy");
    await dialog.getByLabel("Email").fill("");
    await dialog.getByRole("button", { name: "Continue with email" }).click();
    await expect(page.getByText("Please input an email")).toBeVisible();

    const email = emailFor("typo", testInfo.project.name).replace("@example.com", "@gmial.com");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue with email" }).click();
    await expect(
      page.getByText(`For your email, did you mean to use ${email.replace("gmial", "gmail")}?`),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Continue with email" }).click();

    const create = page.getByRole("dialog", { name: "Nice! Almost done..." });
    await expect(create).toBeVisible();
    await expect(create.getByLabel("Email")).toHaveValue(email);
    await expect(page).toHaveURL(/\/classes\?auth=CreateAccount&authEmail=/);
  });

  test("SocialSignUp in dark mode shows the consent line and sends a known email to Log In", async ({
    page,
  }, testInfo) => {
    const email = emailFor("social", testInfo.project.name);
    await makeAccount(email);
    await page.goto("/?auth=Email&authSocial=1&authDark=1");
    await waitForHydration(page, testInfo.project.name);
    const dialog = page.getByRole("dialog", { name: "Sign up to continue" });
    await expect(dialog.getByText("By continuing, you agree to Studio's")).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByLabel("Email").fill(email.toUpperCase());
    await dialog.getByRole("button", { name: "Continue with email" }).click();
    const login = page.getByRole("dialog", { name: "Log In" });
    await expect(login.getByLabel("Email")).toHaveValue(email);
    // With social login on, Log In's sign-up link goes back to SocialSignUp, keeping dark mode.
    await expect(login.getByRole("link", { name: "Create Account" })).toHaveAttribute(
      "href",
      "/?auth=SocialSignUp&authSocial=1&authDark=1",
    );
  });

  test("reset a forgotten password with the emailed code, which signs in; then log in with the new one", async ({
    page,
    request,
    problems,
  }, testInfo) => {
    // Reset, then sign out and in again with the new password: more pages than the default minute allows on a busy machine.
    test.slow();
    problems.allowStatus(400);
    const email = emailFor("reset", testInfo.project.name);
    await makeAccount(email);
    await page.goto("/classes?auth=Login");
    await waitForHydration(page, testInfo.project.name);
    await page.getByRole("dialog", { name: "Log In" }).getByRole("link", { name: "Forgot Password" }).click();

    const reset = page.getByRole("dialog", { name: "Reset Password" });
    await reset.getByLabel("Email").fill(email.toUpperCase());
    await expectNoAxeViolations(page);
    await reset.getByRole("button", { name: "Send Reset Code" }).click();
    await expect(page.getByText(`We sent a code to ${email}`)).toBeVisible();
    const code = await emailedCode(request, email);

    await page.getByLabel("Verification Code").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Enter Code" }).click();
    await expect(page.getByText("Invalid verification code provided, please try again.")).toBeVisible();
    await page.getByLabel("Verification Code").fill(code);
    await page.getByRole("button", { name: "Enter Code" }).click();

    await page.getByLabel("New password", { exact: true }).fill("second password");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Change Password" }).click();
    // Spec 4: a finished reset signs the user in.
    await expect(page.getByText("Your password has been changed!")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
    // Signed out before the next page: a goto while the sign-out was on its way loaded it signed in.
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
    await page.goto("/classes?auth=Login");
    const login = page.getByRole("dialog", { name: "Log In" });
    await login.getByLabel("Email").fill(email);
    await login.getByLabel("Password", { exact: true }).fill("second password");
    await login.getByRole("button", { name: "Log In", exact: true }).click();
    await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();
  });

  test("logging in on a page served with the modal open, before its scripts are ready, signs in without errors", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "a race between the page's scripts and the visitor");
    const email = emailFor("early", testInfo.project.name);
    await makeAccount(email);
    // The modal's forms load on demand: held back, the visitor is faster than the page's JavaScript.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/build/_shared/AuthModal-*.js", async (route) => {
      await held;
      await route.continue().catch(() => undefined); // the page may have moved on meanwhile
    });
    const asked = page.waitForRequest(/\/build\/_shared\/AuthModal-/);
    await page.goto("/classes?auth=Login");
    // The page has asked for the forms: its scripts are running, and the visitor submits now.
    await asked;
    const login = page.getByRole("dialog", { name: "Log In" });
    await login.getByLabel("Email").fill(email);
    await login.getByLabel("Password", { exact: true }).fill("first password");
    await login.getByRole("button", { name: "Log In", exact: true }).click();
    release();
    // The page-error check (helpers' problems fixture) fails the test on React's own errors.
    await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();
  });

  test("typing into the modal while the page hydrates: every page still hydrates, keeps what was typed, and signs up", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "a race between hydration and the visitor");
    test.slow();
    // A keystroke in the moment React starts hydrating made React give up on the page (error 345) and it
    // never hydrated (platform/hydration-guard). No hook makes that moment certain, so the visitor types
    // key by key from the moment each of 10 fresh pages arrives: before the guard, 4 runs of 4 failed, by
    // their third page.
    // Routed, the scripts skip the browser's cache: each page loads them as a first visit does.
    await page.route("**/build/**", (route) => route.continue());
    const email = emailFor("hydrating", testInfo.project.name);
    const create = page.getByRole("dialog", { name: "Create Account" });
    for (let attempt = 1; attempt <= 10; attempt++) {
      await page.goto("/?auth=CreateAccount", { waitUntil: "commit" });
      // Key by key: the keystrokes span the moment the page's scripts start hydrating.
      await create.getByLabel("Email").pressSequentially(email, { delay: 10 });
      await create.getByLabel("First name").fill("Ada");
      await create.getByLabel("Last name").fill("Lovelace");
      await create.getByLabel("Password", { exact: true }).fill("early typing");
      const hydrated = await page
        .waitForFunction(
          () => Object.keys(document.getElementById("main") ?? {}).some((key) => key.startsWith("__reactFiber")),
          undefined,
          { timeout: 10_000 },
        )
        .then(
          () => true,
          () => false,
        );
      expect(hydrated, `page ${attempt} hydrated`).toBe(true);
      await expect(create.getByLabel("Email")).toHaveValue(email);
      await expect(create.getByLabel("Password", { exact: true })).toHaveValue("early typing");
    }
    await create.getByRole("button", { name: "Create Account" }).click();
    // The page-error check (helpers' problems fixture) fails the test on React's own errors too.
    await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();
  });

  test("Join Waitlist adds the email and offers to explore classes", async ({ page }, testInfo) => {
    await page.goto("/classes?auth=JoinWaitlist");
    await waitForHydration(page, testInfo.project.name);
    const dialog = page.getByRole("dialog", { name: "Join Waitlist" });
    await dialog.getByLabel("Email").fill(emailFor("waitlist", testInfo.project.name));
    await dialog.getByRole("button", { name: "Join Waitlist" }).click();
    await expect(page.getByText("You've been added!")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Explore Classes" }).click();
    await expect(page).toHaveURL(/\/classes$/);
  });

  test("blockClose leaves no way to close the modal but finishing it", async ({ page }, testInfo) => {
    await page.goto("/?auth=Login&authBlockClose=1");
    await waitForHydration(page, testInfo.project.name);
    await expect(page.getByRole("dialog", { name: "Log In" })).toBeVisible();
    await expect(page.getByRole("dialog").getByLabel("Close pop-up")).toHaveCount(0);
  });

  test("after five failed sign-ins the next attempt has to wait", async ({ page, request, problems }, testInfo) => {
    problems.allowStatus(400, 429);
    const email = emailFor("lockout", testInfo.project.name);
    await makeAccount(email, "right password");
    const fail = () => request.post("/auth/login", { form: { email, password: "wrong password" }, maxRedirects: 0 });
    for (let i = 0; i < 5; i++) expect((await fail()).status()).toBe(400);
    await sleep(1100);
    expect((await fail()).status()).toBe(400);
    const sixth = Date.now();
    // The form is ready before the seventh failure, so the click lands inside the 4 s wait that
    // failure starts, however slow the machine is (filled after it, a slow page load could outlast
    // the wait).
    await page.goto("/classes?auth=Login");
    await waitForHydration(page, testInfo.project.name);
    const login = page.getByRole("dialog", { name: "Log In" });
    await login.getByLabel("Email").fill(email);
    await login.getByLabel("Password", { exact: true }).fill("right password");
    await sleep(Math.max(0, 2100 - (Date.now() - sixth)));
    expect((await fail()).status()).toBe(400);
    // Seven failures: the next attempt must wait 4 s, even with the right password.
    await login.getByRole("button", { name: "Log In", exact: true }).click();
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: /Password attempts exceeded\. Please wait \d seconds? and try again\./ }),
    ).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
  });
});

test("a form post from another site is refused", async ({ request }) => {
  const response = await request.post("/auth/login", {
    form: { email: "a@b.co", password: "whatever1" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
});

test("the development outbox shows sent emails", async ({ page, request }, testInfo) => {
  const email = emailFor("outbox", testInfo.project.name);
  await makeAccount(email);
  await request.post("/auth/reset-password", { form: { step: "EMAIL", email, page: "/" }, maxRedirects: 0 });
  await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article").getByText(/Your verification code is \d{6}\./)).toBeVisible();
  await expectNoAxeViolations(page);
});
