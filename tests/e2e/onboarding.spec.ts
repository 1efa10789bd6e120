/**
 * An anonymous visitor takes the demo app's onboarding (JavaScript on and off), sees the plan being
 * made with a progress bar, then the plan; signs in as the demo learner and still has the plan.
 * axe on every screen.
 */
import { expect, expectNoAxeViolations, h1, isJs, test, waitForHydration } from "./helpers";

const BASE = "/apps/marisol-vega/half-marathon/onboarding";

test("an anonymous visitor takes the onboarding, gets a plan, signs in and keeps it", async ({
  page,
  problems,
}, testInfo) => {
  // A whole journey with six axe scans: 47 s on an idle CI machine, past 60 s on a loaded one.
  test.setTimeout(120_000);
  problems.allowStatus(400);
  const js = isJs(testInfo.project.name);
  expect((await page.goto(BASE))?.status()).toBe(200);
  await waitForHydration(page, testInfo.project.name);
  await expect(h1(page)).toHaveText("What is your goal?");
  await expect(page.getByText("Step 1 of 4")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("radio", { name: "Run it in under 2 hours" }).check();
  await page.getByRole("button", { name: "Next" }).click();

  await expect(h1(page)).toHaveText("Where are you now?");
  await expect(page).toHaveURL(/step=level/);
  const anonymousId = (await page.context().cookies()).find((c) => c.name === "dx_non_auth_user_id")?.value;
  expect(anonymousId).toMatch(/^anon_/);
  if (js) expect(await page.evaluate(() => window.localStorage.getItem("dx_non_auth_user_id"))).toBe(anonymousId);
  // A bad answer is shown next to its question.
  await page.getByRole("radio", { name: "I run 2–3 times a week" }).check();
  await page.getByLabel(/Your longest run/).fill("99");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Enter 42 or less")).toBeVisible();
  await expect(page.getByLabel(/Your longest run/)).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await page.getByLabel(/Your longest run/).fill("12");
  await page.getByRole("button", { name: "Next" }).click();

  // The 'best' page is skipped for intermediate runners.
  await expect(h1(page)).toHaveText("Your week");
  await expect(page.getByText("Step 3 of 4")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", `${BASE}?step=level`);
  await page.getByRole("checkbox", { name: "Strength work" }).check();
  await page.getByRole("checkbox", { name: "Race nutrition tips" }).check();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Next" }).click();

  await expect(h1(page)).toHaveText("Race day");
  await expect(page.getByText("Step 4 of 4")).toBeVisible();
  const race = new Date(Date.now() + 70 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("When is your race?").fill(race);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "See my plan" }).click();

  await expect(page).toHaveURL(new RegExp(`${BASE}/plan$`));
  // The plan is made in the background: the progress bar while it runs (a refresh without JavaScript, live with it), then the plan.
  const progress = page.getByRole("progressbar", { name: "Plan progress" });
  const planHeading = page.getByRole("heading", { level: 1, name: /Your Half Marathon Plan/ });
  await expect(progress.or(planHeading)).toBeVisible();
  if (await progress.isVisible()) await expectNoAxeViolations(page);
  await expect(planHeading).toBeVisible({ timeout: 20_000 });
  await expect(planHeading).toHaveText("Your Half Marathon Plan: Intermediate, 4 days a week");
  await expect(page.getByRole("heading", { name: "Time to Race Day" })).toBeVisible();
  await expect(page.getByText("10 weeks", { exact: true })).toBeVisible();
  await expect(page.locator(".plan__phase")).toHaveCount(13);
  // The plans to buy sit under the plan: the annual plan first and chosen (the plans-list rule).
  const buy = page.getByRole("region", { name: "Keep going with your plan" });
  await expect(buy.getByRole("radio").first()).toBeChecked();
  await expect(buy.getByRole("radio", { name: /Annual/ })).toBeChecked();
  await expect(buy.getByRole("button", { name: "Continue" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Make a new plan" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Retake the questions" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Sign in: the auth modal, then back to the plan, which now belongs to the account.
  await waitForHydration(page, testInfo.project.name);
  const mirrored = () => page.evaluate(() => localStorage.getItem("dx_non_auth_user_id"));
  if (isJs(testInfo.project.name)) expect(await mirrored()).toMatch(/^anon_/);
  await page.getByRole("link", { name: "Sign in" }).click();
  const login = page.getByRole("dialog", { name: "Log In" });
  await login.getByLabel("Email").fill("learner@studio.example");
  await login.getByLabel("Password", { exact: true }).fill("learner-demo-1");
  await login.getByRole("button", { name: "Log In", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/plan$`));
  await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: /Your Half Marathon Plan/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0);
  // The answers moved to the account (dataLinked): the stored anonymous id is cleared.
  if (isJs(testInfo.project.name)) await expect.poll(mirrored).toBeNull();
  await expectNoAxeViolations(page);
});

test("Make a new plan starts a new job and shows it arriving", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  // The first visit gives the visitor an anonymous id (cookie), which the API call then uses.
  await page.goto(BASE);
  const anonymousId = (await page.context().cookies()).find((c) => c.name === "dx_non_auth_user_id")?.value;
  const response = await page.request.post(`/api/apps/completeOnboarding/marisol-vega/half-marathon`, {
    data: { finalUserState: { goal: "finish", currentLevel: "beginner", daysPerWeek: 2 }, pagesInfo: {} },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(200);
  await page.goto(`${BASE}/plan`);
  await waitForHydration(page, testInfo.project.name);
  const heading = page.getByRole("heading", { level: 1, name: "Your Half Marathon Plan: Beginner, 2 days a week" });
  await expect(heading).toBeVisible({ timeout: 20_000 });
  // A new job makes the new plan; the page follows it (live with JavaScript, refreshing without) to the plan.
  const statusPath = `/api/apps/checkPlanStatus/${anonymousId}/marisol-vega/half-marathon`;
  const before = await (await page.request.get(statusPath)).json();
  const posted = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/onboarding/plan"));
  await page.getByRole("button", { name: "Make a new plan" }).click();
  await posted;
  await expect.poll(async () => (await (await page.request.get(statusPath)).json()).jobId).not.toBe(before.jobId);
  await expect
    .poll(async () => (await (await page.request.get(statusPath)).json()).status, { timeout: 20_000 })
    .toBe("completed");
  await expect(heading).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole("progressbar", { name: "Plan progress" })).toHaveCount(0);
  await expect(page.locator(".plan__phase")).toHaveCount(13);
});

test("an app that is not published has no onboarding", async ({ page, problems }) => {
  problems.allowStatus(404);
  expect((await page.goto("/apps/marisol-vega/no-such-app/onboarding"))?.status()).toBe(404);
});
