/** /classes: the main learner journey, views, filters, search, "Load more" and bad cursors. */
import type { Page } from "@playwright/test";
import {
  classes as catalogueClasses,
  collections as catalogueCollectionList,
  ratingScore as fixtureRatingScore,
} from "../fixtures/catalogue/index.mjs";
import {
  api,
  expect,
  expectNoAxeViolations,
  h1,
  isJs,
  resultCards,
  test,
  waitForHydration,
  type ApiProduct,
} from "./helpers";

/** The demo catalogue the server was seeded with (tests/fixtures/catalogue): used where no API answers (search, top rated). */
type FixtureClass = {
  id: string;
  title: string;
  tagline: string;
  creatorName: string;
  category: string;
  description: string;
  storefrontSlug: string;
  classSlug: string;
  ratingAverage: number;
  ratingCount: number;
};
type FixtureCollection = { slug: string; title: string; items: { storefrontSlug: string; classSlug: string }[] };
const catalogue = catalogueClasses as FixtureClass[];
const catalogueCollections = catalogueCollectionList as FixtureCollection[];
const ratingScore = fixtureRatingScore as (average: number, count: number) => number;

type ProductPage = { products: ApiProduct[]; count: number; lastProductId: string | null; hasMore: boolean };
type Collection = { slug: string; title: string; programType: "collection" | "school"; classCount: number };

const views = (page: Page) => page.getByRole("navigation", { name: "Views" });
const loadMore = (page: Page) => page.getByRole("link", { name: "Load more" });
const cardTitles = (page: Page) => resultCards(page).locator(".product-card__title");

/** Classes whose searchable text (title, tagline, creator, category, description) has a word starting with `word`. */
function searchMatches(word: string) {
  const re = new RegExp(`(^|[^\\p{L}\\p{N}])${word}`, "iu");
  return catalogue.filter((c) => re.test([c.title, c.tagline, c.creatorName, c.category, c.description].join("\n")));
}

