/**
 * The creator's way in and an app's signed-out /today (issue 50, items 5 to 7), JavaScript on and
 * off: "Your apps" in the header and the phone menu once a person has started an app; publishing an
 * app with no price asks first and names what visitors will see; a signed-out visitor on /today is
 * told why, with the onboarding and Log In back to it. Axe on every screen.
 */
import {
  DEMO,
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  fillTestCard,
  h1,
  isJs,
  test,
  waitForHydration,
} from "./helpers";

const DEMO_APP = "/apps/marisol-vega/half-marathon";
/** What an app's public page says where its plans would be, when it sells none. */
const NO_PLANS_TEXT = "Plans for this app are coming soon.";
const SIGNED_OUT_TODAY = "Your plan for today is personal: answer a few questions to get one, or log in to see yours.";

test("'Your apps' appears in the header and the phone menu once a person starts an app", async ({
  page,
  login,
}, testInfo) => {
  await login({ firstName: "Noor", lastName: "Maker" });
  const banner = page.getByRole("banner");
  await page.goto("/library");
  await expect(banner.getByRole("link", { name: "Library" })).toBeVisible();
  await expect(banner.getByRole("link", { name: "Your apps" })).toHaveCount(0);

  // An idea kept on the dashboard is an app started.
  await page.goto("/dashboard");
  await waitForHydration(page, testInfo.project.name);
  await page.getByLabel("Describe your app idea").fill("A sourdough baking coach for busy parents, one loaf a week.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Your idea is saved.")).toBeVisible();

  await page.goto("/library");
  const link = banner.getByRole("link", { name: "Your apps" });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", "/dashboard");
  await expectNoAxeViolations(page);
  await link.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(h1(page)).toHaveText("Noor's apps");
  await expect(banner.getByRole("link", { name: "Your apps" })).toHaveAttribute("aria-current", "page");

  // On a phone the header folds into its menu, which has the link too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/library");
  await expect(banner.getByRole("link", { name: "Your apps" })).toBeHidden();
  await banner.getByLabel("Menu").click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu.getByRole("link", { name: "Your apps" })).toBeVisible();
  await expectNoAxeViolations(page);
  await menu.getByRole("link", { name: "Your apps" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a learner sees no 'Your apps', in the header or in the phone menu", async ({ page, login }) => {
  await login({ firstName: "Lea", lastName: "Learner" });
  const banner = page.getByRole("banner");
  await page.goto("/library");
  await expect(banner.getByRole("link", { name: "Library" })).toBeVisible();
  await expect(banner.getByRole("link", { name: "Your apps" })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await banner.getByLabel("Menu").click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu.getByRole("link", { name: "Library" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Your apps" })).toHaveCount(0);
});

test("publishing an app with no price asks first, naming what visitors will see", async ({ page, login }, testInfo) => {
  test.setTimeout(120_000);
  const js = isJs(testInfo.project.name);
  await login({ firstName: "Pia", lastName: "Publisher" });
  // A studio tier, bought with the test card, then an app built from an idea: it has no price yet.
  await page.goto("/dashboard/builder?mode=pricing_tiers");
  await waitForHydration(page, testInfo.project.name);
  await page.getByRole("button", { name: "Starter monthly: $19.00 a month" }).click();
  await expect(page).toHaveURL(/\/checkout\/pay\//);
  await fillTestCard(page, "Pia Publisher", { expiry: "12/34" });
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page.getByText("Your Starter tier is active. You can publish")).toBeVisible();
  const started = await page.request.post("/api/app-builder/buildApp", {
    data: { appIdea: `A ${testInfo.project.name} half marathon plan for first-time runners, three runs a week.` },
  });
  expect(started.status()).toBe(202);
  const { appId, statusUrl } = ((await started.json()) as { response: { appId: string; statusUrl: string } }).response;
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(statusUrl)).json()) as { response: { status: string } }).response.status,
      {
        timeout: 30_000,
      },
    )
    .toBe("completed");

  // The publish step lists what is missing, the price first, in the public page's words.
  await page.goto(`/dashboard/builder?appId=${appId}&section=publish`);
  await waitForHydration(page, testInfo.project.name);
  const missing = page.getByRole("list", { name: "What this app is missing:" });
  await expect(missing.getByRole("listitem").first()).toHaveText(
    `No price: visitors will see “${NO_PLANS_TEXT}” and cannot buy a plan. Set a price`,
  );
  await expect(missing.getByRole("link", { name: "Set a price" })).toHaveAttribute(
    "href",
    `/dashboard/builder?appId=${appId}&section=pricing`,
  );
  await expectNoAxeViolations(page);

  // Publish asks first: nothing is published yet.
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const question = page.getByRole("heading", { name: "Publish without a price?" });
  await expect(question).toBeVisible();
  if (js) await expect(question).toBeFocused();
  const confirm = page.getByRole("region", { name: "Publish without a price?" });
  await expect(confirm).toContainText(`visitors will see “${NO_PLANS_TEXT}”`);
  await expect(confirm.getByRole("list", { name: "What this app is missing:" })).toContainText("No price:");
  await expect(confirm.getByRole("link", { name: "Set a price first" })).toBeVisible();
  await expect(page.getByText("Not published", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await confirm.getByRole("button", { name: "Publish without a price" }).click();
  await expect(page.getByText("Published. Your app is live.")).toBeVisible();
  await expect(page.getByText("Everything is published.")).toBeVisible();
  const publicPage = await page.getByRole("link", { name: /^\/apps\// }).getAttribute("href");
  await page.goto(publicPage!);
  await expect(page.getByText(NO_PLANS_TEXT)).toBeVisible();
});

test("a signed-out visitor on /today is told why, offered the onboarding, and Log In brings them back", async ({
  page,
}, testInfo) => {
  const response = await page.goto(`${DEMO_APP}/today`);
  expect(response?.status()).toBe(200);
  await expect(h1(page)).toHaveText("Today");
  await expect(page.getByText(SIGNED_OUT_TODAY)).toBeVisible();
  await expect(page.getByRole("link", { name: "Get my plan" })).toHaveAttribute("href", `${DEMO_APP}/onboarding`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expectNoAxeViolations(page);

  await waitForHydration(page, testInfo.project.name);
  // The page's own Log In comes back here (the header's goes where Log In usually goes).
  await page.getByRole("main").getByRole("link", { name: "Log in", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Log In" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  // The app's owner signs in and comes back to /today.
  await dialog.getByLabel("Email").fill(DEMO.creator.email);
  await dialog.getByLabel("Password", { exact: true }).fill(DEMO.creator.password);
  await dialog.getByRole("button", { name: "Log In", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${DEMO_APP}/today$`));
  await expect(page.getByText(SIGNED_OUT_TODAY)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Your plan" }).or(page.getByText(/^Phase \d+ of \d+/))).toBeVisible();
});

test("the phone-width signed-out /today fits and passes axe", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${DEMO_APP}/today`);
  await expect(page.getByText(SIGNED_OUT_TODAY)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
});
