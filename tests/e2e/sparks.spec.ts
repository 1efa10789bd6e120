/** Issue 15: /v2/sparks (feed, save, the library's Saved), and a coming-soon class's waitlist, with JavaScript on and off. */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, h1, isJs, test, waitForHydration } from "./helpers";

const sparks = (page: Page) => page.getByRole("list", { name: "Sparks" }).getByRole("article");

test.describe("sparks", () => {
  test("the feed shows free previews with their class, and pages on", async ({ page }, testInfo) => {
    await page.goto("/v2/sparks");
    await waitForHydration(page, testInfo.project.name);
    await expect(h1(page)).toHaveText("Sparks");
    await expect(sparks(page)).toHaveCount(6);
    const first = sparks(page).first();
    await expect(first.locator("video track[kind=captions]")).toHaveCount(1);
    await expect(first.getByText(/^From /)).toBeVisible();
    await expectNoAxeViolations(page);
    const firstTitle = await first.getByRole("heading").textContent();

    if (isJs(testInfo.project.name)) {
      // Reaching the end of the feed loads the next page into it, each page once (never starting over
      // at a re-render and loading its pages again, round and round).
      const asked: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes("/v2/sparks.data")) asked.push(new URL(r.url()).searchParams.get("cursor") ?? "");
      });
      await page.getByRole("link", { name: "More sparks" }).scrollIntoViewIfNeeded();
      await expect.poll(() => sparks(page).count()).toBeGreaterThan(6);
      await expect(page).toHaveURL("/v2/sparks");
      await page.waitForTimeout(1500);
      expect(asked.length).toBeGreaterThan(0);
      expect(new Set(asked).size, `pages asked for: ${asked.join(", ")}`).toBe(asked.length);
    } else {
      await page.getByRole("link", { name: "More sparks" }).click();
      await expect(page).toHaveURL(/\/v2\/sparks\?cursor=/);
      await expect(sparks(page)).toHaveCount(6);
      await expect(sparks(page).first().getByRole("heading")).not.toHaveText(firstTitle!);
      await expectNoAxeViolations(page);
    }
    // The class link leads to the class page.
    await page.goto("/v2/sparks");
    const classLink = sparks(page)
      .first()
      .getByText(/^From /)
      .getByRole("link");
    const classTitle = (await classLink.textContent())!;
    await classLink.click();
    await expect(h1(page)).toHaveText(classTitle);
  });

  test("a visitor's Save goes to Log In; a learner saves, sees it in the library, and unsaves", async ({
    page,
    login,
  }, testInfo) => {
    await page.goto("/v2/sparks");
    await waitForHydration(page, testInfo.project.name);
    const title = (await sparks(page).first().getByRole("heading").textContent())!;
    await page.getByRole("button", { name: `Save ${title}` }).click();
    // Log In opens over the feed, not on another page.
    await expect(page).toHaveURL((url) => url.pathname === "/v2/sparks" && url.searchParams.get("auth") === "Login");
    await expect(page.getByRole("dialog", { name: "Log In" })).toBeVisible();

    await login();
    await page.goto("/v2/sparks");
    await waitForHydration(page, testInfo.project.name);
    // With JavaScript the button shows the new state while the post is on its way: the library is read
    // only once the server has answered.
    const posted = () => page.waitForResponse((r) => r.url().includes("/v2/sparks") && r.request().method() === "POST");
    let answered = posted();
    await page.getByRole("button", { name: `Save ${title}` }).click();
    await answered;
    await expect(sparks(page).first().getByText("Saved to your library")).toBeVisible();
    await expect(page.getByRole("button", { name: `Unsave ${title}` })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto("/library");
    const saved = page.getByRole("region", { name: "Saved" });
    await expect(saved.getByRole("link", { name: title })).toHaveAttribute("href", /^\/watch\//);
    await expectNoAxeViolations(page);

    await page.goto("/v2/sparks");
    await waitForHydration(page, testInfo.project.name);
    answered = posted();
    await page.getByRole("button", { name: `Unsave ${title}` }).click();
    await answered;
    await expect(page.getByRole("button", { name: `Save ${title}` })).toBeVisible();
    await page.goto("/library");
    await expect(page.getByRole("region", { name: "Saved" })).toHaveCount(0);
  });
});

test.describe("coming soon", () => {
  test("a coming-soon class offers Join the waitlist instead of buying", async ({ page }, testInfo) => {
    await page.goto("/classes/noor-haddad/picture-book-spreads");
    await waitForHydration(page, testInfo.project.name);
    const hero = page.getByRole("region", { name: "Picture Book Spreads" });
    await expect(hero.getByText("Coming soon", { exact: true })).toBeVisible();
    await expect(hero.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
    await expect(hero.getByRole("button", { name: "Buy now" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await hero.getByRole("link", { name: "Join the waitlist" }).click();
    const dialog = page.getByRole("dialog", { name: "Join Waitlist" });
    await dialog.getByLabel("Email").fill(`soon-${testInfo.project.name}-${Date.now()}@example.com`);
    await dialog.getByRole("button", { name: "Join Waitlist" }).click();
    await expect(page.getByText("You've been added!")).toBeVisible();
    await expect(page.getByRole("link", { name: "Explore Classes" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a coming-soon collection's card and page say so", async ({ page }) => {
    await page.goto("/classes?view=Collections");
    const card = page
      .getByRole("list", { name: "Collections" })
      .getByRole("article")
      .filter({ hasText: "The Illustrator's Shelf" });
    await expect(card.getByText("Coming soon")).toBeVisible();
    await card.getByRole("link", { name: "The Illustrator's Shelf" }).click();
    await expect(h1(page)).toHaveText("The Illustrator's Shelf");
    await expect(page.getByRole("link", { name: "Join the waitlist" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Add all/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