/** The fixture's classes in 'Top rated' order: rated ones only, best Bayesian score first, then id descending. */
function topRated(category?: string) {
  return catalogue
    .filter((c) => c.ratingCount > 0 && (!category || c.category === category))
    .map((c) => ({ title: c.title, score: ratingScore(c.ratingAverage, c.ratingCount), id: c.id }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/** Every card title of the current list across all its pages: "Load more" appends (JS) or opens the next page (no JS). */
async function allTitlesAcrossPages(page: Page, projectName: string): Promise<string[]> {
  if (isJs(projectName)) {
    await waitForHydration(page, projectName);
    while (await loadMore(page).isVisible()) {
      const before = await resultCards(page).count();
      await loadMore(page).click();
      await expect.poll(() => resultCards(page).count()).toBeGreaterThan(before);
    }
    return cardTitles(page).allTextContents();
  }
  const titles = await cardTitles(page).allTextContents();
  while (await loadMore(page).isVisible()) {
    await loadMore(page).click();
    await expect(page).toHaveURL(/cursor=/);
    titles.push(...(await cardTitles(page).allTextContents()));
  }
  return titles;
}

test.describe("browsing classes", () => {
  test("journey, part 1: home → category chip → each view → filter form → search", async ({ page, request }) => {
    test.setTimeout(90_000);
    const [guitar, fresh, { collections }, all, pianoJazz] = await Promise.all([
      api<ProductPage>(request, "/api/getProducts?categories=Guitar&limit=100"),
      api<ProductPage>(request, "/api/getNewReleasesProducts?limit=100"),
      api<{ collections: Collection[] }>(request, "/api/getAllProductCollections"),
      api<ProductPage>(request, "/api/getProducts?limit=100"),
      api<ProductPage>(request, "/api/getProducts?categories=Piano&genres=Jazz&limit=100"),
    ]);

    // Home → the Guitar chip.
    await page.goto("/");
    await expectNoAxeViolations(page);
    await page
      .getByRole("navigation", { name: "Browse categories" })
      .getByRole("link", { name: "Guitar", exact: true })
      .click();
    await expect(page).toHaveURL(/\/classes\?category=Guitar&view=$/);
    await expect(h1(page)).toHaveText(`Guitar Classes (${guitar.count})`);
    expect(guitar.count).toBe(guitar.products.length);
    await expect(cardTitles(page)).toHaveText(guitar.products.map((p) => p.title));
    await expect(resultCards(page).locator(".product-card__category")).toHaveText(guitar.products.map(() => "Guitar"));
    await expect(views(page).getByRole("link", { name: "All classes" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("Guitar");
    await expectNoAxeViolations(page);

    // Each view. New releases and Top rated keep the category.
    await views(page).getByRole("link", { name: "New releases" }).click();
    await expect(views(page).getByRole("link", { name: "New releases" })).toHaveAttribute("aria-current", "page");
    const freshGuitar = fresh.products.filter((p) => p.category === "Guitar");
    await expect(h1(page)).toHaveText(`Guitar Classes (${freshGuitar.length})`);
    await expect(cardTitles(page)).toHaveText(freshGuitar.map((p) => p.title));
    await expectNoAxeViolations(page);

    await views(page).getByRole("link", { name: "Top rated" }).click();
    await expect(views(page).getByRole("link", { name: "Top rated" })).toHaveAttribute("aria-current", "page");
    const ratedGuitar = topRated("Guitar");
    await expect(h1(page)).toHaveText(`Guitar Classes (${ratedGuitar.length})`);
    await expect(cardTitles(page)).toHaveText(ratedGuitar.map((c) => c.title));
    await expectNoAxeViolations(page);

    await views(page).getByRole("link", { name: "Collections" }).click();
    await expect(h1(page)).toHaveText("Collections");
    const collectionList = page.getByRole("list", { name: "Collections" });
    await expect(collectionList.getByRole("article")).toHaveCount(collections.length);
    await expect(collectionList.getByRole("heading")).toHaveText(collections.map((c) => c.title));
    await expect(collectionList).not.toContainText("School");
    await expectNoAxeViolations(page);

    await views(page).getByRole("link", { name: "All classes" }).click();
    await expect(h1(page)).toHaveText("Explore Studio classes");
    await expect(cardTitles(page)).toHaveText(all.products.slice(0, 24).map((p) => p.title));

    // The filter form (GET): a category and a genre.
    expect(pianoJazz.count, "the seed has jazz piano classes").toBeGreaterThan(0);
    await page.getByRole("combobox", { name: "Category" }).selectOption("Piano");
    await page.getByRole("group", { name: "Genres" }).getByRole("checkbox", { name: "Jazz", exact: true }).check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/[?&]category=Piano(&|$)/);
    await expect(page).toHaveURL(/[?&]genres=Jazz(&|$)/);
    await expect(h1(page)).toHaveText(`Piano Classes (${pianoJazz.count})`);
    await expect(cardTitles(page)).toHaveText(pianoJazz.products.map((p) => p.title));
    await expect(
      page.getByRole("group", { name: "Genres" }).getByRole("checkbox", { name: "Jazz", exact: true }),
    ).toBeChecked();
    await expect(page.getByRole("link", { name: "Clear all" })).toBeVisible();
    await expectNoAxeViolations(page);

    // A search from the header.
    const matches = searchMatches("guitar");
    await page.getByRole("search").getByRole("searchbox", { name: "Search classes" }).fill("guitar");
    await page.getByRole("search").getByRole("searchbox", { name: "Search classes" }).press("Enter");
    await expect(page).toHaveURL(/\/classes\?search=guitar$/);
    await expect(h1(page)).toHaveText("Explore Studio classes");
    await expect(page.getByRole("status").filter({ hasText: "match" })).toHaveText(
      `${matches.length} classes match “guitar”`,
    );
    expect((await cardTitles(page).allTextContents()).sort()).toEqual(matches.map((c) => c.title).sort());
    await expect(page.getByRole("searchbox", { name: "Search", exact: true })).toHaveValue("guitar");
    await expectNoAxeViolations(page);
  });

  test("journey, part 2: all classes → load more → class → its collection → the school", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const js = isJs(testInfo.project.name);
    const all = await api<ProductPage>(request, "/api/getProducts?limit=100");

    // All classes and "Load more".
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Classes" }).click();
    await expect(h1(page)).toHaveText("Explore Studio classes");
    await expect(resultCards(page)).toHaveCount(24);
    await waitForHydration(page, testInfo.project.name);
    const firstPageUrl = page.url();
    await loadMore(page).click();
    if (js) {
      await expect(resultCards(page)).toHaveCount(48);
      expect(page.url()).toBe(firstPageUrl);
    } else {
      await expect(page).toHaveURL(/cursor=/);
      await expect(resultCards(page)).toHaveCount(24);
      await expect(page.getByRole("link", { name: "Back to the first page" })).toBeVisible();
    }
    await expect(cardTitles(page).last()).toHaveText(all.products[47].title);
    await expectNoAxeViolations(page);

    // Open a class from the second page: one that belongs to a collection.
    const inCollection = new Set(
      catalogueCollections.flatMap((c) => c.items.map((it) => `${it.storefrontSlug}/${it.classSlug}`)),
    );
    const pick = all.products.slice(24, 48).find((p) => inCollection.has(`${p.storefrontSlug}/${p.classSlug}`));
    expect(pick, "a class on page 2 is in a collection").toBeTruthy();
    const collection = catalogueCollections.find((c) =>
      c.items.some((it) => it.storefrontSlug === pick!.storefrontSlug && it.classSlug === pick!.classSlug),
    )!;
    await resultCards(page).getByRole("link", { name: pick!.title, exact: true }).click();
    await expect(page).toHaveURL(`/classes/${pick!.storefrontSlug}/${pick!.classSlug}`);
    await expect(h1(page)).toHaveText(pick!.title);
    await expectNoAxeViolations(page);

    // …its 'Also in' link to a collection.
    await page
      .getByRole("paragraph")
      .filter({ hasText: /^Also in/ })
      .getByRole("link", { name: collection.title, exact: true })
      .click();
    await expect(page).toHaveURL(`/collections/${collection.slug}`);
    await expect(h1(page)).toHaveText(collection.title);
    await expect(
      page.getByRole("region", { name: "The classes" }).getByRole("link", { name: pick!.title, exact: true }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // …and the school from the header.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Music school" }).click();
    await expect(page).toHaveURL("/school/music");
    await expect(h1(page)).toHaveText("The Studio Music School");
    await expectNoAxeViolations(page);
  });

  test("the view parameter takes names in any case, URL-encoded", async ({ page, request }, testInfo) => {
    test.setTimeout(60_000);
    const fresh = await api<{ products: ApiProduct[] }>(request, "/api/getNewReleasesProducts?limit=100");
    expect(fresh.products.length).toBeGreaterThan(0);

    await page.goto("/classes?view=new%20RELEASES");
    await expect(h1(page)).toHaveText(`New Classes (${fresh.products.length})`);
    await expect(views(page).getByRole("link", { name: "New releases" })).toHaveAttribute("aria-current", "page");
    expect(await allTitlesAcrossPages(page, testInfo.project.name)).toEqual(fresh.products.map((p) => p.title));

    await page.goto("/classes?view=TOP+rated");
    await expect(h1(page)).toHaveText("Top Rated Classes");
    await expect(views(page).getByRole("link", { name: "Top rated" })).toHaveAttribute("aria-current", "page");
    await expect(cardTitles(page)).toHaveText(
      topRated()
        .slice(0, 24)
        .map((c) => c.title),
    );
    // "Load more" keeps the view.
    await expect(loadMore(page)).toHaveAttribute("href", /^\/classes\?view=Top\+rated&cursor=[0-9a-f-]{36}$/);

    await page.goto("/classes?view=%20collections%20");
    await expect(h1(page)).toHaveText("Collections");

    await page.goto("/classes?view=Most%20expensive");
    await expect(h1(page)).toHaveText("Explore Studio classes");
    await expect(views(page).getByRole("link", { name: "All classes" })).toHaveAttribute("aria-current", "page");
  });

  test("Load more appends the next page in place (JavaScript)", async ({ page, request }, testInfo) => {
    test.skip(!isJs(testInfo.project.name), "without JavaScript, Load more is a plain link (next test)");
    const all = await api<ProductPage>(request, "/api/getProducts?limit=100");
    await page.goto("/classes");
    await waitForHydration(page, testInfo.project.name);
    const url = page.url();
    await expect(resultCards(page)).toHaveCount(24);
    await expect(loadMore(page)).toHaveAttribute("href", `/classes?cursor=${all.products[23].id}`);

    await loadMore(page).click();
    await expect(resultCards(page)).toHaveCount(48);
    expect(page.url()).toBe(url);
    await expect(page.getByRole("status").filter({ hasText: "Showing" })).toHaveText("Showing 48 classes");
    await expect(cardTitles(page)).toHaveText(all.products.slice(0, 48).map((p) => p.title));
    await expect(page.getByRole("link", { name: "Back to the first page" })).toHaveCount(0);

    await loadMore(page).click();
    await expect(resultCards(page)).toHaveCount(all.products.length);
    expect(page.url()).toBe(url);
    await expect(loadMore(page)).toHaveCount(0);
    await expect(page.getByText("You've reached the end of the list.")).toBeVisible();
  });

  test("a signed-in page of cards copied by the server hydrates and its cards open classes", async ({
    page,
    login,
  }, testInfo) => {
    // A signed-in learner's page is rendered for them; its cards are the server's copy from the second
    // time a set of cards is shown (ui/ServerMemo): the browser hydrates the cards against that copy.
    await login({ firstName: "Lea", lastName: "Moreau" });
    await page.goto("/classes?view=Top%20rated");
    const first = await cardTitles(page).allTextContents();
    await page.goto("/classes?view=Top%20rated");
    await waitForHydration(page, testInfo.project.name);
    await expect(cardTitles(page)).toHaveText(first);
    await expectNoAxeViolations(page);
    const card = page.getByRole("link", { name: first[1], exact: true });
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
    });
    if (isJs(testInfo.project.name)) {
      // Hydrated cards are the app's links: hovering one fetches its page's data, a click opens it in place.
      const prefetched = page.waitForRequest((request) => request.url().includes(".data"));
      await card.hover();
      await prefetched;
    }
    await card.click();
    await expect(h1(page)).toHaveText(first[1]);
    expect(documents).toEqual(isJs(testInfo.project.name) ? [] : [new URL(page.url()).pathname]);
  });

  test("Load more opens the next page (no JavaScript)", async ({ page, request }, testInfo) => {
    test.skip(isJs(testInfo.project.name), "with JavaScript, Load more appends in place (previous test)");
    const all = await api<ProductPage>(request, "/api/getProducts?limit=100");
    await page.goto("/classes");
    await expect(resultCards(page)).toHaveCount(24);
    await expect(page.getByRole("link", { name: "Back to the first page" })).toHaveCount(0);

    await loadMore(page).click();
    await expect(page).toHaveURL(`/classes?cursor=${all.products[23].id}`);
    await expect(cardTitles(page)).toHaveText(all.products.slice(24, 48).map((p) => p.title));
    await expect(page.getByRole("link", { name: "Back to the first page" })).toBeVisible();

    await loadMore(page).click();
    await expect(page).toHaveURL(/cursor=/);
    await expect(cardTitles(page)).toHaveText(all.products.slice(48).map((p) => p.title));
    await expect(loadMore(page)).toHaveCount(0);
    await expect(page.getByText("You've reached the end of the list.")).toBeVisible();

    await page.getByRole("link", { name: "Back to the first page" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/classes" && !url.searchParams.has("cursor"));
    await expect(cardTitles(page)).toHaveText(all.products.slice(0, 24).map((p) => p.title));
  });

  test("a malformed or unknown cursor shows the 400 page", async ({ page, problems }) => {
    problems.allowStatus(400);
    const response = await page.goto("/classes?cursor=nope");
    expect(response?.status()).toBe(400);
    await expect(h1(page)).toHaveText("This page of results isn't available");
    await expect(page.getByRole("main").getByRole("link", { name: "Explore classes" })).toHaveAttribute(
      "href",
      "/classes",
    );
    await expectNoAxeViolations(page);

    const unknown = await page.goto("/classes?cursor=00000000-0000-4000-8000-000000000000");
    expect(unknown?.status()).toBe(400);
    await expect(h1(page)).toHaveText("This page of results isn't available");
  });

  test("on a phone the filters fold away, even with filters on, and open from their summary", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/classes?category=Guitar");
    const summary = page.locator("summary", { hasText: "Filters" });
    await expect(summary).toHaveText("Filters · 1 on");
    await expect(page.getByRole("combobox", { name: "Category" })).toBeHidden();
    // The first class is on the first screen, not below the whole filter panel.
    const first = resultCards(page).first();
    await expect(first).toBeVisible();
    expect((await first.boundingBox())!.y).toBeLessThan(844);
    // A native disclosure: it opens without JavaScript, by keyboard too.
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("Guitar");
    await expectNoAxeViolations(page);
  });

  test("the filter form's search field; a search with no matches says so", async ({ page }) => {
    await page.goto("/classes?view=Top%20rated");
    await page.getByRole("searchbox", { name: "Search", exact: true }).fill("zzzqqqxxyy");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(
      (url) => url.searchParams.get("search") === "zzzqqqxxyy" && url.searchParams.get("view") === "Top rated",
    );
    await expect(page.getByRole("status").filter({ hasText: "match" })).toHaveText("0 classes match “zzzqqqxxyy”");
    await expect(page.getByRole("heading", { name: "No classes match" })).toBeVisible();
    await expect(resultCards(page)).toHaveCount(0);
  });
});
