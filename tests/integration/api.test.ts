import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, classCount } from "./app-context";

async function json(path: string, init?: RequestInit) {
  const response = await call(path, init);
  return { status: response.status, body: (await response.json()) as any, headers: response.headers };
}

async function anyClass() {
  return (await env.DB.prepare(
    "SELECT id, class_slug, storefront_slug FROM products WHERE kind = 'class' ORDER BY popularity DESC LIMIT 1",
  ).first<{ id: string; class_slug: string; storefront_slug: string }>())!;
}

describe("GET /api/up", () => {
  it("answers up 'yes'", async () => {
    const { status, body } = await json("/api/up");
    expect(status).toBe(200);
    expect(body).toEqual({ up: "yes" });
  });
  it("refuses other methods", async () => {
    expect((await call("/api/up", { method: "POST" })).status).toBe(405);
  });
});

describe("GET /api/getProducts", () => {
  it("pages through every class with lastProductId", async () => {
    const ids = new Set<string>();
    let cursor = "";
    for (let i = 0; i < 50; i++) {
      const { status, body } = await json(`/api/getProducts?limit=10${cursor ? `&lastProductId=${cursor}` : ""}`);
      expect(status).toBe(200);
      for (const p of body.products) ids.add(p.id);
      if (!body.hasMore) break;
      cursor = body.lastProductId;
    }
    expect(ids.size).toBe(await classCount());
  });

  it("filters by categories, topics and genres as comma lists", async () => {
    const { body } = await json("/api/getProducts?categories=Guitar,Piano&limit=100");
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.every((p: any) => ["Guitar", "Piano"].includes(p.category))).toBe(true);
    expect(body.count).toBe(body.products.length);
    const genre = (await env.DB.prepare("SELECT value FROM product_tags WHERE kind = 'genre' LIMIT 1").first<{
      value: string;
    }>())!.value;
    const byGenre = await json(`/api/getProducts?genres=${encodeURIComponent(genre)},Nonexistent&limit=100`);
    expect(byGenre.body.products.length).toBeGreaterThan(0);
    const none = await json("/api/getProducts?topics=nothing-like-this");
    expect(none.body).toMatchObject({ products: [], count: 0, hasMore: false, lastProductId: null });
  });

  it("gives prices in cents with the product's fields", async () => {
    const { body } = await json("/api/getProducts?limit=1");
    const [product] = body.products;
    expect(product).toMatchObject({
      id: expect.any(String),
      productId: product.id,
      title: expect.any(String),
      classSlug: expect.any(String),
      storefrontSlug: expect.any(String),
      creatorName: expect.any(String),
      subscriptionSlug: "",
      isCollection: false,
    });
    expect(Number.isInteger(product.priceInfo.price)).toBe(true);
  });

  it.each([
    ["limit=0", "limit must be a whole number from 1 to 100"],
    ["limit=101", "limit must be a whole number from 1 to 100"],
    ["limit=ten", "limit must be a whole number from 1 to 100"],
    ["limit=2.5", "limit must be a whole number from 1 to 100"],
    ["lastProductId=not-an-id", "lastProductId must be a product id (a UUID)"],
    ["topics=a,b,c,d,e,f,g,h,i,j,k", "topics takes at most 10 values"],
  ])("rejects %s with a 400 and a clear error", async (query, message) => {
    const { status, body } = await json(`/api/getProducts?${query}`);
    expect(status).toBe(400);
    expect(body.error).toBe(message);
  });

  it("answers 404 for a cursor that is not a product", async () => {
    const { status, body } = await json("/api/getProducts?lastProductId=00000000-0000-4000-8000-000000000000");
    expect(status).toBe(404);
    expect(body.error).toMatch(/does not match any product/);
  });

  it("accepts the User-Browser-Timezone header, real or not", async () => {
    for (const zone of ["Europe/Paris", "Not/AZone"]) {
      const response = await call("/api/getProducts?limit=2", { headers: { "User-Browser-Timezone": zone } });
      expect(response.status).toBe(200);
    }
  });
});

describe("GET /api/getMostPopularProducts and /api/getNewReleasesProducts", () => {
  it("gives 8 for the home page and sorts as named", async () => {
    const popular = await json("/api/getMostPopularProducts?isForHomepage=true");
    expect(popular.status).toBe(200);
    expect(popular.body.products).toHaveLength(8);
    const counts = popular.body.products.map((p: any) => p.popularity);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));

    const fresh = await json("/api/getNewReleasesProducts?isForHomepage=1&limit=5");
    expect(fresh.body.products.length).toBeGreaterThan(0);
    expect(fresh.body.products.length).toBeLessThanOrEqual(5);
    const dates = fresh.body.products.map((p: any) => Date.parse(p.releasedAt));
    expect(dates).toEqual([...dates].sort((a: number, b: number) => b - a));
  });

  it("continues after lastProductId without repeating", async () => {
    const first = await json("/api/getMostPopularProducts?limit=4");
    const next = await json(`/api/getMostPopularProducts?limit=4&lastProductId=${first.body.lastProductId}`);
    const overlap = next.body.products.filter((p: any) => first.body.products.some((q: any) => q.id === p.id));
    expect(overlap).toEqual([]);
  });

  it("rejects bad parameters", async () => {
    expect((await json("/api/getMostPopularProducts?isForHomepage=maybe")).status).toBe(400);
    expect((await json("/api/getNewReleasesProducts?limit=500")).status).toBe(400);
    expect((await json("/api/getNewReleasesProducts?lastProductId=123")).status).toBe(400);
    expect((await json("/api/getNewReleasesProducts?lastProductId=00000000-0000-4000-8000-000000000000")).status).toBe(
      404,
    );
  });
});

