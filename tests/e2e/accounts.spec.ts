import { expect, expectNoAxeViolations, h1, test, waitForHydration } from "./helpers";

/** A fresh email per test and project: the e2e database is shared by both projects. */
const emailFor = (title: string, project: string) =>
  `${title.replace(/[^a-z]+/gi, "-").toLowerCase()}-${project}-${Date.now()}@example.com`;

test.describe("accounts", () => {
  test("sign up from the header on a class list, sign out, then log in again", async ({ page }, testInfo) => {
    const email = emailFor("signup", testInfo.project.name);
    await page.goto("/classes?view=Top%20rated");
    await waitForHydration(page, testInfo.project.name);

    await page.getByRole("banner").getByRole("link", { name: "Log in" }).click();
    const dialog = page.getByRole("dialog", { name: "Log In" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("link", { name: "Create Account" }).click();

    const create = page.getByRole("dialog", { name: "Create Account" });
    await expect(create).toBeVisible();
    await create.getByLabel("Email").fill(email);
    await create.getByLabel("First name").fill("Grace");
    await create.getByLabel("Last name").fill("Hopper");
    await create.getByLabel("Password", { exact: true }).fill("compilers rule");
    await expectNoAxeViolations(page);
    await create.getByRole("button", { name: "Create Account" }).click();

    // Signed in, still on the page the form was opened on, with a welcome toast.
    await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();
    await expect(page).toHaveURL(/\/classes\?view=Top(%20|\+)rated$/);
    await expect(h1(page)).toHaveText("Top Rated Classes");
    await expect(page.getByText("Welcome to Studio, Grace!")).toBeVisible();

    await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();

    await page.goto("/classes?auth=Login");
    await waitForHydration(page, testInfo.project.name);
    const login = page.getByRole("dialog", { name: "Log In" });
    await login.getByLabel("Email").fill(email.toUpperCase());
    await login.getByLabel("Password", { exact: true }).fill("compilers rule");
    await login.getByRole("button", { name: "Log In", exact: true }).click();
    // From a page other than '/', a learner with nothing else to route by lands on '/'.
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();
    await expect(page.getByText("Welcome back, Grace!")).toBeVisible();
  });

  test("a wrong password or bad input shows the spec's messages and signs nobody in", async ({
    page,
    problems,
  }, testInfo) => {
    problems.allowStatus(400);
    await page.goto("/classes?auth=Login");
    await waitForHydration(page, testInfo.project.name);
    const login = page.getByRole("dialog", { name: "Log In" });
    await login.getByLabel("Email").fill("nobody@example.com");
    await login.getByLabel("Password", { exact: true }).fill("not the password");
    await login.getByRole("button", { name: "Log In", exact: true }).click();
    // With JavaScript the error shows in the modal; without, on the Log In page the form posted to.
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto("/?auth=CreateAccount");
    await waitForHydration(page, testInfo.project.name);
    const create = page.getByRole("dialog", { name: "Create Account" });
    await create.getByLabel("Email").fill("grace@navy");
    await create.getByLabel("Password", { exact: true }).fill("short");
    await create.getByRole("button", { name: "Create Account" }).click();
    await expect(
      page.getByText(
        "This email address looks invalid. If we're wrong, please contact support at support@studio.example.",
      ),
    ).toBeVisible();
    await expect(page.getByText("You must provide a first name.")).toBeVisible();
    await expect(page.getByText("You must provide a last name.")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters long.")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the modal closes back to the page it was opened on", async ({ page }, testInfo) => {
    await page.goto("/classes?view=New%20releases&auth=Login");
    await waitForHydration(page, testInfo.project.name);
    await page
      .getByRole("dialog", { name: "Log In" })
      .getByRole("link", { name: "Close pop-up" })
      .or(page.getByRole("button", { name: "Close pop-up" }))
      .click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/classes\?view=New(%20|\+)releases$/);
  });
});

test("on a phone the sign-in entry is in the menu", async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 800 });
  await page.goto("/classes");
  await page.getByRole("banner").locator("summary[aria-label=Menu]").click();
  const mobile = page.getByRole("navigation", { name: "Mobile" });
  await expect(mobile.getByRole("link", { name: "Log in" })).toBeVisible();
  await mobile.getByRole("link", { name: "Log in" }).click();
  await expect(page.getByRole("dialog", { name: "Log In" })).toBeVisible();
});
