/**
 * The blueprint editor (?mode=blueprint), JavaScript on and off, on the embedded AI default: a new
 * app's blueprint, a "+" suggestion inserted after the first item, an item saved as an example and
 * inserted again, a quiz refused with its message, and a version restored. Axe on every screen.
 */
import { expect, expectNoAxeViolations, h1, test, waitForHydration } from "./helpers";

test("shape the blueprint with a suggestion and an example, then restore a version", async ({
  page,
  login,
  problems,
}, testInfo) => {
  test.setTimeout(150_000);
  problems.allowStatus(400);
  await login({ firstName: "Ines", lastName: "Duarte" });
  await page.goto("/dashboard");
  await page.getByLabel("Describe your app idea").fill("Yoga for desk workers with stiff backs");
  await page.getByRole("button", { name: "Create app" }).click();
  await page.waitForURL(/\/dashboard\/builder\?appId=[0-9a-f-]{36}$/, { timeout: 30_000 });
  await page.getByRole("link", { name: "Blueprint", exact: true }).click();
  await expect(page).toHaveURL(/mode=blueprint/);
  await waitForHydration(page, testInfo.project.name);
  await expect(h1(page)).toHaveText("Yoga for Desk Workers: blueprint");
  const items = page.locator(".blueprint-items > li");
  await expect(items).toHaveCount(3);
  await expectNoAxeViolations(page);

  // "+" after the first item (a story): the first suggestion is a quiz.
  const first = (await items.first().getByRole("heading", { level: 3 }).textContent())!.trim();
  await page.getByRole("link", { name: `Suggestions after ${first}` }).click();
  const suggestions = page.locator("#suggestions");
  await expect(suggestions.getByRole("heading", { name: "Suggested" })).toBeVisible();
  await expectNoAxeViolations(page);
  const insert = suggestions.getByRole("button", { name: /^Insert / }).first();
  const inserted = (await insert.getAttribute("aria-label"))!.replace(/^Insert /, "");
  await insert.click();
  // It lands after the first item, open in its form.
  await expect(items).toHaveCount(4);
  await expect(items.nth(1).getByRole("form", { name: `Edit ${inserted}` })).toBeVisible();

  // A quiz with no right answer is refused with its message and nothing changes.
  await page.getByLabel("Questions").fill("Which pose opens the hips?\n- Downward dog\n- Low lunge");
  await page.getByRole("button", { name: "Save item" }).click();
  await expect(page.getByText("Question 1 needs exactly one right option (start it with '*')")).toBeVisible();
  await page.getByLabel("Questions").fill("Which pose opens the hips?\n- Downward dog\n* Low lunge");
  await page.getByRole("button", { name: "Save item" }).click();
  await expect(page.getByText("Item saved")).toBeVisible();
  await expect(items.nth(1)).toContainText(inserted);
  await expect(items.nth(1)).toContainText("Quiz");

  // Saved as an example, then inserted again from the examples.
  await page.getByRole("button", { name: `Save ${first} as an example` }).click();
  await expect(page.getByRole("button", { name: `Insert the example ${first}` })).toBeVisible();
  await page.getByRole("button", { name: `Insert the example ${first}` }).click();
  await expect(items).toHaveCount(5);
  await expectNoAxeViolations(page);

  // The first version (made with the app) restores the three items.
  const history = page.locator(".builder-history");
  await history
    .getByRole("button", { name: /^Restore the version of / })
    .last()
    .click();
  await expect(page.getByText("Version restored")).toBeVisible();
  await expect(items).toHaveCount(3);
});