describe("GET /api/getProduct and /api/getProductWithClassSlug", () => {
  it("finds a product by id and by slugs, with lessons", async () => {
    const row = await anyClass();
    const byId = await json(`/api/getProduct?id=${row.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.product.id).toBe(row.id);
    expect(byId.body.product.lessons.length).toBeGreaterThanOrEqual(4);
    const bySlug = await json(
      `/api/getProductWithClassSlug?class_slug=${row.class_slug}&storefront_slug=${row.storefront_slug}`,
    );
    expect(bySlug.body.product.id).toBe(row.id);
    const slugOnly = await json(`/api/getProductWithClassSlug?class_slug=${row.class_slug}`);
    expect(slugOnly.status).toBe(200);
  });

  it("answers 400 for malformed input and 404 for unknown products", async () => {
    expect((await json("/api/getProduct")).body.error).toBe("id is required");
    expect((await json("/api/getProduct?id=42")).body.error).toBe("id must be a product id (a UUID)");
    expect((await json("/api/getProduct?id=00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await json("/api/getProductWithClassSlug")).body.error).toBe("class_slug is required");
    expect((await json("/api/getProductWithClassSlug?class_slug=no-such-class")).status).toBe(404);
  });
});

describe("collections", () => {
  it("lists collections with schools dropped", async () => {
    const { status, body } = await json("/api/getAllProductCollections");
    expect(status).toBe(200);
    expect(body.collections.length).toBeGreaterThanOrEqual(5);
    expect(body.collections.every((c: any) => c.programType !== "school" && c.isCollection === true)).toBe(true);
  });

  it("finds one by slug, schools included", async () => {
    const { body: list } = await json("/api/getAllProductCollections");
    const one = await json(`/api/getProductCollectionWithSlug?slug=${list.collections[0].slug}`);
    expect(one.body.collection.classes.length).toBe(list.collections[0].classCount);
    const school = await json("/api/getProductCollectionWithSlug?slug=music");
    expect(school.body.collection.programType).toBe("school");
    expect((await json("/api/getProductCollectionWithSlug")).status).toBe(400);
    expect((await json("/api/getProductCollectionWithSlug?slug=nope")).status).toBe(404);
  });
});

describe("pages and route rules", () => {
  it("renders the catalogue screens", async () => {
    const row = await anyClass();
    for (const path of [
      "/",
      "/classes",
      "/classes?view=new%20RELEASES",
      "/classes?view=Collections",
      `/classes/${row.storefront_slug}/${row.class_slug}`,
      "/school/music",
      "/terms",
      "/privacy",
    ]) {
      const response = await call(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/html");
    }
  });

  it("answers unknown pages and slugs with the 404 page", async () => {
    for (const path of [
      "/404",
      "/no/such/page",
      "/classes/nobody/nothing",
      "/collections/nothing",
      "/schools/nothing",
      "/schools/music-nope",
    ]) {
      const response = await call(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain("find that page");
    }
  });

  it("answers a broken results cursor with a 400 page, not a 500", async () => {
    expect((await call("/classes?cursor=nope")).status).toBe(400);
    expect((await call("/classes?cursor=00000000-0000-4000-8000-000000000000")).status).toBe(400);
  });

  it("applies the global route rules", async () => {
    const oauth = await call("/classes?code=abc&state=def");
    expect(oauth.status).toBe(302);
    expect(oauth.headers.get("location")).toBe("/auth/callback?code=abc&state=def");
    const plus = await call("/classes/a%2Bb");
    expect(plus.headers.get("location")).toBe("/classes/a+b");
  });
});

describe("toasts and theme", () => {
  it("carries a toast through a redirect in a flash cookie, shown once", async () => {
    const body = new URLSearchParams({ kind: "success", title: "Saved after a redirect" });
    const posted = await call("/dev/kit", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(posted.status).toBe(303);
    const cookie = posted.headers.get("set-cookie")!.split(";")[0];
    const shown = await call("/classes", { headers: { Cookie: cookie } });
    expect(await shown.text()).toContain("Saved after a redirect");
    expect(shown.headers.get("set-cookie")).toMatch(/studio_toast=;.*Max-Age=0/i);
  });

  it("rejects a toast without a title and sets nothing", async () => {
    const posted = await call("/dev/kit", {
      method: "POST",
      body: new URLSearchParams({ kind: "success" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(posted.status).toBe(400);
    expect(posted.headers.get("set-cookie") ?? "").not.toContain("studio_toast=");
  });

  it("switches the theme with a form post and a 303, and refuses an unknown theme", async () => {
    const form = (theme: string) =>
      call("/theme", {
        method: "POST",
        body: new URLSearchParams({ theme, redirectTo: "/classes" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
    const dark = await form("dark");
    expect(dark.status).toBe(303);
    expect(dark.headers.get("location")).toBe("/classes");
    const page = await call("/classes", { headers: { Cookie: dark.headers.get("set-cookie")!.split(";")[0] } });
    expect(await page.text()).toContain('data-theme="dark"');
    expect((await form("neon")).status).toBe(400);
  });

  it("never redirects the theme switch off the site", async () => {
    const posted = await call("/theme", {
      method: "POST",
      body: new URLSearchParams({ theme: "dark", redirectTo: "//evil.example/" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(posted.headers.get("location")).toBe("/");
  });
});
