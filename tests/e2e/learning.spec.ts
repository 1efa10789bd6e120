/**
 * Watching lessons: free previews for everyone and the buy buttons on the rest; a bought class
 * played with JavaScript (progress reported, resumed after leaving, on another device too); the
 * same class without JavaScript through 'Mark as complete'; progress in /library and /v2/dashboard.
 */
import { type Page } from "@playwright/test";
import {
  api,
  classHref,
  expect,
  expectNoAxeViolations,
  fillTestCard,
  h1,
  isJs,
  logIn,
  test,
  usd,
  waitForHydration,
  type ApiProduct,
} from "./helpers";

const LEARNER = { firstName: "Mia", lastName: "Learner", password: "learning rules" };

const TONE = { storefrontSlug: "dex-okafor", classSlug: "guitar-tone-on-any-amp" };
const RIFFS = { storefrontSlug: "dex-okafor", classSlug: "riffs-that-rock" };
const BLUES = { storefrontSlug: "dex-okafor", classSlug: "blues-lead-guitar" };

type Lesson = { id: string; title: string; position: number; isPreview: boolean };
type Detail = ApiProduct & { lessons: Lesson[] };

const detail = (request: Parameters<typeof api>[0], p: { storefrontSlug: string; classSlug: string }) =>
  api<{ product: Detail }>(
    request,
    `/api/getProductWithClassSlug?class_slug=${p.classSlug}&storefront_slug=${p.storefrontSlug}`,
  ).then((r) => r.product);

const slugOf = (title: string) =>
  title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
const watchPath = (l: Lesson) => `/watch/${slugOf(l.title)}-${l.id.replace(/-/g, "")}`;

