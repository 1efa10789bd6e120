/**
 * The challenge landing page (/challenges/{slug}), with JavaScript and without: a visitor's Get started
 * through sign-up back to the challenge, joined; a signed-in learner's Join the challenge, today's
 * lesson marked complete, and the dashboard's card with the streak; the home page's way in; axe and a
 * phone's width.
 */
import { DEMO_CHALLENGE } from "../tools/challenge-sql.mjs";
import { expect, expectNoAxeViolations, expectNoHorizontalScroll, h1, test, waitForHydration } from "./helpers";

const PAGE = `/challenges/${DEMO_CHALLENGE.slug}`;
const emailFor = (title: string, project: string) => `${title}-${project}-${Date.now()}@example.com`;

test.describe("challenge landing page", () => {
  // Each test walks several pages and runs axe more than once.
  test.slow();
  test("a visitor gets started, signs up and is back on the challenge, joined", async ({ page }, testInfo) => {
    await page.goto(PAGE);
    await expect(h1(page)).toHaveText(DEMO_CHALLENGE.title);
    await expect(page.getByText(/^Day 6 of 30 · started [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(page.getByText(/^\d+ people have joined$/)).toBeVisible();
    const days = page.getByRole("region", { name: "Day by day" }).getByRole("listitem");
    await expect(days).toHaveCount(30);
    await expect(page.locator('li[aria-current="date"]')).toContainText("Day 6");
    await expectNoAxeViolations(page);

    await waitForHydration(page, testInfo.project.name);
    await page.getByRole("button", { name: "Get started" }).click();
    const getStarted = page.getByRole("dialog", { name: "Get Started" });
    await expect(getStarted).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === PAGE && url.searchParams.get("redirect") === PAGE);
    await expectNoAxeViolations(page);
    const email = emailFor("challenge", testInfo.project.name);
    await getStarted.getByLabel("Email").fill(email);
    await waitForHydration(page, testInfo.project.name);
    await getStarted.getByRole("button", { name: "Continue with email" }).click();
    const create = page.getByRole("dialog", { name: "Nice! Almost done..." });
    // A doubtful address is warned about once; pressing again continues.
    const warning = getStarted.getByText("Make sure to check that your email is correct before continuing.");
    await expect(create.or(warning)).toBeVisible();
    if (await warning.isVisible()) await getStarted.getByRole("button", { name: "Continue with email" }).click();
    await expect(create).toBeVisible();
    await create.getByLabel("First name").fill("Chiara");
    await create.getByLabel("Last name").fill("Lenge");
    await create.getByLabel("Password", { exact: true }).fill("thirty days");
    await waitForHydration(page, testInfo.project.name);
    await create.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL((url) => url.pathname === PAGE && !url.searchParams.has("auth"));
    await expect(page.getByText("You're in", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Watch today's lesson" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Get started" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("a learner joins, finishes today's lesson, and the dashboard shows it with the streak", async ({
    page,
    login,
  }, testInfo) => {
    await login({ firstName: "Tess" });
    await page.goto(PAGE);
    await waitForHydration(page, testInfo.project.name);
    await page.getByRole("button", { name: "Join the challenge" }).click();
    await expect(page.getByText("You're in", { exact: true })).toBeVisible();
    await expect(page.getByText("You're in!")).toBeVisible();

    const todayRow = page.locator('li[aria-current="date"]');
    const lessonTitle = (await todayRow.getByRole("link").first().textContent())!.trim();
    await page.getByRole("link", { name: "Watch today's lesson" }).click();
    await expect(h1(page)).toHaveText(lessonTitle);
    await waitForHydration(page, testInfo.project.name);
    await page.getByRole("button", { name: "Mark as complete" }).click();
    await expect(page.getByText("Marked as complete")).toBeVisible();

    await page.goto(PAGE);
    await expect(page.locator('li[aria-current="date"]')).toContainText("Done");
    await expect(page.getByText("Streak: 1 day")).toBeVisible();

    await page.goto("/v2/dashboard");
    const card = page.getByRole("region", { name: "Your challenges" });
    await expect(card.getByRole("link", { name: DEMO_CHALLENGE.title })).toHaveAttribute("href", PAGE);
    await expect(card.getByText("Day 6 of 30")).toBeVisible();
    await expect(card.getByRole("link", { name: lessonTitle })).toBeVisible();
    await expect(card.getByText("Streak: 1 day")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the home page leads to the challenge; the page fits a phone", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: DEMO_CHALLENGE.title }).click();
    await expect(page).toHaveURL((url) => url.pathname === PAGE);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(h1(page)).toHaveText(DEMO_CHALLENGE.title);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });
});
