import { DEMO, expect, expectNoAxeViolations, logIn, test, waitForHydration } from "./helpers";

test("the admin registers an app client, and bad input is refused with the reason", async ({
  page,
  problems,
}, testInfo) => {
  problems.allowStatus(400);
  const name = `Practice Pal ${testInfo.project.name} ${Date.now()}`;
  await logIn(page, DEMO.admin);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin tools" }).getByRole("link", { name: "App clients" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "App clients" })).toBeVisible();
  await waitForHydration(page, testInfo.project.name);
  // The product's own web client is always there.
  await expect(page.getByRole("row").filter({ hasText: "studio-web" })).toContainText("Public");
  await expect(page.getByRole("row").filter({ hasText: "studio-web" })).toContainText("Always (a public app)");
  await expectNoAxeViolations(page);

  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Register the app" }) });
  // A new app must use PKCE unless the admin says otherwise.
  await expect(form.getByRole("checkbox", { name: /Require PKCE/ })).toBeChecked();
  await form.getByLabel("App name").fill(name);
  await form.getByLabel("Redirect addresses").fill("http://practicepal.example/callback");
  await form.getByRole("button", { name: "Register the app" }).click();
  await expect(
    page.getByText("Each redirect address is https (or http on localhost), without a #fragment."),
  ).toBeVisible();
  // What was typed stays.
  await expect(form.getByLabel("App name")).toHaveValue(name);
  await expect(form.getByRole("checkbox", { name: /Require PKCE/ })).toBeChecked();

  await form
    .getByLabel("Redirect addresses")
    .fill("https://practicepal.example/callback\nhttp://localhost:5173/callback");
  await form.getByRole("checkbox", { name: /Confidential/ }).check();
  await form.getByRole("button", { name: "Register the app" }).click();
  await expect(page.getByText(new RegExp(`Registered ${name}: its client id is [a-z0-9]{26}\\.`))).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Confidential");
  await expect(row).toContainText("https://practicepal.example/callback, http://localhost:5173/callback");
  await expect(row).toContainText("openid, email, profile");
  // Its PKCE switch: on, as registered; the admin turns it off and on again.
  const pkceOn = row.getByRole("button", { name: `Require PKCE for ${name}: on` });
  await expect(pkceOn).toHaveAttribute("aria-pressed", "true");
  await pkceOn.click();
  await expect(page.getByText(`${name} may now sign people in without PKCE.`)).toBeVisible();
  const pkceOff = row.getByRole("button", { name: `Require PKCE for ${name}: off` });
  await expect(pkceOff).toHaveAttribute("aria-pressed", "false");
  await pkceOff.click();
  await expect(page.getByText(`${name} must now use PKCE.`)).toBeVisible();
  await expect(row.getByRole("button", { name: `Require PKCE for ${name}: on` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await row.getByText(`Show the secret for ${name}`).click();
  await expect(row.locator("details code")).toHaveText(/^[a-z0-9]{51}$/);
  // Checked on a fresh load: a toast fading in is half-transparent text to axe.
  await page.goto("/admin/clients");
  await expectNoAxeViolations(page);
});

test("a learner cannot open /admin/clients", async ({ page, problems }) => {
  problems.allowStatus(403);
  await logIn(page, DEMO.learner);
  expect((await page.goto("/admin/clients"))?.status()).toBe(403);
});
