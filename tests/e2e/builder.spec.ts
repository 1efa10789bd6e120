/**
 * The app builder, with JavaScript and without: the demo creator edits the demo app's landing page,
 * theme, onboarding and prices and publishes (every edit is put back, so other specs still see the
 * demo app as seeded); a new account buys a studio tier from ?mode=pricing_tiers with the local
 * provider and lands on the publish step. axe on every screen.
 */
import type { Page } from "@playwright/test";
import { mkdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  DEMO,
  e2ePort,
  expect,
  expectNoAxeViolations,
  fillTestCard,
  h1,
  isJs,
  logIn,
  test,
  waitForHydration,
} from "./helpers";

const APP = "a0000000-0000-4000-8000-000000000001";
const builder = (query = "") => `/dashboard/builder?appId=${APP}${query}`;

/**
 * The JS and no-JS projects run at the same time against one database and both edit the demo app:
 * each edit test holds this lock (a directory: mkdir is atomic) so one project's save never
 * overwrites the other's half-way through.
 */
const LOCK = join(tmpdir(), `builder-e2e-demo-app-${e2ePort("E2E_PORT")}`);
async function lockDemoApp(): Promise<() => void> {
  const deadline = Date.now() + 80_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      return () => rmSync(LOCK, { recursive: true, force: true });
    } catch {
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > 120_000) rmSync(LOCK, { recursive: true, force: true });
      } catch {
        // gone already
      }
      if (Date.now() > deadline) throw new Error("the demo app lock was never released");
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** Saves the editor form: with JavaScript by waiting for the autosave, without by the Save button. */
async function save(page: Page, js: boolean) {
  if (js) {
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: /^Saved$/ })
        .first(),
    ).toBeVisible({ timeout: 10_000 });
  } else {
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await expect(page).toHaveURL(/section=/);
  }
}

