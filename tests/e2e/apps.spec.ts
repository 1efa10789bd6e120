/**
 * Creator apps, JavaScript on and off: the demo creator's /dashboard and a new app from an idea, the
 * public landing page of the demo app in its theme with the annual plan first, buying it with the
 * local provider (and the purchase on the creator's usage chart), and a never-published app's 404. Axe on every screen. (Runs in parallel with other
 * specs on one database: the demo app's published content is never changed here.)
 */
import { DEMO, expect, expectNoAxeViolations, fillTestCard, h1, isJs, logIn, test, waitForHydration } from "./helpers";

const DEMO_APP = "/apps/marisol-vega/half-marathon";

test("signed out, /dashboard asks to log in", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/\?auth=Login&redirect=%2Fdashboard$/);
  await expectNoAxeViolations(page);
});

test("a signed-out visitor who picks a plan is asked to sign up first, then comes back to the plans", async ({
  page,
}, testInfo) => {
  await page.goto(DEMO_APP);
  await waitForHydration(page, testInfo.project.name);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(
    /\/apps\/marisol-vega\/half-marathon\?redirect=%2Fapps%2Fmarisol-vega%2Fhalf-marathon%23plans&auth=SocialSignUp$/,
  );
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the demo creator sees their apps and makes a new one from an idea", async ({ page, problems }, testInfo) => {
  // The new app is built by a job, whose progress page opens the builder when it is done.
  test.setTimeout(60_000);
  problems.allowStatus(400, 404);
  await logIn(page, DEMO.creator);
  expect((await page.goto("/dashboard"))?.status()).toBe(200);
  await waitForHydration(page, testInfo.project.name);
  await expect(h1(page)).toHaveText(/'s apps$/);
  const card = page.locator(".app-tile").filter({ has: page.getByRole("heading", { name: "Half Marathon Coach" }) });
  await expect(card).toBeVisible();
  await expect(card.getByText("Published", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: "View public page of Half Marathon Coach" })).toHaveAttribute(
    "href",
    DEMO_APP,
  );
  await expect(card.getByRole("button", { name: "Open builder for Half Marathon Coach" })).toBeVisible();
  await expectNoAxeViolations(page);

  const idea = `A ${testInfo.project.name} pottery app that teaches wheel throwing to complete beginners at home.`;
  const field = page.getByLabel("Describe your app idea");
  // A bad idea first: the message, the text kept.
  await field.fill("Pots");
  await page.getByRole("button", { name: "Create app" }).click();
  await expect(page.getByText("Your app idea must be at least 10 characters")).toBeVisible();
  await expect(field).toHaveValue("Pots");
  await expectNoAxeViolations(page);

  await field.fill(idea);
  if (isJs(testInfo.project.name)) {
    // The draft is kept in local storage and restored on the next visit.
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("appBuilderContextState") ?? "null"));
    expect(stored).toMatchObject({ appIdea: idea });
    expect(typeof stored.timestamp).toBe("number");
    await page.goto("/dashboard");
    await waitForHydration(page, testInfo.project.name);
    await expect(page.getByLabel("Describe your app idea")).toHaveValue(idea);
  }
  await page.getByRole("button", { name: "Create app" }).click();
  // Pottery is no practice the templates know and no model is connected: the guided build asks first.
  await expect(page).toHaveURL(/\/dashboard\/builder\/new\?idea=/);
  await expect(h1(page)).toHaveText(/^Tell us about /);
  await expect(page.getByText(idea)).toBeVisible();
  await expectNoAxeViolations(page);
  // Too few milestones: the message beside the field, nothing built, what was typed kept.
  await page.getByLabel("What will your users be able to do at the end?").fill("Throw a set of four matching mugs");
  await page.getByLabel("Milestones on the way, one per line").fill("Centre the clay");
  await page.getByLabel("What does one session look like?").fill("Throw three cylinders and cut one in half");
  await page.getByRole("button", { name: "Build my app" }).click();
  await expect(page.getByText("List at least 3 milestones, one per line")).toBeVisible();
  await expect(page.getByLabel("What does one session look like?")).toHaveValue(
    "Throw three cylinders and cut one in half",
  );
  await page
    .getByLabel("Milestones on the way, one per line")
    .fill("Centre the clay\nOpen and pull a cylinder\nThrow a mug with even walls\nTrim and attach a handle");
  await page.getByRole("button", { name: "Build my app" }).click();
  await page.waitForURL(/\/dashboard\/builder\?appId=[0-9a-f-]{36}$/, { timeout: 30_000 });
  const appId = new URL(page.url()).searchParams.get("appId")!;
  // The creator's milestones are the plan's phases.
  const blueprint = (await (await page.request.get(`/api/app-builder/getBlueprintForApp?appId=${appId}`)).json()) as {
    response: { blueprint: { phaseTemplates: { title: string }[] } };
  };
  expect(blueprint.response.blueprint.phaseTemplates.map((p) => p.title)).toEqual([
    "Centre the clay",
    "Open and pull a cylinder",
    "Throw a mug with even walls",
    "Trim and attach a handle",
  ]);
  if (isJs(testInfo.project.name))
    expect(await page.evaluate(() => localStorage.getItem("appBuilderContextState"))).toBeNull();

  // The new app is on the dashboard; it was never published, so the public gets the not-found page.
  const list = (await (await page.request.get("/api/app-builder/getCreatorApps")).json()) as {
    response: { apps: { appId: string; storefrontSlug: string; appSlug: string; isPublished: boolean }[] };
  };
  const made = list.response.apps.find((a) => a.appId === appId)!;
  expect(made).toMatchObject({ storefrontSlug: "marisol-vega", isPublished: false });
  await page.goto("/dashboard");
  await expect(page.locator(`#app-${appId}`).getByText("Not published")).toBeVisible();
  const missing = await page.goto(`/apps/${made.storefrontSlug}/${made.appSlug}`);
  expect(missing?.status()).toBe(404);
  await expectNoAxeViolations(page);
});

