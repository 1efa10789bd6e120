/**
 * Pages that work without JavaScript load the app (React, Remix, the route's code) on first need: the
 * visitor's first press, touch, key or focus (app/platform/app-on-first-need, issue 17 goal 4).
 */
import type { Page } from "@playwright/test";
import { expect, h1, test } from "./helpers";

/** The app's script files this page has asked for so far. */
function scriptsAskedFor(page: Page) {
  const asked: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/build/") && pathname.endsWith(".js")) asked.push(pathname);
  });
  return asked;
}

const hydrated = (page: Page) =>
  page.evaluate(() => Object.keys(document.getElementById("main") ?? {}).some((key) => key.startsWith("__reactFiber")));

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "about when the browser runs the app's scripts");
});

test("a catalogue page loads no script until the visitor first needs one, then the app takes over", async ({
  page,
}) => {
  const asked = scriptsAskedFor(page);
  await page.goto("/classes", { waitUntil: "networkidle" });
  await expect(h1(page)).toBeVisible();
  expect(asked, "scripts fetched with the page").toEqual([]);
  expect(await hydrated(page)).toBe(false);

  // The first key press (Tab, to the skip link) asks for the app, which hydrates the page.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await expect.poll(() => hydrated(page)).toBe(true);
  expect(asked.some((path) => path.includes("/entry.client-"))).toBe(true);

  // Hydrated, a link is a client-side navigation: no new document.
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Music school" }).click();
  await expect(page).toHaveURL("/school/music");
  await expect(h1(page)).toBeVisible();
  expect(documents).toEqual([]);
});

test("a link clicked before the app has loaded is followed as without JavaScript", async ({ page }) => {
  const asked = scriptsAskedFor(page);
  await page.goto("/status", { waitUntil: "networkidle" });
  expect(asked).toEqual([]);
  await page.getByRole("banner").getByRole("link", { name: "Studio home" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.locator("section.hero")).toBeVisible();
});

test("a page served with the auth modal open loads the app with the page", async ({ page }) => {
  const asked = scriptsAskedFor(page);
  await page.goto("/classes?auth=Login");
  await expect.poll(() => hydrated(page)).toBe(true);
  expect(asked.some((path) => path.includes("/entry.client-"))).toBe(true);
});

test("a page that needs its script (the sign-in page) loads the app with the page", async ({ page }) => {
  await page.goto("/auth/login");
  await expect.poll(() => hydrated(page)).toBe(true);
});
