/** Class pages, collection pages, the school, and the 404 page for unknown routes and slugs. */
import {
  api,
  classHref,
  durationText,
  expect,
  expectNoAxeViolations,
  h1,
  resultCards,
  test,
  usd,
  type ApiProduct,
} from "./helpers";

type ProductDetail = ApiProduct & {
  tagline: string;
  description: string;
  creator: { name: string; storefrontSlug: string };
  lessons: { position: number; title: string; durationSeconds: number }[];
};
type CollectionDetail = {
  slug: string;
  title: string;
  programType: "collection" | "school";
  priceInfo: { price: number };
  totalValuePriceInCents: number;
  classCount: number;
  classes: ApiProduct[];
};

const productBySlugs = (request: Parameters<typeof api>[0], storefront: string, slug: string) =>
  api<{ product: ProductDetail }>(
    request,
    `/api/getProductWithClassSlug?class_slug=${slug}&storefront_slug=${storefront}`,
  ).then((r) => r.product);

test.describe("class page", () => {
  test("shows title, creator, prices, lessons with durations, the description and more from the creator", async ({
    page,
    request,
  }) => {
    // The most popular class with a running countdown offer: 'Now' the offer price, the regular price struck.
    const { products } = await api<{ products: (ApiProduct & { crossedPriceApplicableFrom: string | null })[] }>(
      request,
      "/api/getMostPopularProducts?limit=24",
    );
    const onOffer = products.find(
      (p) =>
        p.priceInfo.crossedPrice !== null &&
        p.crossedPriceApplicableFrom !== null &&
        Date.parse(p.crossedPriceApplicableFrom) > Date.now(),
    );
    expect(onOffer, "a popular class runs a countdown offer").toBeTruthy();
    const product = await productBySlugs(request, onOffer!.storefrontSlug, onOffer!.classSlug);
    expect(product.priceInfo.crossedPrice, "the class has a crossed price").not.toBeNull();

    const response = await page.goto(classHref(product));
    expect(response?.status()).toBe(200);
    await expect(h1(page)).toHaveText(product.title);
    const hero = page.getByRole("region", { name: product.title });
    await expect(hero.getByText(`with ${product.creator.name}`)).toBeVisible();
    await expect(hero.locator(".price-tag__price")).toHaveText(`Now ${usd(product.priceInfo.price)}`);
    await expect(hero.locator("s")).toHaveText(`Regular price ${usd(product.priceInfo.crossedPrice!)}`);

    // Lessons: an ordered list, in order, each with its duration text.
    const lessons = page
      .locator("main ol")
      .filter({ has: page.getByRole("heading", { name: product.lessons[0].title }) })
      .getByRole("listitem");
    await expect(lessons).toHaveCount(product.lessons.length);
    await expect(lessons.getByRole("heading", { level: 3 })).toHaveText(
      product.lessons.map((l) => new RegExp(`^${escape(l.title)}`)),
    );
    for (const [i, lesson] of product.lessons.entries()) {
      await expect(lessons.nth(i).locator(".lesson-list__duration")).toHaveText(durationText(lesson.durationSeconds));
    }
    await expect(lessons.first()).toContainText("Free preview");

    // 'About this class': Markdown rendered to HTML, not shown as source.
    const about = page.getByRole("region", { name: "About this class" });
    await expect(about.getByRole("heading", { name: "What you'll learn", level: 3 })).toBeVisible();
    expect(await about.locator(".prose li").count()).toBeGreaterThan(1);
    await expect(about).not.toContainText("###");
    await expect(about).not.toContainText("](");

    // 'More from {creator}': other classes by the same creator, not this one.
    const more = page.getByRole("region", { name: `More from ${product.creator.name}` });
    const moreCards = more.getByRole("article");
    expect(await moreCards.count()).toBeGreaterThan(0);
    await expect(moreCards.locator(".product-card__creator")).toHaveText(
      (await moreCards.all()).map(() => product.creator.name),
    );
    await expect(more.getByRole("link", { name: product.title, exact: true })).toHaveCount(0);

    await expectNoAxeViolations(page);
  });

  test("a short lesson reads 'Less than 1 minute'; an undiscounted class has no crossed price", async ({
    page,
    request,
  }) => {
    // The demo catalogue's guitar-tone class opens with a 45-second lesson and has no crossed price.
    const product = await productBySlugs(request, "dex-okafor", "guitar-tone-on-any-amp");
    const short = product.lessons.find((l) => l.durationSeconds <= 60)!;
    expect(short).toBeTruthy();
    expect(product.priceInfo.crossedPrice).toBeNull();

    await page.goto(classHref(product));
    await expect(h1(page)).toHaveText(product.title);
    const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: short.title }) });
    await expect(item.locator(".lesson-list__duration")).toHaveText("Less than 1 minute");
    const hero = page.getByRole("region", { name: product.title });
    await expect(hero.locator(".price-tag__price")).toHaveText(`Price ${usd(product.priceInfo.price)}`);
    await expect(hero.locator("s")).toHaveCount(0);
  });

  test("clicking a card in 'More from' opens that class", async ({ page, request }) => {
    const product = await productBySlugs(request, "dex-okafor", "blues-lead-guitar");
    await page.goto(classHref(product));
    const more = page.getByRole("region", { name: `More from ${product.creator.name}` });
    const first = more.getByRole("article").first().getByRole("link");
    const title = (await first.textContent())!.trim();
    await first.click();
    await expect(h1(page)).toHaveText(title);
    await expect(page).toHaveURL(/^.*\/classes\/dex-okafor\/[a-z0-9-]+$/);
  });
});

