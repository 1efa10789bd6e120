/** Home `/`: hero, call to action, pricing, category chips, the promotional banner and the rows. */
import { bannerPayload } from "../tools/catalogue-sql.mjs";
import { heroPayload } from "../tools/experiments-sql.mjs";
import { api, expect, expectNoAxeViolations, h1, test, waitForHydration, type ApiProduct } from "./helpers";

/** The seeded 'homepage-yellow-banner-text' flag (its countdown does not matter here). */
const banner = bannerPayload(Date.now());

test.describe("home page", () => {
  test("shows the hero, pricing, category chips, banner and rows", async ({ page, request }) => {
    const [{ products: all }, { products: popular }, { products: fresh }] = await Promise.all([
      api<{ products: ApiProduct[] }>(request, "/api/getProducts?limit=100"),
      api<{ products: ApiProduct[] }>(request, "/api/getMostPopularProducts?isForHomepage=true"),
      api<{ products: ApiProduct[] }>(request, "/api/getNewReleasesProducts?isForHomepage=true"),
    ]);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);

    // The seed runs the hero's A/B test (experiments.spec.ts covers it): this visitor sees A or B.
    const variant = await page.locator("section.hero").getAttribute("data-variant");
    await expect(h1(page)).toHaveText(
      variant === "B" ? heroPayload().titleB : "Learn music from the artists who make it",
    );
    await expect(page.locator(".hero__description")).toContainText(
      variant === "B" ? heroPayload().descriptionB : "step-by-step video classes",
    );
    const cta = page.getByRole("link", { name: "Explore Classes" });
    await expect(cta).toHaveAttribute("href", "#verticals");
    const lowest = Math.min(...all.map((p) => p.priceInfo.price));
    await expect(
      page.getByText(/^Classes from \$[\d,]+, or every class with Studio Membership for \$[\d,]+ a year\.$/),
    ).toContainText(`Classes from $${lowest / 100},`);

    // One chip per category of the catalogue, each to /classes?category=X&view=
    const categories = [...new Set(all.map((p) => p.category))].sort();
    const chips = page.getByRole("navigation", { name: "Browse categories" }).getByRole("link");
    await expect(chips).toHaveCount(categories.length);
    expect((await chips.allTextContents()).map((t) => t.trim()).sort()).toEqual(categories);
    for (const name of ["Guitar", "Music Production"]) {
      await expect(chips.filter({ hasText: name })).toHaveAttribute(
        "href",
        `/classes?category=${encodeURIComponent(name)}&view=`,
      );
    }

    // The promotional banner (flag on in the seed): the whole banner is one link.
    const promo = page.getByRole("complementary", { name: "Promotion" });
    await expect(promo).toBeVisible();
    const promoLink = promo.getByRole("link");
    await expect(promoLink).toHaveCount(1);
    await expect(promoLink).toContainText(banner.titleBoldText);
    await expect(promoLink).toContainText(banner.descriptionText);
    await expect(promoLink).toHaveAttribute("href", banner.url);
    // …and its inline copy below the hero: 'title — description'.
    const inline = page
      .getByRole("main")
      .getByRole("link", { name: `${banner.titleBoldText} — ${banner.descriptionText}` });
    await expect(inline).toBeVisible();
    await expect(inline).toHaveAttribute("href", banner.url);

    // Rows with their "See all" links; cards in the API's order.
    const popularRow = page.getByRole("region", { name: "Most popular" });
    await expect(popularRow.getByRole("link", { name: "See all most popular" })).toHaveAttribute("href", "/classes");
    await expect(popularRow.locator("article h3")).toHaveText(popular.map((p) => p.title));
    const newRow = page.getByRole("region", { name: "New releases" });
    await expect(newRow.getByRole("link", { name: "See all new releases" })).toHaveAttribute(
      "href",
      /^\/classes\?view=New(\+|%20)releases$/,
    );
    await expect(newRow.locator("article h3")).toHaveText(fresh.map((p) => p.title));

    await expectNoAxeViolations(page);
  });

  test("closing the banner hides it for this page view only", async ({ page }) => {
    await page.goto("/");
    const promo = page.getByRole("complementary", { name: "Promotion" });
    const inline = page
      .getByRole("main")
      .getByRole("link", { name: `${banner.titleBoldText} — ${banner.descriptionText}` });
    await expect(promo).toBeVisible();

    await promo.getByTitle("Close banner").click();
    await expect(promo).toBeHidden();
    await expect(page.getByRole("checkbox", { name: "Close banner" })).toBeChecked();
    await expect(inline).toBeVisible();

    await page.reload();
    await expect(promo).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Close banner" })).not.toBeChecked();
  });

  test("the banner is a link to its URL", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("complementary", { name: "Promotion" }).getByText(banner.titleBoldText).click();
    await expect(page).toHaveURL((url) => url.pathname + url.search === banner.url);
    await expect(h1(page)).toHaveText(/^New Classes \(\d+\)$/);
  });

  test("'Explore Classes' brings the verticals section to 120px below the top", async ({ page }, testInfo) => {
    await page.goto("/");
    await waitForHydration(page, testInfo.project.name);
    const top = () =>
      page.evaluate(() => Math.round(document.getElementById("verticals")!.getBoundingClientRect().top));
    expect(await top()).toBeGreaterThan(300);
    // Record every scroll position on the way, to tell a smooth scroll from a jump.
    await page.evaluate(() => {
      (window as any).__scrolls = [];
      addEventListener("scroll", () => (window as any).__scrolls.push(scrollY), { passive: true });
    });
    await page.getByRole("link", { name: "Explore Classes" }).click();
    await expect.poll(top, { timeout: 5_000 }).toBeGreaterThanOrEqual(118);
    await expect.poll(top, { timeout: 5_000 }).toBeLessThanOrEqual(122);
    await expect(page).toHaveURL(/\/#verticals$/);
    await expect(page.getByRole("heading", { name: "Pick what you want to play" })).toBeInViewport();
    if (testInfo.project.name === "js") {
      // Smooth: the page passes through positions between the start and the end.
      const positions: number[] = await page.evaluate(() => (window as any).__scrolls);
      const end = positions[positions.length - 1];
      expect(
        positions.filter((y) => y > 0 && y < end - 1).length,
        `scroll positions: ${positions.join(", ")}`,
      ).toBeGreaterThan(0);
    }
  });

  test("category tiles and 'See all new releases' lead to the right lists", async ({ page, request }) => {
    const { products: fresh } = await api<{ products: ApiProduct[] }>(request, "/api/getNewReleasesProducts?limit=100");
    await page.goto("/");
    const tile = page
      .getByRole("region", { name: "Pick what you want to play" })
      .getByRole("link", { name: /^Drums \d+ classes$/ });
    const count = Number((await tile.textContent())!.match(/(\d+) classes/)![1]);
    await tile.click();
    await expect(page).toHaveURL(/\/classes\?category=Drums&view=$/);
    await expect(h1(page)).toHaveText(`Drums Classes (${count})`);

    await page.goBack();
    await page.getByRole("link", { name: "See all new releases" }).click();
    await expect(h1(page)).toHaveText(`New Classes (${fresh.length})`);
  });
});
