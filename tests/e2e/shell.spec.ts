/** Site-wide behaviour: header, footer, legal pages, the theme switch, global route rules and layout widths. */
import type { Page } from "@playwright/test";
import { heroPayload } from "../tools/experiments-sql.mjs";
import {
  api,
  classHref,
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  h1,
  resultCards,
  test,
  waitForHydration,
  type ApiProduct,
} from "./helpers";

/** The home hero's title for this visitor: the seed runs the hero's A/B test (experiments.spec.ts), so A or B. */
async function expectHomeHero(page: Page) {
  const variant = await page.locator("section.hero").getAttribute("data-variant");
  await expect(h1(page)).toHaveText(
    variant === "B" ? heroPayload().titleB : "Learn music from the artists who make it",
  );
}

test.describe("header", () => {
  test("logo, navigation links and the class search", async ({ page }) => {
    await page.goto("/terms");
    const header = page.getByRole("banner");
    const mainNav = page.getByRole("navigation", { name: "Main" });
    await expect(mainNav.getByRole("link", { name: "Classes" })).toHaveAttribute("href", "/classes");
    await expect(mainNav.getByRole("link", { name: "Collections" })).toHaveAttribute(
      "href",
      "/classes?view=Collections",
    );
    await expect(mainNav.getByRole("link", { name: "Music school" })).toHaveAttribute("href", "/school/music");

    await header.getByRole("link", { name: "Studio home" }).click();
    await expect(page).toHaveURL("/");
    await expectHomeHero(page);

    await mainNav.getByRole("link", { name: "Collections" }).click();
    await expect(h1(page)).toHaveText("Collections");
    await expect(mainNav.getByRole("link", { name: "Collections" })).toHaveAttribute("aria-current", "page");
    await expect(mainNav.getByRole("link", { name: "Classes" })).not.toHaveAttribute("aria-current", "page");

    await mainNav.getByRole("link", { name: "Classes" }).click();
    await expect(h1(page)).toHaveText("Explore Studio classes");
    await expect(mainNav.getByRole("link", { name: "Classes" })).toHaveAttribute("aria-current", "page");

    const search = page.getByRole("search").getByRole("searchbox", { name: "Search classes" });
    await search.fill("piano");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL("/classes?search=piano");
    await expect(page.getByRole("status").filter({ hasText: "match" })).toHaveText(/^\d+ class(es)? match “piano”$/);
    const cards = await resultCards(page).count();
    expect(cards).toBeGreaterThan(0);
    await expect(page.getByRole("status").filter({ hasText: "match" })).toHaveText(
      `${cards} ${cards === 1 ? "class" : "classes"} match “piano”`,
    );
    await expect(resultCards(page).filter({ hasText: "Piano" }).first()).toBeVisible();
  });
});

test.describe("footer and legal pages", () => {
  for (const { name, path } of [
    { name: "Terms of Service", path: "/terms" },
    { name: "Privacy Policy", path: "/privacy" },
  ]) {
    test(`${name} renders its title and text`, async ({ page }) => {
      await page.goto("/");
      await page.getByRole("navigation", { name: "Legal" }).getByRole("link", { name }).click();
      await expect(page).toHaveURL(path);
      await expect(h1(page)).toHaveText(name);
      const body = page.getByRole("article", { name });
      const text = (await body.innerText()).trim();
      expect(text.length, `${path} has real text`).toBeGreaterThan(800);
      expect(await body.getByRole("heading", { level: 2 }).count()).toBeGreaterThan(1);
      // Markdown rendered, placeholders filled in.
      expect(text).not.toMatch(/(^|\n)#{1,3} |\{\{|\{(product|email)\}|\bundefined\b/);
      await expectNoAxeViolations(page);
    });
  }
});

test.describe("theme switch", () => {
  test("switches <html data-theme> to dark and back, staying on the page", async ({ page }, testInfo) => {
    const html = page.locator("html");
    await page.goto("/");
    await waitForHydration(page, testInfo.project.name);
    await expect(html).toHaveAttribute("data-theme", "light");

    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
    await expectHomeHero(page);
    await expectNoAxeViolations(page);

    // Remembered on the next page.
    await page.goto("/classes?view=Top%20rated");
    await expect(html).toHaveAttribute("data-theme", "dark");
    await waitForHydration(page, testInfo.project.name);
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(html).toHaveAttribute("data-theme", "light");
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === "/classes" &&
        url.search.length > 0 &&
        url.searchParams.get("view") === "Top rated" &&
        [...url.searchParams.keys()].length === 1,
    );
    await expect(h1(page)).toHaveText("Top Rated Classes");
    await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
    await page.reload();
    await expect(html).toHaveAttribute("data-theme", "light");
  });

  test("dark theme pages pass axe", async ({ page }) => {
    await page.goto("/classes");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expectNoAxeViolations(page);
  });
});

test.describe("global route rules", () => {
  test("code= and state= on any page go to /auth/callback with the same query", async ({ page }) => {
    const response = await page.goto("/classes?code=abc&state=xyz");
    const visited: string[] = [];
    for (let request = response!.request(); request; request = request.redirectedFrom()!)
      visited.unshift(new URL(request.url()).pathname + new URL(request.url()).search);
    expect(visited.slice(0, 2)).toEqual(["/classes?code=abc&state=xyz", "/auth/callback?code=abc&state=xyz"]);
    // No sign-in was started from this browser, so the callback refuses it.
    await expect(page.getByText("Failed to complete authentication. Please try signing in again.")).toBeVisible();
  });

  test("an encoded plus sign in the path is decoded", async ({ page, problems }) => {
    problems.allowStatus(404);
    await page.goto("/collections/a%2Bb");
    await expect(page).toHaveURL("/collections/a+b");
    await expect(h1(page)).toHaveText("We couldn't find that page");
  });
});

test.describe("no horizontal scrolling", () => {
  for (const width of [400, 834, 1120]) {
    test(`home, /classes and a class page at ${width}px`, async ({ page, request }) => {
      const { products } = await api<{ products: ApiProduct[] }>(request, "/api/getMostPopularProducts?limit=1");
      await page.setViewportSize({ width, height: 900 });
      for (const path of ["/", "/classes", classHref(products[0])]) {
        await page.goto(path);
        await expect(h1(page)).toBeVisible();
        await expectNoHorizontalScroll(page);
      }
    });
  }
});