test.describe("collections and schools", () => {
  test("a collection page shows its price, total value and classes", async ({ page, request }) => {
    const { collection } = await api<{ collection: CollectionDetail }>(
      request,
      "/api/getProductCollectionWithSlug?slug=guitar-essentials",
    );
    await page.goto(`/collections/${collection.slug}`);
    await expect(h1(page)).toHaveText(collection.title);
    await expect(page.getByText(`Collection · ${collection.classCount} classes`)).toBeVisible();
    const value = page.locator("dl");
    await expect(value.locator("dt", { hasText: "Collection price" }).locator("+ dd")).toHaveText(
      usd(collection.priceInfo.price),
    );
    await expect(value.locator("dt", { hasText: "Total value" }).locator("+ dd")).toHaveText(
      usd(collection.totalValuePriceInCents),
    );
    // Total value: what the classes cost one by one at their regular prices.
    const sum = collection.classes.reduce((total, c) => total + (c.priceInfo.crossedPrice ?? c.priceInfo.price), 0);
    expect(collection.totalValuePriceInCents).toBe(sum);
    const grid = page.getByRole("region", { name: "The classes" });
    await expect(grid.getByRole("article").getByRole("heading")).toHaveText(collection.classes.map((c) => c.title));
    await expectNoAxeViolations(page);
  });

  test("the Collections view leads to each collection page", async ({ page, request }) => {
    const { collections } = await api<{ collections: CollectionDetail[] }>(request, "/api/getAllProductCollections");
    await page.goto("/classes?view=Collections");
    const target = collections[collections.length - 1];
    await page
      .getByRole("list", { name: "Collections" })
      .getByRole("link", { name: target.title, exact: true })
      .click();
    await expect(page).toHaveURL(`/collections/${target.slug}`);
    await expect(h1(page)).toHaveText(target.title);
    await expect(page.getByRole("region", { name: "The classes" }).getByRole("article")).toHaveCount(target.classCount);
  });

  test("/school/music and /schools/music show the school", async ({ page, request }) => {
    const { collection: school } = await api<{ collection: CollectionDetail }>(
      request,
      "/api/getProductCollectionWithSlug?slug=music",
    );
    expect(school.programType).toBe("school");
    for (const path of ["/school/music", "/schools/music"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(h1(page)).toHaveText(school.title);
      await expect(page.getByText(`School · ${school.classCount} classes`)).toBeVisible();
      await expect(page.locator("dl dt", { hasText: "School price" }).locator("+ dd")).toHaveText(
        usd(school.priceInfo.price),
      );
      await expect(page.getByRole("region", { name: "The classes" }).getByRole("article")).toHaveCount(
        school.classes.length,
      );
    }
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Music school" }),
    ).toHaveAttribute("href", "/school/music");
    await expectNoAxeViolations(page);
  });
});

test.describe("not found", () => {
  for (const path of ["/no-such-page", "/classes/nobody/nothing", "/collections/nothing", "/schools/nothing", "/404"]) {
    test(`${path} is the 404 page`, async ({ page, problems }) => {
      problems.allowStatus(404);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(h1(page)).toHaveText("We couldn't find that page");
      await expect(page.getByRole("main").getByRole("link", { name: "Explore classes" })).toHaveAttribute(
        "href",
        "/classes",
      );
      await expect(resultCards(page)).toHaveCount(0);
      if (path === "/no-such-page" || path === "/classes/nobody/nothing") await expectNoAxeViolations(page);
    });
  }
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
