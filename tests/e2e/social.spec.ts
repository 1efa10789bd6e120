import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./helpers";

/**
 * The local provider signs in whoever login_hint names (tests/tools/oidc-server.mjs): the test plays
 * the person choosing an account at the provider by adding it to the address our start sends them to.
 * (Routes do not see redirected requests, so the start's own 302 is rewritten.) `tamper` changes the
 * state on its way out, as an attacker replaying someone else's return would.
 */
async function chooseAccount(page: Page, email: string, { tamper = false } = {}) {
  await page.unrouteAll({ behavior: "wait" });
  await page.route("**/auth/social/*", async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    const location = new URL(response.headers()["location"]);
    location.searchParams.set("login_hint", email);
    if (tamper) location.searchParams.set("state", "tampered-state");
    await route.fulfill({ response, headers: { ...response.headers(), location: location.toString() } });
  });
}

const unique = (name: string, project: string) => `${name}.${project.replace("-", "")}${Date.now()}@example.com`;

test.describe("social sign-in", () => {
  test("Log in with Google makes an account with the provider's email and names", async ({ page }, testInfo) => {
    const email = unique("grace.hopper", testInfo.project.name);
    await chooseAccount(page, email);
    await page.goto("/classes?view=Top%20rated&auth=Login");
    await waitForHydration(page, testInfo.project.name);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Log in with Google" }).click();
    await expect(page.getByText("Welcome to Studio, Grace!")).toBeVisible();
    await expect(page).toHaveURL(/\/classes\?view=Top(%20|\+)rated$/);
    await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();
  });

  test("Continue with Apple links to an existing account with the same verified email", async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    const email = unique("ada.lovelace", testInfo.project.name);
    const api = await playwright.request.newContext({ baseURL });
    await api.post("/auth/create-account", {
      form: { email, firstName: "Ada", lastName: "Lovelace", password: "first password" },
      maxRedirects: 0,
    });
    await api.dispose();
    await chooseAccount(page, email);
    await page.goto("/classes?auth=Email&authSocial=1");
    await waitForHydration(page, testInfo.project.name);
    await page
      .getByRole("dialog", { name: "Sign up to continue" })
      .getByRole("button", { name: "Continue with Apple" })
      .click();
    await expect(page.getByText("Welcome back, Ada!")).toBeVisible();
  });

  test("signing in from an app's onboarding comes back to the onboarding, even from another page", async ({
    page,
    context,
  }, testInfo) => {
    // Opening the sign-in over an onboarding page leaves its auth state (spec 4)…
    await page.goto("/apps/marisol-vega/half-marathon/onboarding?auth=Login");
    expect((await context.cookies()).some((c) => c.name === "dx_onboarding_auth")).toBe(true);
    // …which brings the visitor back there after a social sign-in started anywhere.
    await chooseAccount(page, unique("onboarding.runner", testInfo.project.name));
    await page.goto("/classes?auth=Login");
    await waitForHydration(page, testInfo.project.name);
    await page.getByRole("button", { name: "Log in with Google" }).click();
    await expect(page).toHaveURL(/\/apps\/marisol-vega\/half-marathon\/onboarding\?step=/);
    await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();
    expect((await context.cookies()).some((c) => c.name === "dx_onboarding_auth")).toBe(false);
  });

  test("an app idea typed on /creator comes through Log in with Google, and its build starts", async ({
    page,
  }, testInfo) => {
    await chooseAccount(page, unique("mae.jemison", testInfo.project.name));
    await page.goto("/creator");
    await waitForHydration(page, testInfo.project.name);
    await page
      .getByLabel("Describe your app idea")
      .fill(`A ${testInfo.project.name} plan that gets complete beginners running 5 km in eight weeks.`);
    await page.getByRole("button", { name: "Build my app" }).click();
    await page.getByRole("dialog", { name: "Create Account" }).getByRole("link", { name: "Log In" }).click();
    await page.getByRole("dialog", { name: "Log In" }).getByRole("button", { name: "Log in with Google" }).click();
    // Where a signed-in creator's idea goes: the build's progress page (or the builder, once it is made).
    await expect(page).toHaveURL(/\/dashboard\/builder(\/jobs\/[0-9a-f-]{36}|\?appId=[0-9a-f-]{36})$/, {
      timeout: 30_000,
    });
    await expect(page.getByText("Welcome to Studio, Mae!")).toBeVisible();
  });

  test("a tampered state is refused and signs nobody in", async ({ page }, testInfo) => {
    await chooseAccount(page, unique("mallory", testInfo.project.name), { tamper: true });
    await page.goto("/classes?auth=Login");
    await waitForHydration(page, testInfo.project.name);
    await page.getByRole("button", { name: "Log in with Google" }).click();
    await expect(page.getByText("Failed to complete authentication. Please try signing in again.")).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Log In" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
  });

  test("cancelling at the provider comes back quietly; a missing email is explained", async ({ page }, testInfo) => {
    await chooseAccount(page, "cancel@example.com");
    await page.goto("/classes?auth=Login");
    await waitForHydration(page, testInfo.project.name);
    await page.getByRole("button", { name: "Log in with Google" }).click();
    await expect(page.getByRole("dialog", { name: "Log In" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /error|failed/i })).toHaveCount(0);

    await chooseAccount(page, unique("noemail", testInfo.project.name));
    await page.getByRole("button", { name: "Log in with Apple" }).click();
    await expect(page.getByText("We could not retrieve your email from your social account...")).toBeVisible();
  });
});
