/**
 * Signing up, logging in and the account itself, through the screens (the other specs sign in with the
 * `login` fixture): the auth modal from the header and the menu, its messages, a learner's whole account
 * life (reset, authenticator, sign out everywhere) and deleting the account. JavaScript on and off.
 */
import { generateTOTP } from "@epic-web/totp";
import { createHmac } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, h1, test, waitForHydration } from "./helpers";

/** A fresh email per test and project: the e2e database is shared by both projects. */
const emailFor = (title: string, project: string) =>
  `${title.replace(/[^a-z]+/gi, "-").toLowerCase()}-${project}-${Date.now()}@example.com`;

const code = async (secret: string) => (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;

/**
 * The code an authenticator app shows in the next 30-second step (RFC 6238 over RFC 4226). A code works
 * once per step, so the second sign-in uses the next step's, which the server accepts as its one step
 * of clock drift; waiting for the step to turn took up to 30 s of the test.
 */
function nextStepCode(secret: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret.replace(/=+$/, "").toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + 1));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

async function emailedCode(page: Page, email: string): Promise<string> {
  const html = await (await page.request.get(`/dev/outbox?to=${encodeURIComponent(email)}`)).text();
  return html.match(/code is (\d{6})/)![1];
}

async function logOut(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
}

test.describe("accounts", () => {
  test("sign up from the header on a class list, sign out, then log in again", async ({ page }, testInfo) => {
    const email = emailFor("signup", testInfo.project.name);
    await page.goto("/classes?view=Top%20rated");
    await waitForHydration(page, testInfo.project.name);

    await page.getByRole("banner").getByRole("link", { name: "Log in" }).click();
    const dialog = page.getByRole("dialog", { name: "Log In" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("link", { name: "Create Account" }).click();

    const create = page.getByRole("dialog", { name: "Create Account" });
    await expect(create).toBeVisible();
    await create.getByLabel("Email").fill(email);
    await create.getByLabel("First name").fill("Grace");
    await create.getByLabel("Last name").fill("Hopper");
    await create.getByLabel("Password", { exact: true }).fill("compilers rule");
    await expectNoAxeViolations(page);
    await create.getByRole("button", { name: "Create Account" }).click();

    // Signed in, still on the page the form was opened on, with a welcome toast.
    await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();
    await expect(page).toHaveURL(/\/classes\?view=Top(%20|\+)rated$/);
    await expect(h1(page)).toHaveText("Top Rated Classes");
    await expect(page.getByText("Welcome to Studio, Grace!")).toBeVisible();

    await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();

    await page.goto("/classes?auth=Login");
    await waitForHydration(page, testInfo.project.name);
    const login = page.getByRole("dialog", { name: "Log In" });
    await login.getByLabel("Email").fill(email.toUpperCase());
    await login.getByLabel("Password", { exact: true }).fill("compilers rule");
    await login.getByRole("button", { name: "Log In", exact: true }).click();
    // From a page other than '/', a learner with nothing else to route by lands on '/'.
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();
    await expect(page.getByText("Welcome back, Grace!")).toBeVisible();
  });

  test("a wrong password or bad input shows the spec's messages and signs nobody in", async ({
    page,
    problems,
  }, testInfo) => {
    problems.allowStatus(400);
    await page.goto("/classes?auth=Login");
    await waitForHydration(page, testInfo.project.name);
    const login = page.getByRole("dialog", { name: "Log In" });
    await login.getByLabel("Email").fill("nobody@example.com");
    await login.getByLabel("Password", { exact: true }).fill("not the password");
    await login.getByRole("button", { name: "Log In", exact: true }).click();
    // With JavaScript the error shows in the modal; without, on the Log In page the form posted to.
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto("/?auth=CreateAccount");
    await waitForHydration(page, testInfo.project.name);
    const create = page.getByRole("dialog", { name: "Create Account" });
    await create.getByLabel("Email").fill("grace@navy");
    await create.getByLabel("Password", { exact: true }).fill("short");
    await create.getByRole("button", { name: "Create Account" }).click();
    await expect(
      page.getByText(
        "This email address looks invalid. If we're wrong, please contact support at support@studio.example.",
      ),
    ).toBeVisible();
    await expect(page.getByText("You must provide a first name.")).toBeVisible();
    await expect(page.getByText("You must provide a last name.")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters long.")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the modal closes back to the page it was opened on", async ({ page }, testInfo) => {
    await page.goto("/classes?view=New%20releases&auth=Login");
    await waitForHydration(page, testInfo.project.name);
    await page
      .getByRole("dialog", { name: "Log In" })
      .getByRole("link", { name: "Close pop-up" })
      .or(page.getByRole("button", { name: "Close pop-up" }))
      .click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/classes\?view=New(%20|\+)releases$/);
  });
});

test("on a phone the sign-in entry is in the menu", async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 800 });
  await page.goto("/classes");
  await page.getByRole("banner").locator("summary[aria-label=Menu]").click();
  const mobile = page.getByRole("navigation", { name: "Mobile" });
  await expect(mobile.getByRole("link", { name: "Log in" })).toBeVisible();
  await mobile.getByRole("link", { name: "Log in" }).click();
  await expect(page.getByRole("dialog", { name: "Log In" })).toBeVisible();
});

