/**
 * Sign-in forms when something that is not the visitor's doing fails (spec 8), JavaScript on and off:
 * the form stays, with what was typed and the spec's words, never the error page. Our side fails
 * through the development fault cookie (app/http/dev-faults.server.ts: `d1:users` fails every
 * statement about users); the form's own request fails (JavaScript only) by aborting it.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, isJs, test, waitForHydration } from "./helpers";

const LOGIN_FALLBACK =
  "There was an error signing in to your account. Please try again or contact us at support@studio.example";
const REQUEST_FAILED = "There was an error logging in/creating you account. Please try again later or contact us.";

async function failTable(page: Page, table: string) {
  await page
    .context()
    .addCookies([{ name: "studio_dev_fault", value: `d1:${table}`, url: test.info().project.use.baseURL! }]);
}
const repair = (page: Page) => page.context().clearCookies({ name: "studio_dev_fault" });

/** The form's error (its alert), wherever the answer is shown: the modal with JavaScript, the form's page without. */
const formError = (page: Page) => page.locator(".auth-form__error");

test.describe("sign-in forms when our side fails", () => {
  test("Log In keeps the form with 'Error logging in' and the fallback; it signs in once the database is back", async ({
    page,
    problems,
    insertNewUser,
  }, testInfo) => {
    problems.allowStatus(500);
    const user = await insertNewUser();
    await failTable(page, "users");
    await page.goto("/classes?auth=Login");
    await waitForHydration(page, testInfo.project.name);
    const login = page.getByRole("dialog", { name: "Log In" });
    await login.getByLabel("Email").fill(user.email);
    await login.getByLabel("Password", { exact: true }).fill(user.password);
    await login.getByRole("button", { name: "Log In", exact: true }).click();

    await expect(formError(page)).toHaveText(`Error logging in${LOGIN_FALLBACK}`);
    await expect(page.getByRole("alert").filter({ hasText: LOGIN_FALLBACK })).toBeVisible();
    await expect(page.getByRole("heading", { name: "An Error Occurred" })).toHaveCount(0);
    // Still the form: with JavaScript the modal, without it the Log In page the post landed on.
    if (isJs(testInfo.project.name)) await expect(login).toBeVisible();
    else await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByLabel("Email")).toHaveValue(user.email);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("log-in-failed.png") });

    await repair(page);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Log In", exact: true }).click();
    await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();
  });

  test("Reset Password keeps its EMAIL step with the confirm-email failure's words", async ({
    page,
    problems,
    insertNewUser,
  }, testInfo) => {
    problems.allowStatus(500);
    const user = await insertNewUser();
    await failTable(page, "users");
    await page.goto("/classes?auth=ResetPassword");
    await waitForHydration(page, testInfo.project.name);
    const reset = page.getByRole("dialog", { name: "Reset Password" });
    await reset.getByLabel("Email").fill(user.email);
    await reset.getByRole("button", { name: "Send Reset Code" }).click();
    await expect(formError(page)).toHaveText(
      "There was an error signing in to your account. Please try again or contact us.",
    );
    await expect(page.getByRole("button", { name: "Send Reset Code" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(user.email);
    await expectNoAxeViolations(page);
  });
});

test.describe("sign-in forms when their request fails (Failed to fetch)", () => {
  test("Log In and Create Account say so in the form, keep what was typed, and work when the network is back", async ({
    page,
    problems,
  }, testInfo) => {
    test.skip(!isJs(testInfo.project.name), "without JavaScript the browser posts the form and shows its own page");
    problems.allowNetworkFailures();
    const email = `offline-${Date.now()}@example.com`;
    // Only the forms' posts fail: the pages and their scripts still load.
    await page.route(/\/auth\/(login|create-account)\.data/, (route) => route.abort("internetdisconnected"));
    await page.goto("/classes?auth=Login");
    await waitForHydration(page, testInfo.project.name);

    const login = page.getByRole("dialog", { name: "Log In" });
    await login.getByLabel("Email").fill(email);
    await login.getByLabel("Password", { exact: true }).fill("some password");
    await login.getByRole("button", { name: "Log In", exact: true }).click();
    await expect(login.locator(".auth-form__error")).toHaveText(`Error logging in${REQUEST_FAILED}`);
    await expect(login.getByLabel("Email")).toHaveValue(email);
    await expectNoAxeViolations(page);

    await login.getByRole("link", { name: "Create Account" }).click();
    const create = page.getByRole("dialog", { name: "Create Account" });
    await create.getByLabel("Email").fill(email);
    await create.getByLabel("First name").fill("Nora");
    await create.getByLabel("Last name").fill("Network");
    await create.getByLabel("Password", { exact: true }).fill("a good long password");
    await create.getByRole("button", { name: "Create Account" }).click();
    await expect(create.getByRole("alert").filter({ hasText: REQUEST_FAILED })).toBeVisible();
    await expect(create.getByLabel("Email")).toHaveValue(email);
    await expect(create.getByLabel("First name")).toHaveValue("Nora");
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("create-account-offline.png") });

    await page.unrouteAll({ behavior: "wait" });
    await create.getByLabel("Password", { exact: true }).fill("a good long password");
    await create.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();
  });
});
