import { env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browseClasses, mostPopular, newReleases } from "~/features/catalog/catalog.server";
import { getCollection, listCollections } from "~/features/catalog/collections.server";
import {
  CursorNotFoundError,
  countProducts,
  getProductDetail,
  listProducts,
  newReleasesSince,
  type ProductSummary,
} from "~/features/catalog/products.server";
import { cached } from "~/platform/cache.server";
import { classCount, testApp } from "./app-context";

const isSortedDesc = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1] >= v);

describe("the demo catalogue", () => {
  it("has at least 40 classes by 12 creators in 8 categories", async () => {
    const stats = await env.DB.prepare(
      "SELECT count(*) AS classes, count(DISTINCT creator_id) AS creators, count(DISTINCT category) AS categories FROM products WHERE kind = 'class'",
    ).first<{ classes: number; creators: number; categories: number }>();
    expect(stats!.classes).toBeGreaterThanOrEqual(40);
    expect(stats!.creators).toBeGreaterThanOrEqual(12);
    expect(stats!.categories).toBeGreaterThanOrEqual(8);
    const lessons = await env.DB.prepare(
      "SELECT min(n) AS least, max(n) AS most FROM (SELECT count(*) AS n FROM lessons GROUP BY product_id)",
    ).first<{ least: number; most: number }>();
    expect(lessons!.least).toBeGreaterThanOrEqual(4);
    expect(lessons!.most).toBeLessThanOrEqual(12);
  });
});

describe("listProducts", () => {
  const app = testApp();

  it("walks every class exactly once with keyset pagination, most popular first", async () => {
    const seen: ProductSummary[] = [];
    let cursor: string | null = null;
    do {
      const page = await listProducts(app.db, { order: "popular", filters: {}, limit: 7, cursor });
      expect(page.products.length).toBeLessThanOrEqual(7);
      seen.push(...page.products);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.length).toBe(await classCount());
    expect(new Set(seen.map((p) => p.id)).size).toBe(seen.length);
    expect(isSortedDesc(seen.map((p) => p.popularity))).toBe(true);
    expect(seen.every((p) => p.kind === "class")).toBe(true);
  });

  it("lists new releases newest first, within the window", async () => {
    const since = newReleasesSince(Date.now());
    const page = await listProducts(app.db, { order: "new", filters: { releasedSince: since }, limit: 100 });
    expect(page.products.length).toBeGreaterThan(0);
    expect(page.products.every((p) => Date.parse(p.releasedAt) >= since)).toBe(true);
    expect(isSortedDesc(page.products.map((p) => Date.parse(p.releasedAt)))).toBe(true);
    expect(await countProducts(app.db, { releasedSince: since })).toBe(page.products.length);
  });

  it("lists top rated classes by weighted rating, leaving out unrated ones", async () => {
    const page = await listProducts(app.db, { order: "rating", filters: { rated: true }, limit: 100 });
    expect(page.products.every((p) => p.rating.count > 0)).toBe(true);
    const scores = await env.DB.prepare(
      `SELECT id, rating_score AS s FROM products WHERE id IN (${page.products.map(() => "?").join(",")})`,
    )
      .bind(...page.products.map((p) => p.id))
      .all<{ id: string; s: number }>();
    const scoreOf = new Map(scores.results.map((r) => [r.id, r.s]));
    expect(isSortedDesc(page.products.map((p) => scoreOf.get(p.id)!))).toBe(true);
    const unrated = await env.DB.prepare(
      "SELECT count(*) AS n FROM products WHERE kind = 'class' AND rating_count = 0",
    ).first<{ n: number }>();
    expect(page.products.length).toBe((await classCount()) - unrated!.n);
  });

  it("filters by category, topics and genres", async () => {
    const guitar = await listProducts(app.db, { order: "popular", filters: { categories: ["Guitar"] }, limit: 100 });
    expect(guitar.products.length).toBeGreaterThanOrEqual(3);
    expect(guitar.products.every((p) => p.category === "Guitar")).toBe(true);
    expect(await countProducts(app.db, { categories: ["Guitar"] })).toBe(guitar.products.length);

    const tag = await env.DB.prepare(
      "SELECT value FROM product_tags WHERE kind = 'genre' GROUP BY value ORDER BY count(*) DESC LIMIT 1",
    ).first<{ value: string }>();
    const byGenre = await listProducts(app.db, { order: "popular", filters: { genres: [tag!.value] }, limit: 100 });
    expect(byGenre.products.length).toBeGreaterThan(0);
    for (const summary of byGenre.products) {
      const detail = await getProductDetail(app.db, { id: summary.id });
      expect(detail!.genres).toContain(tag!.value);
    }
    expect(await countProducts(app.db, { topics: ["no such topic"] })).toBe(0);
  });

  it("searches titles, taglines, creators and descriptions with FTS5", async () => {
    const page = await listProducts(app.db, { order: "popular", filters: { search: "guitar" }, limit: 100 });
    expect(page.products.length).toBeGreaterThan(0);
    for (const summary of page.products) {
      const detail = await getProductDetail(app.db, { id: summary.id });
      const text = [detail!.title, detail!.tagline, detail!.creatorName, detail!.category, detail!.description]
        .join(" ")
        .toLowerCase();
      expect(text).toContain("guitar");
    }
  });

  it("treats search syntax as plain words and matches nothing for nothing searchable", async () => {
    await expect(
      listProducts(app.db, { order: "popular", filters: { search: '"unbalanced OR (' }, limit: 5 }),
    ).resolves.toBeDefined();
    expect((await listProducts(app.db, { order: "popular", filters: { search: "***" }, limit: 5 })).products).toEqual(
      [],
    );
  });

  it("rejects a cursor that is not a product", async () => {
    await expect(
      listProducts(app.db, { order: "popular", filters: {}, limit: 5, cursor: "00000000-0000-4000-8000-000000000000" }),
    ).rejects.toBeInstanceOf(CursorNotFoundError);
  });
});