/** Buys one class through the real pages: Buy now, Pay, the embedded provider's test card. */
async function buy(page: Page, product: Detail, projectName: string) {
  await page.goto(classHref(product));
  await waitForHydration(page, projectName);
  await page.getByRole("region", { name: product.title }).getByRole("button", { name: "Buy now" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await waitForHydration(page, projectName);
  const price = usd(product.priceInfo.price);
  await page
    .getByRole("complementary", { name: "Order summary" })
    .getByRole("button", { name: `Pay ${price}` })
    .click();
  await expect(page).toHaveURL(/\/checkout\/pay\//);
  await fillTestCard(page, "Mia Learner");
  await page.getByRole("button", { name: `Pay ${price}` }).click();
  await expect(h1(page)).toHaveText("Thank you! Your purchase is complete");
}

const libraryCard = (page: Page, title: string) =>
  page
    .getByRole("list", { name: "Owned classes" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title }) });

test.describe("watching lessons", () => {
  test("a free preview plays for everyone; the other lessons offer the class", async ({ page, request }, testInfo) => {
    const blues = await detail(request, BLUES);
    const preview = blues.lessons.find((l) => l.isPreview)!;
    const locked = blues.lessons.find((l) => !l.isPreview)!;

    await page.goto(classHref(blues));
    await page.getByRole("link", { name: preview.title, exact: true }).click();
    await expect(page).toHaveURL(watchPath(preview));
    await expect(h1(page)).toHaveText(preview.title);
    const video = page.locator("video");
    await expect(video).toHaveAccessibleName(`Video: ${preview.title}`);
    await expect(video.locator("source").first()).toHaveAttribute("src", /^\/video\/lesson-\d\.webm$/);
    await expect(video.locator("track")).toHaveAttribute("kind", "captions");
    await expect(page.getByText("to save your progress.")).toBeVisible();
    const list = page.getByRole("complementary", { name: blues.title });
    await expect(list.getByRole("link", { name: `${locked.title}, locked` })).toBeVisible();
    await waitForHydration(page, testInfo.project.name);
    await expectNoAxeViolations(page);

    // A lesson that is not a preview: the class's buy buttons, and no video.
    await page.goto(watchPath(locked));
    await expect(page.getByRole("heading", { name: `This lesson is part of ${blues.title}` })).toBeVisible();
    await expect(page.getByRole("button", { name: "Buy now" })).toBeVisible();
    await expect(page.locator("video")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Watch the free preview" })).toHaveAttribute(
      "href",
      watchPath(preview),
    );
    await waitForHydration(page, testInfo.project.name);
    await expectNoAxeViolations(page);

    // An old title part still finds the lesson; a slug without an id is a 404.
    await page.goto(`/watch/old-title-${locked.id.replace(/-/g, "")}`);
    await expect(page).toHaveURL(watchPath(locked));
    const missing = await request.get("/watch/no-id-here");
    expect(missing.status()).toBe(404);
  });

  test("with JavaScript: watch, leave, come back (on another device too) and resume at the saved place", async ({
    page,
    browser,
    baseURL,
    login,
  }, testInfo) => {
    test.skip(!isJs(testInfo.project.name), "the player reports progress with JavaScript");
    test.setTimeout(90_000);
    const tone = await detail(page.request, TONE);
    const { email, password } = await login(LEARNER);
    await buy(page, tone, testInfo.project.name);

    await page.goto("/library");
    const card = libraryCard(page, tone.title);
    await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
    await card.getByRole("link", { name: /^Start:/ }).click();
    const first = tone.lessons[0];
    await expect(page).toHaveURL(watchPath(first));
    await waitForHydration(page, testInfo.project.name);
    await expectNoAxeViolations(page);

    // Play about four seconds, then pause: the pause sends a report. The player reports tenths of a
    // second, so a pause at 4.03 s is saved as 4.0: play on to 4.2 s before pausing.
    const video = page.locator("video");
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(4.2);
    const reported = page.waitForResponse(
      (r) => r.url().endsWith("/api/updateProductProgress") && r.request().method() === "POST",
    );
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    expect((await reported).status()).toBe(200);
    const { progress } = await (
      await page.request.get(`/api/getContentProgress?product_id=${tone.id}&content_id=${tone.lessons[0].id}`)
    ).json();
    expect(progress.position_in_seconds).toBeGreaterThan(4);
    expect(progress.seconds_watched).toBeGreaterThan(3);
    expect(progress.completed).toBe(false);
    const saved = Math.floor(progress.position_in_seconds);

    // Leave, then come back through the library's 'Continue'.
    await page.goto("/classes");
    await page.goto("/library");
    await expect(card.getByText(/^Watched /)).toBeVisible();
    await card.getByRole("link", { name: /^Continue:/ }).click();
    await expect(page).toHaveURL(watchPath(first));
    await expect(page.getByText(`Resuming at 0:0${saved}.`)).toBeVisible();
    await expect(video).toHaveAttribute("data-start-at", String(saved));
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? v.currentTime : -1)), {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(saved - 1);

    // Another device: a fresh browser signed in with the same account resumes at the same place.
    const other = await browser.newContext({ baseURL });
    const device = await other.newPage();
    await logIn(device, { email, password });
    await device.goto(watchPath(first));
    await expect(device.locator("video")).toHaveAttribute("data-start-at", String(saved));
    const api = await device.request.get(`/api/getContentProgress?product_id=${tone.id}&content_id=${first.id}`);
    expect((await api.json()).progress.position_in_seconds).toBeGreaterThan(4);
    await other.close();
  });

  test("without JavaScript: 'Mark as complete' moves on, and the library and dashboard show the progress", async ({
    page,
    request,
    login,
  }, testInfo) => {
    test.skip(isJs(testInfo.project.name), "the no-JavaScript path");
    test.setTimeout(90_000);
    const riffs = await detail(request, RIFFS);
    await login(LEARNER);
    await buy(page, riffs, testInfo.project.name);

    const [first, second] = riffs.lessons;
    await page.goto(watchPath(first));
    await expect(page.locator("video source").first()).toHaveAttribute("src", /^\/video\/lesson-\d\.webm$/);
    await page.getByRole("button", { name: "Mark as complete" }).click();
    await expect(page).toHaveURL(watchPath(second));
    await expect(page.getByText("Marked as complete")).toBeVisible();
    await expect(page.getByText(`You finished “${first.title}”. Up next: ${second.title}.`)).toBeVisible();
    const lessons = page.getByRole("complementary", { name: riffs.title });
    await expect(lessons.getByRole("link", { name: `${first.title}, completed` })).toBeVisible();
    const expected = String(Math.round(100 / riffs.lessons.length));
    await expect(lessons.getByRole("progressbar", { name: "Class progress" })).toHaveAttribute(
      "aria-valuenow",
      expected,
    );
    await expectNoAxeViolations(page);

    await page.goto(watchPath(first));
    await expect(page.getByText("You finished this lesson.")).toBeVisible();

    await page.goto("/library");
    const card = libraryCard(page, riffs.title);
    await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", expected);
    await expect(card.getByRole("link", { name: `Continue: ${riffs.title}, ${second.title}` })).toHaveAttribute(
      "href",
      watchPath(second),
    );
    await expectNoAxeViolations(page);

    await page.goto("/v2/dashboard");
    await expect(h1(page)).toHaveText("Welcome back, Mia");
    const continueWatching = page.getByRole("list", { name: "Continue watching" });
    await expect(continueWatching.getByRole("heading", { name: riffs.title })).toBeVisible();
    await expect(page.getByRole("region", { name: "Membership" })).toContainText("Every class on Studio");
    await expect(page.getByRole("region", { name: "Your schedule" })).toContainText("suggested finish");
    await expectNoAxeViolations(page);
  });

  test("signed out, the dashboard asks to log in", async ({ page }) => {
    await page.goto("/v2/dashboard");
    await expect(page).toHaveURL((url) => url.pathname === "/" && url.searchParams.get("redirect") === "/v2/dashboard");
  });
});
