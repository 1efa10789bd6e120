/**
 * Issue 18's last mile, JavaScript on and off, on the embedded AI default: a creator's yoga app,
 * built from a typed idea, is published on the Starter tier; a visitor with no account opens its
 * public page, takes its onboarding and gets a plan in yoga's words, never running's. Axe on the
 * visitor's screens. (The builder's own screens are in brainstorm.spec.ts and builder.spec.ts.)
 */
import {
  answerOnboardingWithFirstChoices,
  buildAppFromIdea,
  expect,
  expectNoAxeViolations,
  fillTestCard,
  isJs,
  test,
  waitForHydration,
} from "./helpers";

type Json = Record<string, any>;

test("a visitor takes a published yoga app's onboarding and gets a yoga plan", async ({
  page,
  browser,
  baseURL,
  login,
  problems,
}, testInfo) => {
  test.setTimeout(150_000);
  problems.allowStatus(400);
  await login({ firstName: "Maya", lastName: "Osei" });

  // The creator's side, through the API the builder screens use (their screens have their own tests).
  const appId = await buildAppFromIdea(page, "Gentle yoga for desk workers with stiff necks");

  const opened = await page.request.post("/api/payments/create-studio-checkout-session", {
    data: {
      price_option_id: "studio_starter_month",
      tier_slug: "starter",
      success_url: `/dashboard/builder?appId=${appId}&mode=publish&payment_success=true&tier=starter`,
      cancel_url: `/dashboard/builder?appId=${appId}&mode=pricing_tiers`,
    },
  });
  expect(opened.status()).toBe(200);
  await page.goto(((await opened.json()) as Json).url);
  await fillTestCard(page, "Maya Osei", { expiry: "12/34" });
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page.getByText("Your Starter tier is active. You can publish")).toBeVisible({ timeout: 15_000 });
  await page.getByRole("button", { name: /^Publish/ }).click();
  // The app has no price yet: publishing asks first, and the creator confirms.
  await page
    .getByRole("region", { name: "Publish without a price?" })
    .getByRole("button", { name: "Publish without a price" })
    .click();
  await expect(page.getByText("Published. Your app is live.").first()).toBeVisible({ timeout: 15_000 });
  const apps = ((await (await page.request.get("/api/app-builder/getCreatorApps")).json()) as Json).response.apps as {
    appId: string;
    storefrontSlug: string;
    appSlug: string;
  }[];
  const made = apps.find((a) => a.appId === appId)!;
  const publicPath = `/apps/${made.storefrontSlug}/${made.appSlug}`;

  // The visitor: a fresh browser, no account, the same JavaScript setting as this project.
  const visitorContext = await browser.newContext({
    baseURL,
    javaScriptEnabled: isJs(testInfo.project.name),
    viewport: { width: 1120, height: 900 },
  });
  const visitor = await visitorContext.newPage();
  try {
    expect((await visitor.goto(publicPath))?.status()).toBe(200);
    await waitForHydration(visitor, testInfo.project.name);
    await expect(visitor.getByRole("heading", { level: 1 })).toContainText(/yoga/i);
    await expect(visitor.locator("main")).not.toContainText(/\b(?:runs|strides|gels|marathon)\b/i);
    await expectNoAxeViolations(visitor);

    await visitor.goto(`${publicPath}/onboarding`);
    await waitForHydration(visitor, testInfo.project.name);
    await expect(visitor.getByRole("progressbar", { name: /^Step 1 of / })).toBeVisible();
    await expectNoAxeViolations(visitor);
    await answerOnboardingWithFirstChoices(visitor);
    await expect(visitor).toHaveURL(new RegExp(`${publicPath}/onboarding/plan$`));
    await expect(visitor.getByRole("heading", { name: "Your phases" })).toBeVisible({ timeout: 30_000 });
    const plan = await visitor.locator(".plan__timeline").innerText();
    expect(plan).toMatch(/yoga|pose|flow|breath/i);
    expect(plan).not.toMatch(/\b(?:runs|strides|gels|marathon)\b/i);
    await expectNoAxeViolations(visitor);
  } finally {
    await visitorContext.close();
  }
});