test("a learner's whole account life: sign up, log out and in, reset, authenticator, sign out everywhere", async ({
  page,
  browser,
  problems,
}, testInfo) => {
  // Sign-up, two sign-ins, a reset that signs in, an authenticator and a second device: many pages.
  test.setTimeout(180_000);
  problems.allowStatus(400);
  const project = testInfo.project.name;
  const email = `life-${project}-${Date.now()}@example.com`;

  // Sign up from the home page's Get Started form.
  await page.goto("/classes?auth=Email");
  await waitForHydration(page, project);
  await page.getByRole("dialog", { name: "Get Started" }).getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue with email" }).click();
  const create = page.getByRole("dialog", { name: "Nice! Almost done..." });
  await create.getByLabel("First name").fill("Nina");
  await create.getByLabel("Last name").fill("Simone");
  await create.getByLabel("Password", { exact: true }).fill("first password");
  await create.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Welcome to Studio, Nina!")).toBeVisible();
  await logOut(page);

  // Log in, then forget the password and reset it with the emailed code.
  await page.goto("/classes?auth=Login");
  await page.getByRole("dialog", { name: "Log In" }).getByLabel("Email").fill(email);
  await page.getByRole("dialog", { name: "Log In" }).getByLabel("Password", { exact: true }).fill("first password");
  await page.getByRole("dialog", { name: "Log In" }).getByRole("button", { name: "Log In", exact: true }).click();
  await expect(page.getByText("Welcome back, Nina!")).toBeVisible();
  await logOut(page);
  await page.goto(`/classes?auth=ResetPassword&authEmail=${encodeURIComponent(email)}`);
  await page.getByRole("button", { name: "Send Reset Code" }).click();
  await expect(page.getByText(`We sent a code to ${email}`)).toBeVisible();
  await page.getByLabel("Verification Code").fill(await emailedCode(page, email));
  await page.getByRole("button", { name: "Enter Code" }).click();
  await page.getByLabel("New password", { exact: true }).fill("second password");
  await page.getByRole("button", { name: "Change Password" }).click();
  // Spec 4: a finished reset signs the user in; the new password works from then on.
  await expect(page.getByText("Your password has been changed!")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();
  await logOut(page);
  await page.goto("/classes?auth=Login");
  await page.getByRole("dialog", { name: "Log In" }).getByLabel("Email").fill(email);
  await page.getByRole("dialog", { name: "Log In" }).getByLabel("Password", { exact: true }).fill("second password");
  await page.getByRole("dialog", { name: "Log In" }).getByRole("button", { name: "Log In", exact: true }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();

  // Turn on an authenticator app on /account.
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.locator(".account__secret").textContent())!.trim();
  await page.getByLabel("Code from the app").fill("000000");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Invalid code received for user")).toBeVisible();
  await page.getByLabel("Code from the app").fill(await code(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Authenticator app turned on.")).toBeVisible();
  await expect(page.getByText("My TOTP device asks for a code")).toBeVisible();
  await expectNoAxeViolations(page);

  // A second browser: the password is not enough any more.
  const other = await browser.newContext({ javaScriptEnabled: project === "js" });
  const phone = await other.newPage();
  await phone.goto("/classes?auth=Login");
  await phone.getByRole("dialog", { name: "Log In" }).getByLabel("Email").fill(email);
  await phone.getByRole("dialog", { name: "Log In" }).getByLabel("Password", { exact: true }).fill("second password");
  await phone.getByRole("dialog", { name: "Log In" }).getByRole("button", { name: "Log In", exact: true }).click();
  await expect(phone.getByLabel("Authenticator code")).toBeVisible();
  await expect(phone.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
  await expectNoAxeViolations(phone);
  await phone.getByLabel("Authenticator code").fill(nextStepCode(secret));
  await phone.getByRole("button", { name: "Verify" }).click();
  await expect(phone.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();

  // Sign out everywhere from the first browser: the second is signed out too.
  await page.goto("/account");
  await expect(page.getByRole("listitem").filter({ hasText: "This device" })).toHaveCount(1);
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByText("You've been signed out on every device.")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
  await phone.reload();
  await expect(phone.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
  await other.close();
});

test("deleting the account needs the confirmation word", async ({ page, problems }, testInfo) => {
  problems.allowStatus(400);
  const email = `delete-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto("/classes?auth=CreateAccount");
  await waitForHydration(page, testInfo.project.name);
  const create = page.getByRole("dialog", { name: "Create Account" });
  await create.getByLabel("Email").fill(email);
  await create.getByLabel("First name").fill("Del");
  await create.getByLabel("Last name").fill("Eted");
  await create.getByLabel("Password", { exact: true }).fill("first password");
  await create.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Welcome to Studio, Del!")).toBeVisible();
  await page.goto("/account");
  await page.getByLabel("Type DELETE to confirm").fill("please");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Type DELETE to confirm.")).toBeVisible();
  await page.getByLabel("Type DELETE to confirm").fill("DELETE");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Your account has been deleted.")).toBeVisible();
  await expect(page).toHaveURL("/");
});
