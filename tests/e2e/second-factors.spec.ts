/**
 * Two second factors on the web: an authenticator app and codes by email (after confirming the email),
 * turned on in /account; with both on and "Let me choose each time", Log In asks which to use.
 * JavaScript on and off.
 */
import { generateTOTP } from "@epic-web/totp";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./helpers";

const PASSWORD = "two factors on the web";

async function emailedCode(page: Page, email: string): Promise<string> {
  const html = await (await page.request.get(`/dev/outbox?to=${encodeURIComponent(email)}`)).text();
  return html.match(/code is (\d{6})/)![1];
}

async function logIn(page: Page, email: string) {
  await page.goto("/classes?auth=Login");
  const dialog = page.getByRole("dialog", { name: "Log In" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Log In", exact: true }).click();
}

test("codes by email, and a choice when two second factors are on", async ({ page, browser }, testInfo) => {
  test.slow();
  const email = `two-factors-${testInfo.project.name}-${Date.now()}@example.com`;
  const made = await page.request.post("/auth/create-account", {
    form: { email, firstName: "Tess", lastName: "Factor", password: PASSWORD, page: "/" },
    maxRedirects: 0,
  });
  expect(made.status()).toBe(303);

  // Codes by email go to the email, so it is confirmed first, on the page.
  await page.goto("/account#authenticator");
  await expect(page.getByText("Confirm your email to get log-in codes by email.")).toBeVisible();
  await page.getByRole("button", { name: "Send me a confirmation code" }).click();
  await expect(page.getByText(`Enter the code we sent to ${email}.`)).toBeVisible();
  await page.getByLabel("Confirmation code").fill(await emailedCode(page, email));
  await page.getByRole("button", { name: "Confirm email" }).click();
  await expect(page.getByText("Your email is confirmed.")).toBeVisible();

  // Both factors on, and no preference: Log In asks each time.
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await page.locator(".account__secret").textContent())!.trim();
  const { otp } = await generateTOTP({ secret, algorithm: "SHA-1" });
  await page.getByLabel("Code from the app").fill(otp);
  await page.getByRole("button", { name: "Turn on", exact: true }).click();
  await expect(page.getByText("Authenticator app turned on.")).toBeVisible();
  await page.getByRole("button", { name: "Turn on email codes" }).click();
  await expect(page.getByText("Email codes turned on.")).toBeVisible();
  await expect(page.getByText(`We email a code to ${email}`)).toBeVisible();
  await page.getByLabel("Let me choose each time").check();
  await page.getByRole("button", { name: "Save log-in choice" }).click();
  await expect(page.getByText("Your log-in choice is saved.")).toBeVisible();
  await expect(page.getByLabel("Let me choose each time")).toBeChecked();
  await expectNoAxeViolations(page);

  // Another browser: the password, then the choice, then the emailed code.
  const other = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  });
  const laptop = await other.newPage();
  await laptop.goto("/classes");
  await waitForHydration(laptop, testInfo.project.name);
  await logIn(laptop, email);
  await expect(laptop.getByText("How would you like to confirm it's you?")).toBeVisible();
  await expectNoAxeViolations(laptop);
  await laptop.getByRole("button", { name: "Email me a code" }).click();
  await expect(laptop.getByText(`We emailed a 6-digit code to ${email}.`)).toBeVisible();
  await laptop.getByLabel("Emailed code").fill("000000");
  await laptop.getByRole("button", { name: "Verify" }).click();
  await expect(laptop.getByText("Invalid code received for user")).toBeVisible();
  await laptop.getByLabel("Emailed code").fill(await emailedCode(laptop, email));
  await laptop.getByRole("button", { name: "Verify" }).click();
  await expect(laptop.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();
  await other.close();

  // Codes by email alone: asked straight away.
  await page.goto("/account#authenticator");
  await page.getByRole("button", { name: "Remove authenticator app" }).click();
  await expect(page.getByText("Authenticator app removed.")).toBeVisible();
  const third = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  });
  const tablet = await third.newPage();
  await logIn(tablet, email);
  await expect(tablet.getByLabel("Emailed code")).toBeVisible();
  await expectNoAxeViolations(tablet);
  await third.close();
});