describe("products and collections", () => {
  const app = testApp();

  it("reads a class with its lessons in order, its tags and its creator", async () => {
    const first = (await listProducts(app.db, { order: "popular", filters: {}, limit: 1 })).products[0];
    const bySlug = await getProductDetail(app.db, { classSlug: first.classSlug, storefrontSlug: first.storefrontSlug });
    expect(bySlug!.id).toBe(first.id);
    expect(bySlug!.lessons.map((l) => l.position)).toEqual(
      [...bySlug!.lessons.map((l) => l.position)].sort((a, b) => a - b),
    );
    expect(bySlug!.lessons.reduce((s, l) => s + l.durationSeconds, 0)).toBe(bySlug!.totalSeconds);
    expect(bySlug!.creator.storefrontSlug).toBe(first.storefrontSlug);
    expect(await getProductDetail(app.db, { classSlug: first.classSlug, storefrontSlug: "nobody" })).toBeNull();
  });

  it("lists collections without schools, and finds the music school", async () => {
    const collections = await listCollections(app.db);
    expect(collections.length).toBeGreaterThanOrEqual(5);
    expect(collections.some((c) => c.programType === "school")).toBe(false);
    const school = await getCollection(app.db, "music", "school");
    expect(school!.programType).toBe("school");
    expect(school!.classes.length).toBeGreaterThan(0);
    expect(school!.totalValuePriceInCents).toBe(
      school!.classes.reduce((s, c) => s + (c.priceInfo.crossedPrice ?? c.priceInfo.price), 0),
    );
    expect(await getCollection(app.db, "music", "collection")).toBeNull();
  });

  it("has a subscription product that browse lists leave out", async () => {
    const sub = await env.DB.prepare("SELECT id, subscription_slug FROM products WHERE kind = 'subscription'").first<{
      id: string;
      subscription_slug: string;
    }>();
    expect(sub!.subscription_slug).not.toBe("");
    const detail = await getProductDetail(app.db, { id: sub!.id });
    expect(detail!.subscriptionSlug).toBe(sub!.subscription_slug);
  });
});

describe("the KV cache", () => {
  it("serves a list from KV after the first read, written after the response", async () => {
    const app = testApp();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cached(app, "test:cache", load)).toBe(1);
    await waitOnExecutionContext(app.ctx);
    expect(await cached(testApp(), "test:cache", load)).toBe(1);
    expect(loads).toBe(1);
  });

  it("gives the same answers through the cache as from D1", async () => {
    const app = testApp();
    const first = await browseClasses(app, { view: "All classes", categories: ["Piano"] });
    await waitOnExecutionContext(app.ctx);
    const again = await browseClasses(testApp(), { view: "All classes", categories: ["Piano"] });
    expect(again).toEqual(first);
    expect(first.count).toBe(first.products.length);
    const home = await mostPopular(testApp(), { isForHomepage: true });
    expect(home.products.length).toBe(8);
    const fresh = await newReleases(testApp(), { isForHomepage: false, limit: 3 });
    expect(fresh.products.length).toBeLessThanOrEqual(3);
  });
});

describe("search index upkeep", () => {
  it("finds a class by its creator's new name after a rename", async () => {
    const app = testApp();
    const creator = (await env.DB.prepare(
      "SELECT id, storefront_slug FROM creators WHERE storefront_slug <> 'studio' LIMIT 1",
    ).first<{ id: string; storefront_slug: string }>())!;
    await env.DB.prepare("UPDATE creators SET name = 'Zephyrine Quillfeather' WHERE id = ?").bind(creator.id).run();
    const page = await listProducts(app.db, { order: "popular", filters: { search: "Quillfeather" }, limit: 50 });
    expect(page.products.length).toBeGreaterThan(0);
    expect(page.products.every((p) => p.storefrontSlug === creator.storefront_slug)).toBe(true);
  });
});
