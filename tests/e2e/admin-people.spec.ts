import type { APIRequestContext } from "@playwright/test";
import { DEMO, expect, expectNoAxeViolations, logIn, test, waitForHydration } from "./helpers";

/** The newest email to the address, as text, from the development outbox page. */
async function newestEmail(request: APIRequestContext, email: string, pattern: RegExp): Promise<string> {
  const html = await (await request.get(`/dev/outbox?to=${encodeURIComponent(email)}`)).text();
  const match = html.match(pattern);
  expect(match, `${pattern} in an email to ${email}`).not.toBeNull();
  return match![1];
}

test("the admin adds a person, who logs in with the emailed temporary password and chooses their own", async ({
  page,
  browser,
  request,
  problems,
}, testInfo) => {
  // The admin's form, then the person's first log-in and reset in a browser of their own.
  test.slow();
  problems.allowStatus(400);
  const email = `added-${testInfo.project.name}-${Date.now()}@example.com`;
  await logIn(page, DEMO.admin);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin tools" }).getByRole("link", { name: "Add a person" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add a person" })).toBeVisible();
  await waitForHydration(page, testInfo.project.name);
  await expectNoAxeViolations(page);

  // Bad input is refused with the form's own words, and keeps what was typed.
  const form = page.getByRole("main");
  // Well-formed for the browser's own check, not for ours (no dot in the domain).
  await form.getByLabel("Email").fill("ada@localhost");
  await form.getByLabel("First name").fill("Ada");
  await form.getByLabel("Last name").fill("Lovelace");
  await form.getByRole("button", { name: "Add and email them" }).click();
  await expect(page.getByText(/This email address looks invalid/)).toBeVisible();
  await expect(form.getByLabel("First name")).toHaveValue("Ada");

  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Add and email them" }).click();
  await expect(page.getByText("Added Ada Lovelace. They have their temporary password by email.")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Works until");

  // The same email again is somebody's already.
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("First name").fill("Ada");
  await form.getByLabel("Last name").fill("Again");
  await form.getByRole("button", { name: "Add and email them" }).click();
  await expect(page.getByText("An account with the given email already exists.")).toBeVisible();

  // The person logs in with the temporary password: they are asked to choose their own.
  const temporary = await newestEmail(request, email, /temporary password ([A-Za-z0-9]{14})/);
  const theirs = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  });
  const person = await theirs.newPage();
  await person.goto("/classes?auth=Login");
  await waitForHydration(person, testInfo.project.name);
  const login = person.getByRole("dialog", { name: "Log In" });
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password", { exact: true }).fill(temporary);
  await login.getByRole("button", { name: "Log In", exact: true }).click();
  await expect(person.getByText(/Your account has a temporary password/)).toBeVisible();
  await expect(person.getByRole("dialog", { name: "Reset Password" })).toBeVisible();
  await expect(person.getByRole("banner").getByRole("button", { name: "Log out" })).toHaveCount(0);
  await person.getByLabel("Verification Code").fill(await newestEmail(request, email, /code is (\d{6})/));
  await person.getByRole("button", { name: "Enter Code" }).click();
  await person.getByLabel("New password", { exact: true }).fill("ada's own password");
  await person.getByRole("button", { name: "Change Password" }).click();
  await expect(person.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();
  await theirs.close();

  // They chose their own: the admin's list no longer waits for them.
  await page.goto("/admin/people");
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("a learner cannot open /admin/people", async ({ page, problems }) => {
  problems.allowStatus(403);
  await logIn(page, DEMO.learner);
  const response = await page.goto("/admin/people");
  expect(response?.status()).toBe(403);
});
