/**
 * The landing page's AI tools in the builder (issue 20), JavaScript on and off, on the embedded AI
 * default: a new hero picture (a designed cover, labelled so) and Restore bringing the old one back, screenshots of the app, an
 * instruction the built-in editor does not know (said plainly) and one it does, accepted as a new
 * version. Axe on every screen.
 */
import { buildAppFromIdea, expect, expectNoAxeViolations, test, waitForHydration } from "./helpers";

test("regenerate the hero and restore it, make screenshots, accept an instruction edit", async ({
  page,
  login,
  problems,
}, testInfo) => {
  test.setTimeout(150_000);
  problems.allowStatus(400);
  await login({ firstName: "Lena", lastName: "Park" });
  const appId = await buildAppFromIdea(page, "Half marathon training for busy parents");
  await page.goto(`/dashboard/builder?appId=${appId}`);
  await waitForHydration(page, testInfo.project.name);
  // No model in the end-to-end run: the tools say their pictures are designed covers, not AI pictures.
  const tools = page.getByRole("region", { name: "Pictures and edits" });
  await expect(tools).toBeVisible();
  await expect(tools.getByText("Designed cover (no AI model connected)").first()).toBeVisible();
  await expectNoAxeViolations(page);

  // A new hero picture, then Restore of the version before it brings the old one back.
  const hero = tools.getByRole("img", { name: "Current hero" });
  const oldHero = await hero.getAttribute("src");
  expect(oldHero).toMatch(/^\/media\/app-images\//);
  await tools.getByLabel("Which picture").selectOption("hero");
  await tools.getByLabel("What to show (optional)").fill("a runner at sunrise");
  await tools.getByRole("button", { name: "Make a new picture" }).click();
  await expect(page.getByText(/New hero picture made/)).toBeVisible();
  await expect(hero).not.toHaveAttribute("src", oldHero!);
  const history = page.getByRole("region", { name: "Landing page history" });
  await history
    .getByRole("button", { name: /^Restore the version of / })
    .nth(1)
    .click();
  await expect(page.getByText("Version restored")).toBeVisible();
  await expect(hero).toHaveAttribute("src", oldHero!);

  // Screenshots of the landing page, the first onboarding step and the plan.
  await tools.getByRole("button", { name: "Make screenshots" }).click();
  await expect(page.getByText("Screenshots made.")).toBeVisible();
  const shots = tools.getByRole("list", { name: "Current screenshots" }).getByRole("img");
  await expect(shots).toHaveCount(3);
  await expect(shots.first()).toHaveAttribute("alt", /on a phone: the landing page/);
  // The picture loads after the page: wait for it rather than read it once.
  await expect
    .poll(() => shots.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(430);
  await expectNoAxeViolations(page);

  // An instruction the built-in editor does not know is refused with the ones it does.
  await tools.getByRole("textbox", { name: "Instruction" }).fill("Translate it into French");
  await tools.getByRole("button", { name: "Propose the edit" }).click();
  await expect(tools.getByRole("alert")).toContainText("is not an instruction the built-in editor knows");
  await expect(tools.getByRole("alert")).toContainText("friendly, professional, energetic or calm");

  // One it knows: the proposal beside the current page, then Accept saves it.
  const ctaBefore = await page.getByLabel("Call to action title").inputValue();
  await tools.getByRole("textbox", { name: "Instruction" }).fill("Rewrite the call to action");
  await tools.getByRole("button", { name: "Propose the edit" }).click();
  await expect(page.getByRole("heading", { name: "Proposed: Rewrote the call to action" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Current page" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Proposed page" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByText("Edit accepted: saved as a new version.")).toBeVisible();
  await expect(page.getByLabel("Call to action title")).not.toHaveValue(ctaBefore);
  await expect(page.getByRole("region", { name: "Proposed page" })).toHaveCount(0);
});
