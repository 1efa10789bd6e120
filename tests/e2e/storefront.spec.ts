/**
 * The creator storefront (/creators/{storefrontSlug}), with JavaScript on and off: reached from a class
 * page and an app landing page, the creator, their classes a page at a time, the collections and apps
 * (with their empty states), Get started and Log in for visitors only, the share modal (open, copy,
 * targets through our redirect, close), the 404 for an unknown creator, axe, and a 390 px phone.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectNoHorizontalScroll, h1, isJs, test, waitForHydration } from "./helpers";

const DEX = "/creators/dex-okafor";
const classCards = (page: Page) =>
  page.getByRole("region", { name: "Classes by Dex Okafor" }).locator("article.product-card");

test.describe("creator storefront", () => {
  test("a class page leads to the storefront: the creator, their classes paged, collections, apps, axe", async ({
    page,
  }, testInfo) => {
    await page.goto("/classes/dex-okafor/riffs-that-rock");
    await waitForHydration(page, testInfo.project.name);
    const hero = page.getByRole("region", { name: "Riffs That Rock" });
    await hero.getByRole("link", { name: "Dex Okafor" }).click();
    await expect(page).toHaveURL(DEX);
    await expect(page).toHaveTitle(/^Dex Okafor: Blues-rock guitarist and session player · Studio$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/creators\/dex-okafor$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Blues-rock guitarist/);

    await expect(h1(page)).toHaveText("Dex Okafor");
    const top = page.getByRole("region", { name: "Dex Okafor" });
    await expect(top.getByText("Blues-rock guitarist and session player")).toBeVisible();
    await expect(top.getByText(/over 1,200 club nights/)).toBeVisible();
    await expect(top.locator("img.storefront-hero__avatar")).toBeVisible();
    await expect(top.getByRole("link", { name: "4 classes" })).toHaveAttribute("href", "#storefront-classes");

    // Three classes a page, most popular first; "More classes" brings the fourth.
    await expect(classCards(page)).toHaveCount(3);
    const firstTitles = await classCards(page).locator(".product-card__title").allTextContents();
    await page.getByRole("link", { name: "More classes" }).click();
    if (isJs(testInfo.project.name)) {
      await expect(classCards(page)).toHaveCount(4);
      await expect(page).toHaveURL(DEX);
      await expect(page.getByRole("status").filter({ hasText: "Showing 4 of 4 classes" })).toBeAttached();
    } else {
      await expect(page).toHaveURL(/\/creators\/dex-okafor\?cursor=[0-9a-f-]{36}#storefront-classes$/);
      await expect(classCards(page)).toHaveCount(1);
      await expect(page.getByRole("link", { name: "Back to the first classes" })).toBeVisible();
    }
    const lastTitle = await classCards(page).last().locator(".product-card__title").textContent();
    expect(firstTitles).not.toContain(lastTitle);
    await expect(page.getByRole("link", { name: "More classes" })).toHaveCount(0);

    // The collections that hold his classes; no apps yet.
    const collections = page.getByRole("region", { name: "Collections with Dex's classes" });
    await expect(collections.getByRole("link", { name: "Guitar Essentials" })).toHaveAttribute(
      "href",
      "/collections/guitar-essentials",
    );
    const apps = page.getByRole("region", { name: "Apps by Dex Okafor" });
    await expect(apps.getByText("Dex Okafor hasn't published an app yet.")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("published apps are listed and the app landing page leads back; no collections is said so", async ({
    page,
  }, testInfo) => {
    await page.goto("/creators/marisol-vega");
    const apps = page.getByRole("region", { name: "Apps by Marisol Vega" });
    const app = apps.getByRole("link", { name: "Half Marathon Coach" });
    await expect(app).toHaveAttribute("href", "/apps/marisol-vega/half-marathon");
    await waitForHydration(page, testInfo.project.name);
    await app.click();
    await expect(page).toHaveURL("/apps/marisol-vega/half-marathon");
    await page.locator(".app-hero").getByRole("link", { name: "Marisol Vega" }).click();
    await expect(page).toHaveURL("/creators/marisol-vega");
    await expect(h1(page)).toHaveText("Marisol Vega");
    if (process.env.STOREFRONT_SHOTS)
      await page.screenshot({ path: `/tmp/sf-desktop-${testInfo.project.name}.png`, fullPage: true });

    // Marcus Reid's classes are in no collection or school.
    await page.goto("/creators/marcus-reid");
    const collections = page.getByRole("region", { name: "Collections with Marcus's classes" });
    await expect(collections.getByText("Marcus Reid's classes aren't part of a collection yet.")).toBeVisible();
    await expect(collections.getByRole("link", { name: "Browse all collections" })).toHaveAttribute(
      "href",
      "/classes?view=Collections",
    );
    await expect(page.getByText("Marcus Reid hasn't published an app yet.")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("visitors get Get started and Log in (the auth modal); signed-in users do not", async ({
    page,
    login,
  }, testInfo) => {
    await page.goto(DEX);
    await waitForHydration(page, testInfo.project.name);
    const top = page.getByRole("region", { name: "Dex Okafor" });
    await top.getByRole("link", { name: "Get started" }).click();
    await expect(page).toHaveURL(`${DEX}?auth=Email`);
    await expect(page.getByRole("dialog", { name: "Get Started" })).toBeVisible();
    await page.goto(DEX);
    await waitForHydration(page, testInfo.project.name);
    await top.getByRole("link", { name: "Log in" }).click();
    await expect(page).toHaveURL(`${DEX}?auth=Login`);
    await expect(page.getByRole("dialog", { name: "Log In" })).toBeVisible();

    await login();
    await page.goto(DEX);
    await expect(h1(page)).toHaveText("Dex Okafor");
    await expect(top.getByRole("link", { name: "Get started" })).toHaveCount(0);
    await expect(top.getByRole("link", { name: "Log in" })).toHaveCount(0);
    await expect(top.getByRole("link", { name: "Share" })).toBeVisible();
  });

  test("the share modal: the link to copy, the targets through our redirect, closing", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const js = isJs(testInfo.project.name);
    if (js) await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.goto(DEX);
    await waitForHydration(page, testInfo.project.name);
    await page.getByRole("region", { name: "Dex Okafor" }).getByRole("link", { name: "Share" }).click();
    await expect(page).toHaveURL(`${DEX}?share=1`);
    const dialog = page.getByRole("dialog", { name: "Share Dex Okafor's page" });
    await expect(dialog).toBeVisible();
    const field = dialog.getByRole("textbox", { name: "Link to this page" });
    await expect(field).toHaveValue(`${baseURL}${DEX}`);
    await expect(field).toHaveAttribute("readonly", "");
    await expectNoAxeViolations(page);

    if (js) {
      await dialog.getByRole("button", { name: "Copy link" }).click();
      await expect(dialog.getByRole("status")).toHaveText("Copied");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${DEX}`);
    } else {
      await expect(dialog.getByRole("button", { name: "Copy link" })).toHaveCount(0);
      await expect(dialog.getByText("Select the link and copy it to share it anywhere.")).toBeVisible();
    }

    // The four targets are plain links to our redirect, which sends them on to the network.
    const expected = {
      Email: ["email", /^mailto:\?subject=Dex%20Okafor%20on%20Studio&body=/],
      "X (Twitter)": [
        "x",
        /^https:\/\/twitter\.com\/intent\/tweet\?text=.+&url=http%3A%2F%2F127\.0\.0\.1%3A\d+%2Fcreators%2Fdex-okafor$/,
      ],
      Facebook: ["facebook", /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=http%3A%2F%2F127\.0\.0\.1/],
      WhatsApp: ["whatsapp", /^https:\/\/wa\.me\/\?text=/],
    } as const;
    for (const [label, [to, location]] of Object.entries(expected)) {
      const link = dialog.getByRole("link", { name: new RegExp(`^${label.replace(/[()]/g, "\\$&")}`) });
      await expect(link).toHaveAttribute("href", `${DEX}/share?to=${to}`);
      const answer = await page.request.get(`${DEX}/share?to=${to}`, { maxRedirects: 0 });
      expect(answer.status(), to).toBe(302);
      expect(answer.headers()["location"]).toMatch(location);
    }
    const refused = await page.request.get(`${DEX}/share?to=https://evil.example`, { maxRedirects: 0 });
    expect(refused.status()).toBe(400);
    expect(refused.headers()["location"]).toBeUndefined();
    expect(await refused.text()).toBe("Choose where to share: email, x, facebook, whatsapp.");

    // The networks open in a new tab (without our page as their opener); email opens the mail app.
    const x = dialog.getByRole("link", { name: /^X \(Twitter\)/ });
    await expect(x).toHaveAttribute("target", "_blank");
    await expect(x).toHaveAttribute("rel", "noopener noreferrer");
    await expect(x).toHaveAccessibleName("X (Twitter) (opens in a new tab)");
    await expect(dialog.getByRole("link", { name: "Email" })).not.toHaveAttribute("target", /./);

    // Closing: Escape with JavaScript, the Close pop-up link without.
    if (js) await page.keyboard.press("Escape");
    else await dialog.getByRole("link", { name: "Close pop-up" }).click();
    await expect(page).toHaveURL(DEX);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    if (js) {
      await page.getByRole("region", { name: "Dex Okafor" }).getByRole("link", { name: "Share" }).click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole("link", { name: "Close pop-up" }).click();
      await expect(page).toHaveURL(DEX);
    }
  });

  test("an unknown creator is the 404 page", async ({ page, problems }) => {
    problems.allowStatus(404);
    const response = await page.goto("/creators/nobody-at-all");
    expect(response?.status()).toBe(404);
    await expect(h1(page)).toHaveText("We couldn't find that page");
    const share = await page.request.get("/creators/nobody-at-all/share?to=x", { maxRedirects: 0 });
    expect(share.status()).toBe(404);
  });

  test("on a 390 px phone the page and the share modal fit the width", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(DEX);
    await expect(h1(page)).toBeInViewport();
    await expect(page.locator("img.storefront-hero__avatar")).toBeInViewport();
    await expectNoHorizontalScroll(page);
    const box = await classCards(page).first().boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    await page.goto(`${DEX}?share=1`);
    const dialog = page.getByRole("dialog", { name: "Share Dex Okafor's page" });
    await expect(dialog.getByRole("textbox", { name: "Link to this page" })).toBeInViewport();
    await expect(dialog.getByRole("link", { name: /^WhatsApp/ })).toBeInViewport();
    await expectNoHorizontalScroll(page);
    if (process.env.STOREFRONT_SHOTS)
      await page.screenshot({ path: `/tmp/sf-phone-share-${test.info().project.name}.png` });
    await page.goto(DEX);
    if (process.env.STOREFRONT_SHOTS)
      await page.screenshot({ path: `/tmp/sf-phone-${test.info().project.name}.png`, fullPage: true });
    await expectNoAxeViolations(page);
  });
});
