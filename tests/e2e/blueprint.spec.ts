/**
 * The blueprint editor (?mode=blueprint), JavaScript on and off, on the embedded AI default: a new
 * app's blueprint, a "+" suggestion inserted after the first item, an item saved as an example and
 * inserted again, a quiz refused with its message, a version restored, and the new app's activity
 * (inputs, an AI analysis with its rubric, a summary). Axe on every screen.
 */
import { buildAppFromIdea, expect, expectNoAxeViolations, h1, isJs, test, waitForHydration } from "./helpers";

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
  // (With JavaScript the live preview and the autosave status say it too: the form's alert is the one checked.)
  await expect(
    page.getByRole("alert").filter({ hasText: "Question 1 needs exactly one right option (start it with '*')" }),
  ).toBeVisible();
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

  // The new app's activity is one to do and report on: inputs, an AI analysis with its rubric, a summary.
  const activity = items.nth(2);
  await expect(activity).toContainText("Activity");
  const title = (await activity.getByRole("heading", { level: 3 }).textContent())!.trim();
  await page.getByRole("link", { name: `Edit ${title}`, exact: true }).click();
  const cards = page.getByLabel("Cards");
  await expect(cards).toHaveValue(/\[input number (min|s)\]/);
  await expect(cards).toHaveValue(/\[input choice\] How did the practice feel\?/);
  await expect(cards).toHaveValue(/\[analysis "[^"]+" reads [\d, ]+\]\nCheck this practice against the rubric/);
  await expect(cards).toHaveValue(/between \d+ and \d+ (min|s)/);
  await expect(cards).toHaveValue(/\[summary "[^"]+"\]/);
  await expectNoAxeViolations(page);
});

test("edit the plan's phases; with JavaScript an item previews live and saves itself", async ({
  page,
  login,
  problems,
}, testInfo) => {
  test.setTimeout(120_000);
  problems.allowStatus(400);
  await login({ firstName: "Sol", lastName: "Reyes" });
  const appId = await buildAppFromIdea(page, "Gentle yoga for desk workers");
  await page.goto(`/dashboard/builder?appId=${appId}&mode=blueprint`);
  await waitForHydration(page, testInfo.project.name);

  const phases = page.locator(".blueprint-phases > li");
  const firstPhase = (await phases.first().getByRole("heading", { level: 3 }).textContent())!.trim();
  await page.getByRole("link", { name: `Edit the phase ${firstPhase}` }).click();
  const form = page.getByRole("form", { name: `Edit the phase ${firstPhase}` });
  await expect(form).toBeVisible();
  await expectNoAxeViolations(page);
  await form.getByLabel("Sessions").fill("");
  await form.getByRole("button", { name: "Save phase" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "List at least one session, one per line" })).toBeVisible();
  await form.getByLabel("Phase title").fill("Neck release");
  await form.getByLabel("Sessions").fill("Chin tucks\nSeated neck stretch");
  await form.getByRole("button", { name: "Save phase" }).click();
  await expect(page.getByText("Phase saved")).toBeVisible();
  await expect(phases.first().getByRole("heading", { level: 3 })).toHaveText("Neck release");
  await expect(phases.first().getByRole("list", { name: "Sessions of Neck release" })).toContainText("Chin tucks");
  await page.getByRole("button", { name: "Move the phase Neck release down" }).click();
  await expect(page.getByText("Phase moved")).toBeVisible();
  await expect(phases.nth(1).getByRole("heading", { level: 3 })).toHaveText("Neck release");

  // "Your apps" in the header: the picker's link without JavaScript, the creator's apps with it.
  await page.locator("summary", { hasText: "Your apps" }).click();
  await expect(page.getByRole("link", { name: "All your apps" })).toBeVisible();
  if (!isJs(testInfo.project.name)) return;
  const appName = (await h1(page).textContent())!.replace(/: blueprint$/, "");
  await expect(page.getByRole("list", { name: "Your apps" }).getByRole("link", { name: appName })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.locator("summary", { hasText: "Your apps" }).click();
  // Drag the last item to the top: the new order is saved as a version.
  const items = page.locator(".blueprint-items > li");
  const titles = await items.getByRole("heading", { level: 3 }).allTextContents();
  await items.last().locator("article").dragTo(items.first().locator("article"));
  await expect(items.first().getByRole("heading", { level: 3 })).toHaveText(titles.at(-1)!);
  await expect
    .poll(async () =>
      (
        (await (await page.request.get(`/api/app-builder/getBlueprintForApp?appId=${appId}`)).json()).response.blueprint
          .items as { title: string }[]
      ).map((i) => i.title),
    )
    .toEqual([titles.at(-1), ...titles.slice(0, -1)]);

  // A story: its Markdown shows in the preview as it is typed, and saves itself.
  await page.reload();
  const stories = items.filter({ has: page.locator(".blueprint-item__kind", { hasText: /^Story$/ }) });
  const story = (await stories.first().getByRole("heading", { level: 3 }).textContent())!.trim();
  await page.getByRole("link", { name: `Edit ${story}` }).click();
  const storyForm = page.getByRole("form", { name: `Edit ${story}` });
  await storyForm.getByLabel("Story (Markdown)").fill("## Breathe at your desk\n\nIn for **four**, out for six.");
  const preview = page.getByRole("region", { name: "Live preview" });
  await expect(preview.getByRole("heading", { name: "Breathe at your desk" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("four");
  await expect(storyForm.getByRole("status")).toHaveText("Saved", { timeout: 15_000 });
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.getByRole("form", { name: `Edit ${story}` }).getByLabel("Story (Markdown)")).toHaveValue(
    /## Breathe at your desk/,
  );
});
