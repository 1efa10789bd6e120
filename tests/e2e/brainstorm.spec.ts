/**
 * The AI builder without a model (the embedded default), JavaScript on and off: a creator
 * brainstorms "yoga for desk workers", watches the progress, builds the second idea, lands in the
 * builder with it, and previews its onboarding to get a yoga plan. Axe on every screen.
 */
import { answerOnboardingWithFirstChoices, expect, expectNoAxeViolations, h1, test, waitForHydration } from "./helpers";

test("brainstorm 'yoga for desk workers', build the second idea and get a yoga plan from it", async ({
  page,
  login,
  problems,
}, testInfo) => {
  test.setTimeout(120_000);
  problems.allowStatus(400);
  await login({ firstName: "Noor", lastName: "Haddad" });
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Brainstorm app ideas" }).click();
  await expect(page).toHaveURL(/\/dashboard\/builder\/brainstorm$/);
  await waitForHydration(page, testInfo.project.name);
  await expect(h1(page)).toHaveText("Brainstorm app ideas");
  await expect(page.getByText("No brainstorms yet.")).toBeVisible();
  await expectNoAxeViolations(page);

  // A bad input first: the message, nothing started.
  await page.getByLabel("What is your app about?").fill("yo");
  await page.getByRole("button", { name: "Brainstorm ideas" }).click();
  await expect(page.getByText("Tell us what your app is about (at least 3 characters)")).toBeVisible();

  await page.getByLabel("What is your app about?").fill("yoga for desk workers");
  await page.getByRole("button", { name: "Brainstorm ideas" }).click();
  await expect(page).toHaveURL(/\/dashboard\/builder\/brainstorm\/[0-9a-f-]{36}$/);
  await expect(h1(page)).toHaveText("App ideas: yoga for desk workers");
  const build = page.getByRole("button", { name: /^Build this app: / });
  await expect(build).toHaveCount(5, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Yoga for Desk Workers", level: 2 })).toBeVisible();
  await expectNoAxeViolations(page);

  const second = (await page.getByRole("heading", { level: 2 }).nth(1).textContent())!.trim();
  await build.nth(1).click();
  await expect(page).toHaveURL(/\/dashboard\/builder\?appId=[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(h1(page)).toHaveText(second);
  const appId = new URL(page.url()).searchParams.get("appId")!;
  await expectNoAxeViolations(page);

  // The owner's preview of its onboarding makes a plan in yoga's words.
  const apps = (await (await page.request.get("/api/app-builder/getCreatorApps")).json()) as {
    response: { apps: { appId: string; storefrontSlug: string; appSlug: string }[] };
  };
  const made = apps.response.apps.find((a) => a.appId === appId)!;
  await page.goto(`/apps/${made.storefrontSlug}/${made.appSlug}/onboarding?testingStepId=preview`);
  await waitForHydration(page, testInfo.project.name);
  await answerOnboardingWithFirstChoices(page);
  await expect(page).toHaveURL(/\/onboarding\/plan/);
  await expect(page.getByRole("heading", { name: "Your phases" })).toBeVisible({ timeout: 30_000 });
  const plan = await page.locator(".plan__timeline").innerText();
  expect(plan).toMatch(/yoga|pose|flow|breath/i);
  expect(plan).not.toMatch(/\b(?:runs|strides|gels|marathon)\b/i);
  await expectNoAxeViolations(page);
});
