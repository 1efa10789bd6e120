import { expect, expectNoAxeViolations, test, waitForHydration } from "./helpers";

test("the demo admin finds a user, makes them VIP and edits the banner flag", async ({
  page,
  problems,
  insertNewUser,
}, testInfo) => {
  problems.allowStatus(400);
  // A user of this test's own, so the js and no-js runs never switch the same flags.
  const { email } = await insertNewUser({
    email: `vip-${testInfo.project.name}-${Date.now()}@example.com`,
    firstName: "Vera",
    lastName: "Ip",
  });
  await page.goto("/classes?auth=Login");
  await waitForHydration(page, testInfo.project.name);
  const login = page.getByRole("dialog", { name: "Log In" });
  await login.getByLabel("Email").fill("admin@studio.example");
  await login.getByLabel("Password", { exact: true }).fill("admin-demo-1");
  await login.getByRole("button", { name: "Log In", exact: true }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();

  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin" })).toBeVisible();
  await page.getByLabel("Find users by email, name or id").fill(email);
  await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("cell", { name: email, exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "creator@studio.example" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const vip = page.getByRole("button", { name: `VIP for ${email}: off` });
  await vip.click();
  await expect(page.getByText(`Saved for ${email}.`)).toBeVisible();
  await expect(page.getByRole("button", { name: `VIP for ${email}: on` })).toHaveAttribute("aria-pressed", "true");

  // A banner payload that breaks its schema is refused with the reason.
  const banner = page.getByLabel("Payload (JSON) for homepage-yellow-banner-text");
  const original = await banner.inputValue();
  await banner.fill('{"theme":"neon"}');
  // The banner flag's own Save (the home hero's flag, listed before it, has one too).
  await page.locator("form").filter({ has: banner }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(/The banner payload is not valid/)).toBeVisible();
  await expect(page.getByLabel("Payload (JSON) for homepage-yellow-banner-text")).toBeVisible();
  expect(original.length).toBeGreaterThan(0);
});

test("a learner cannot open /admin", async ({ page, problems }, testInfo) => {
  problems.allowStatus(403);
  await page.goto("/classes?auth=Login");
  await waitForHydration(page, testInfo.project.name);
  const login = page.getByRole("dialog", { name: "Log In" });
  await login.getByLabel("Email").fill("learner@studio.example");
  await login.getByLabel("Password", { exact: true }).fill("learner-demo-1");
  await login.getByRole("button", { name: "Log In", exact: true }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "An Error Occurred" })).toBeVisible();
});