test("an idea typed before the dashboard has hydrated is kept, counted and made into the app", async ({
  page,
  login,
}, testInfo) => {
  test.skip(!isJs(testInfo.project.name), "a race between the page's scripts and the creator");
  test.setTimeout(60_000);
  await login({ firstName: "Kiri", lastName: "Tane" });
  // The page's scripts held back: the creator types into the server's form before React is there.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/build/entry.client-*.js", async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  await page.goto("/dashboard", { waitUntil: "commit" });
  const idea = "Watercolour sketching for commuters, ten minutes a day on the train.";
  const field = page.getByLabel("Describe your app idea");
  await field.fill(idea);
  await expect(page.locator("#new-app .field__count [aria-hidden]")).toHaveText("0/2000");
  release();
  await waitForHydration(page, testInfo.project.name);
  // Hydrated, the form counts the typed text (its state holds it) and the field still shows it.
  await expect(page.locator("#new-app .field__count [aria-hidden]")).toHaveText(`${idea.length}/2000`);
  await expect(field).toHaveValue(idea);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("appBuilderContextState") ?? "null"));
  expect(stored).toMatchObject({ appIdea: idea });
  await page.getByRole("button", { name: "Create app" }).click();
  // Watercolour sketching is no practice the templates know: the guided build shows the idea as typed.
  await expect(page).toHaveURL(/\/dashboard\/builder\/new\?idea=/);
  await expect(page.getByText(idea)).toBeVisible();
  await page.getByRole("button", { name: "Skip: build from my idea alone" }).click();
  await page.waitForURL(/\/dashboard\/builder\?appId=[0-9a-f-]{36}$/, { timeout: 30_000 });
});

test("the public landing page renders in the app's theme with the annual plan first and selected", async ({
  page,
}, testInfo) => {
  expect((await page.goto(DEMO_APP))?.status()).toBe(200);
  await waitForHydration(page, testInfo.project.name);
  await expect(h1(page)).toHaveText("Run your first sub-2 half marathon");
  await expect(page).toHaveTitle("Half Marathon Coach: Run your first sub-2 half marathon");
  const primary = await page
    .locator(".app-landing")
    .evaluate((el) => getComputedStyle(el).getPropertyValue("--app-primary").trim());
  expect(primary).toBe("#c2410c");
  await expect(page.getByRole("link", { name: "Get started" })).toHaveAttribute("href", `${DEMO_APP}/onboarding`);
  const plans = page.locator("#plans").getByRole("radio");
  await expect(plans).toHaveCount(2);
  await expect(plans.first()).toBeChecked();
  await expect(page.locator("#plans .radio-option").first()).toContainText("Annual");
  await expect(page.locator("#plans .radio-option").first()).toContainText("$8.25");
  await expect(page.locator(".app-faq details").first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a signed-in learner buys the annual plan with the test card and sees the confirmation", async ({
  page,
  login,
}, testInfo) => {
  // A purchase, then the creator's dashboard: two sign-ins, the card page and three axe runs.
  test.slow();
  // The demo learner buys with JavaScript; the no-JavaScript run buys with an account of its own (the two run in parallel).
  if (isJs(testInfo.project.name)) await logIn(page, DEMO.learner);
  else await login({ firstName: "Ada", lastName: "Byron" });
  await page.goto(`${DEMO_APP}#plans`);
  await waitForHydration(page, testInfo.project.name);
  await expect(page.locator("#plans").getByRole("radio").first()).toBeChecked();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/checkout\/pay\/[0-9a-f-]{36}$/);
  await expect(h1(page)).toHaveText("Pay $99.00");
  await expectNoAxeViolations(page);
  await fillTestCard(page, "Ada Byron", { expiry: "12/34" });
  await page.getByRole("button", { name: "Pay $99.00" }).click();
  await expect(page).toHaveURL(/\/apps\/marisol-vega\/half-marathon\?purchased=1&session_id=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "You're in!" })).toBeVisible();
  await expect(page.getByText("You have the annual plan")).toBeVisible();
  await expect(page.locator("#plans").getByRole("radio")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The demo creator's dashboard counts the purchase on the app's usage chart (drawn on the server, with a table).
  await page.context().clearCookies();
  await logIn(page, DEMO.creator);
  await page.goto("/dashboard");
  await waitForHydration(page, testInfo.project.name);
  await expect(page.getByRole("heading", { name: "How your apps are used", level: 2 })).toBeVisible();
  const usage = page
    .locator(".app-usage__app")
    .filter({ has: page.getByRole("heading", { name: "Half Marathon Coach", level: 3 }) });
  await expect(usage.locator(".tiles__tile").filter({ hasText: "Plan purchases" }).locator("dd")).not.toHaveText("0");
  const chart = usage.getByRole("region", { name: "Plan purchases" });
  await expect(chart.getByRole("heading", { name: "Plan purchases", level: 4 })).toBeVisible();
  await chart.getByText("Show the numbers").click();
  await expect(chart.getByRole("table", { name: /Plan purchases, per day/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("an app that does not exist is the not-found page", async ({ page, problems }) => {
  problems.allowStatus(404);
  expect((await page.goto("/apps/marisol-vega/never-published-app"))?.status()).toBe(404);
  await expectNoAxeViolations(page);
});
