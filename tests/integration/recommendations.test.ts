// 'You might also like' (features/cart/recommendations.server.ts) against real D1: the order of its
// three sources, what it never offers, and that no source walks the catalogue to find its few classes.
import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import { checkoutSessions, purchases } from "~/db/schema";
import {
  RECOMMENDATION_LIMIT,
  recommendationQueries,
  recommendationRanking,
  recommendations,
  recommendationSources,
} from "~/features/cart/recommendations.server";
import { classCount, testApp } from "./app-context";
import { signUp } from "./commerce-helpers";

type ClassRow = { id: string; category: string };

/** Every class, most popular first (the order the fallbacks rank by). */
let byPopularity: ClassRow[] = [];

beforeAll(async () => {
  const { results } = await env.DB.prepare(
    "SELECT id, category FROM products WHERE kind = 'class' ORDER BY popularity DESC, id DESC",
  ).all<ClassRow>();
  byPopularity = results;
});

/** `userId` bought `productIds` in one completed checkout (refunded when asked). */
async function bought(userId: string, productIds: string[], { refunded = false } = {}) {
  const app = testApp();
  const checkoutId = crypto.randomUUID();
  await app.db.insert(checkoutSessions).values({
    id: checkoutId,
    userId,
    provider: "local",
    idempotencyKey: checkoutId,
    status: "complete",
    source: "cart",
    lines: [],
    subtotalCents: 0,
    totalCents: 0,
    paymentInfo: {},
    createdAt: app.now,
    completedAt: app.now,
  });
  await app.db.insert(purchases).values(
    productIds.map((productId) => ({
      id: crypto.randomUUID(),
      userId,
      productId,
      kind: "class" as const,
      checkoutSessionId: checkoutId,
      amountCents: 0,
      purchasedAt: app.now,
      refundedInfo: refunded ? { refundedAt: app.now, amountCents: 0, reason: "test" } : null,
    })),
  );
}

const buyer = async (prefix: string) => (await signUp(prefix)).userId;

describe("recommendations", () => {
  it("offers what buyers of the cart also bought (most shared buyers first), then its category, then the most popular", async () => {
    const least = byPopularity.slice(-4);
    const [seed, twice, once, refundedOnly] = least;
    for (const prefix of ["reco-both-1", "reco-both-2"]) await bought(await buyer(prefix), [seed.id, twice.id]);
    await bought(await buyer("reco-once"), [seed.id, once.id]);
    // A refunded purchase says nothing about what goes together.
    await bought(await buyer("reco-refunded"), [seed.id, refundedOnly.id], { refunded: true });
    // The viewer owns the most popular class of the seed's category: never offered back.
    const viewer = await buyer("reco-viewer");
    const ownedOfCategory = byPopularity.find((c) => c.category === seed.category && c.id !== seed.id)!;
    await bought(viewer, [ownedOfCategory.id]);

    const limit = 8;
    const got = await recommendations(testApp(), { productIds: [seed.id], userId: viewer, limit });
    const left = new Set([seed.id, ownedOfCategory.id, twice.id, once.id]);
    const fallbacks = [
      ...byPopularity.filter((c) => c.category === seed.category && !left.has(c.id)),
      ...byPopularity.filter((c) => !left.has(c.id)),
    ].map((c) => c.id);
    const expected = [twice.id, once.id, ...new Set(fallbacks)].slice(0, limit);
    expect(got.map((p) => p.id)).toEqual(expected);
  });

  it("without a cart offers the most popular classes the user does not own, and leaves out what it is told to", async () => {
    const viewer = await buyer("reco-none");
    const [top, second, third] = byPopularity;
    await bought(viewer, [top.id]);
    const got = await recommendations(testApp(), { productIds: [], userId: viewer, excludeProductIds: [third.id] });
    expect(got.map((p) => p.id)).toEqual(
      byPopularity
        .filter((c) => c.id !== top.id && c.id !== third.id)
        .slice(0, 4)
        .map((c) => c.id),
    );
    expect(got.map((p) => p.id)).toContain(second.id);
  });

  it("reads a few rows per source, never the whole catalogue", async () => {
    const classes = await classCount();
    const viewer = await buyer("reco-rows");
    await bought(viewer, [byPopularity[1].id]);
    const seed = byPopularity[byPopularity.length - 1];
    await bought(await buyer("reco-rows-other"), [seed.id, byPopularity[2].id]);
    const rowsRead = async (args: Parameters<typeof recommendationSources>[1]) =>
      Promise.all(recommendationSources(env.DB, args).map(async (s) => (await s.all()).meta.rows_read));
    // Bought-with starts from the seeds' purchases (once it walked every class); without seeds the
    // category source stops at once (it walked every class looking for a category); popular reads the top.
    const unseeded = await rowsRead({ productIds: [], userId: viewer });
    for (const [source, rows] of unseeded.entries()) expect(rows, `source ${source}`).toBeLessThan(classes);
    const seeded = await rowsRead({ productIds: [seed.id], userId: viewer });
    expect(seeded[0]).toBeLessThan(classes);
    const all = await rowsRead({ productIds: [], userId: viewer, useAllPurchases: true });
    expect(all[0]).toBeLessThan(classes);
    // The ranking that picks among them (one statement, the sources as its subqueries) keeps each
    // source's limits: it reads what they read together and its few candidates, never more.
    const rowsReadBy = async (query: { toSQL(): { sql: string; params: unknown[] } }) => {
      const { sql: text, params } = query.toSQL();
      return (
        await env.DB.prepare(text)
          .bind(...params)
          .all()
      ).meta.rows_read;
    };
    for (const args of [
      { productIds: [], userId: viewer },
      { productIds: [seed.id], userId: viewer },
      { productIds: [], userId: viewer, useAllPurchases: true },
    ]) {
      const sources = (await rowsRead(args)).reduce((a, b) => a + b, 0);
      const ranking = await rowsReadBy(recommendationRanking(drizzle(env.DB), args));
      // Plus its candidates, each counted once more as they are ranked (at most twice the limit per source).
      expect(ranking).toBeLessThanOrEqual(sources + 3 * 2 * RECOMMENDATION_LIMIT);
      // The page's one statement: the ranking, then each pick's product and creator.
      const [summaries] = recommendationQueries(drizzle(env.DB), args);
      expect(await rowsReadBy(summaries)).toBeLessThanOrEqual(ranking + 2 * RECOMMENDATION_LIMIT);
    }
  });
});
