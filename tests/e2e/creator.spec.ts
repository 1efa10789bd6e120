/** The creator side: /creator's waitlist form (with JavaScript and without) and /dashboard/classes for the demo creator. */
import { DEMO, expect, expectNoAxeViolations, h1, logIn, test, waitForHydration } from "./helpers";

const JOINED = "You're on the creator waitlist. We'll email you when your spot opens.";
const INVALID = "This email address looks invalid. If we're wrong, please contact support at support@studio.example.";

test.describe("creator waitlist", () => {
  test("/creator pitches the builder and a visitor joins the waitlist", async ({ page }, testInfo) => {
    const response = await page.goto("/creator");
    expect(response?.status()).toBe(200);
    await waitForHydration(page, testInfo.project.name);
    await expect(h1(page)).toHaveText("Build and sell your own learning app");
    await expect(page.getByText(/personalized plan/).first()).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Log in" })).toHaveAttribute(
      "href",
      "/creator?auth=Login",
    );
    await expectNoAxeViolations(page);

    const email = `creator-${testInfo.project.name}-${Date.now()}@example.com`;
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Join the creator waitlist" }).click();
    await expect(page).toHaveURL(/\/creator\?joined=1$/);
    await expect(page.getByRole("status").filter({ hasText: JOINED })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a bad email shows the spec's message and keeps the email", async ({ page, problems }, testInfo) => {
    problems.allowStatus(400);
    await page.goto("/creator");
    await waitForHydration(page, testInfo.project.name);
    await page.getByLabel("Email").fill("nobody@nowhere");
    await page.getByRole("button", { name: "Join the creator waitlist" }).click();
    await expect(page.getByText(INVALID)).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("nobody@nowhere");
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
  });

  test("/build is the same page with its own heading", async ({ page }) => {
    expect((await page.goto("/build"))?.status()).toBe(200);
    await expect(h1(page)).toHaveText("Build your app");
    await expect(page.getByRole("button", { name: "Join the creator waitlist" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test("the demo creator sees their classes with sales and revenue", async ({ page }) => {
  await logIn(page, DEMO.creator);
  expect((await page.goto("/dashboard/classes"))?.status()).toBe(200);
  await expect(h1(page)).toHaveText("Your classes");
  const totals = page.getByRole("list", { name: "Classes by revenue" });
  await expect(totals.getByRole("link", { name: "Fingerstyle Guitar Foundations" })).toBeVisible();
  await expect(page.locator(".creator-dashboard__totals")).toContainText("Revenue");
  await expect(page.locator(".sold-class").first()).toContainText(/\d+ sales?/);
  await expectNoAxeViolations(page);
});