test.describe("the demo creator builds and publishes", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  let unlock: (() => void) | null = null;
  test.beforeEach(async () => {
    unlock = await lockDemoApp();
  });
  test.afterEach(() => {
    unlock?.();
    unlock = null;
  });

  test("signed out, the builder asks to log in", async ({ page }) => {
    await page.goto(builder());
    await expect(page).toHaveURL(/auth=Login/);
  });

  test("landing page: edit with live preview, save, history, and put it back", async ({ page }, testInfo) => {
    const js = isJs(testInfo.project.name);
    await logIn(page, DEMO.creator);
    expect((await page.goto(builder("&section=landing")))?.status()).toBe(200);
    await waitForHydration(page, testInfo.project.name);
    await expect(h1(page)).toHaveText("Half Marathon Coach");
    await expect(page.getByText("Published", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    const field = js ? page.getByLabel("Subtitle", { exact: true }) : page.getByLabel("Call to action subtitle");
    const original = await field.inputValue();
    const edited = `${original} (${testInfo.project.name} edit)`;
    await field.fill(edited);
    if (js) await expect(page.getByRole("region", { name: "Landing page preview" })).toContainText(edited);
    await save(page, js);
    await page.goto(builder("&section=landing"));
    await expect(field).toHaveValue(edited);
    await expect(page.getByRole("region", { name: "Landing page preview" })).toContainText(edited);
    await expect(page.getByRole("heading", { name: "Landing page history" })).toBeVisible();
    if (js) await expect(page.getByText("Unpublished changes")).toBeVisible();

    await waitForHydration(page, testInfo.project.name);
    await field.fill(original);
    await save(page, js);
    await page.goto(builder("&section=landing"));
    await expect(field).toHaveValue(original);
  });

  test("an invalid landing page shows the error next to the field and in the summary", async ({
    page,
    problems,
  }, testInfo) => {
    problems.allowStatus(400);
    await logIn(page, DEMO.creator);
    await page.goto(builder("&section=landing"));
    await waitForHydration(page, testInfo.project.name);
    const title = page.getByLabel("Title", { exact: true }).first();
    await title.fill("");
    if (isJs(testInfo.project.name)) {
      await expect(page.getByRole("status").filter({ hasText: "Not saved" }).first()).toBeVisible({ timeout: 10_000 });
    } else {
      await page.getByRole("button", { name: "Save", exact: true }).first().click();
    }
    await expect(page.getByRole("heading", { name: /Not saved/ })).toBeVisible();
    await expect(title).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
  });

  test("theme: change the font with a preview, then change it back", async ({ page }, testInfo) => {
    const js = isJs(testInfo.project.name);
    await logIn(page, DEMO.creator);
    await page.goto(builder("&section=theme"));
    await waitForHydration(page, testInfo.project.name);
    await expectNoAxeViolations(page);
    await page.getByLabel("Font").selectOption("serif");
    if (js) await expect(page.getByText("Text in the serif font")).toBeVisible();
    await save(page, js);
    await page.goto(builder("&section=theme"));
    await expect(page.getByLabel("Font")).toHaveValue("serif");
    await waitForHydration(page, testInfo.project.name);
    await page.getByLabel("Font").selectOption("rounded");
    await save(page, js);
    await page.goto(builder("&section=theme"));
    await expect(page.getByLabel("Font")).toHaveValue("rounded");
  });

  test("onboarding: add a question to the last page, then remove it (works without JavaScript)", async ({
    page,
  }, testInfo) => {
    await logIn(page, DEMO.creator);
    await page.goto(builder("&section=onboarding"));
    await waitForHydration(page, testInfo.project.name);
    await expectNoAxeViolations(page);
    await expect(page.getByRole("link", { name: "Preview onboarding" })).toHaveAttribute(
      "href",
      "/apps/marisol-vega/half-marathon/onboarding?testingStepId=preview",
    );
    const pages = page.locator("fieldset.builder-page");
    const count = await pages.count();
    const last = pages.nth(count - 1);
    const questions = await last.locator(":scope > fieldset.builder-item:not(.builder-skip)").count();
    await last.getByRole("button", { name: `Add a question to page ${count}` }).click();
    await expect(
      page
        .locator("fieldset.builder-page")
        .nth(count - 1)
        .locator(":scope > fieldset.builder-item:not(.builder-skip)"),
    ).toHaveCount(questions + 1);
    await page.getByRole("button", { name: `Remove page ${count} question ${questions + 1}` }).click();
    await expect(
      page
        .locator("fieldset.builder-page")
        .nth(count - 1)
        .locator(":scope > fieldset.builder-item:not(.builder-skip)"),
    ).toHaveCount(questions);
    await expect(page.getByRole("heading", { name: "Onboarding history" })).toBeVisible();
  });

  test("pricing in dollars and publishing", async ({ page, problems }, testInfo) => {
    problems.allowStatus(400);
    const js = isJs(testInfo.project.name);
    await logIn(page, DEMO.creator);
    await page.goto(builder("&section=pricing"));
    await waitForHydration(page, testInfo.project.name);
    await expect(page.getByLabel("Monthly price (US dollars)")).toHaveValue("14.99");
    await expect(page.getByLabel("Annual price (US dollars, optional)")).toHaveValue("99");
    await expectNoAxeViolations(page);
    await page.getByLabel("Monthly price (US dollars)").fill("14.999");
    if (js)
      await expect(page.getByRole("status").filter({ hasText: "Not saved" }).first()).toBeVisible({ timeout: 10_000 });
    else await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Use at most 2 decimals").first()).toBeVisible();
    await page.getByLabel("Monthly price (US dollars)").fill("14.99");
    await save(page, js);
    await expect(page.getByRole("region", { name: "Pricing preview" })).toContainText("$14.99 a month");

    await page.goto(builder("&section=publish"));
    await waitForHydration(page, testInfo.project.name);
    await expect(page.getByText("Studio tier: Pro")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: /^Publish/ }).click();
    await expect(page.getByText("Everything is published.")).toBeVisible();
    await expect(page.getByText("Unpublished changes")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "/apps/marisol-vega/half-marathon" })).toBeVisible();
  });
});

test("a new account buys the Starter studio tier and reaches the publish step", async ({ page, login }, testInfo) => {
  await login({ firstName: "Tia", lastName: "Builder" });
  await page.goto("/dashboard/builder?mode=pricing_tiers");
  await waitForHydration(page, testInfo.project.name);
  await expect(h1(page)).toHaveText("Choose a studio tier");
  await expect(page.getByRole("heading", { name: "Starter" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Starter features" })).toContainText("1 published app");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Starter monthly: $19.00 a month" }).click();
  await expect(page).toHaveURL(/\/checkout\/pay\//);
  await fillTestCard(page, "Tia Builder", { expiry: "12/34" });
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/builder\?mode=publish&payment_success=true&tier=starter&session_id=/);
  await expect(page.getByText("Your Starter tier is active. You can publish")).toBeVisible();
  await expectNoAxeViolations(page);
  // The tiers page no longer sells the tier they have.
  await page.goto("/dashboard/builder?mode=pricing_tiers");
  await expect(page.getByText("Your current tier")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Starter (monthly|annual)/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Pro monthly/ })).toBeVisible();
});
