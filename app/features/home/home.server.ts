/** Everything the home page shows, gathered in parallel; lists come through the catalogue's KV cache. */
import { sql } from "drizzle-orm";
import { mostPopular, newReleases } from "~/features/catalog/catalog.server";
import { getFlag } from "~/features/flags/flags.server";
import { cacheKey, cached } from "~/platform/cache.server";
import type { AppContext } from "~/platform/context";
import { BANNER_FLAG, bannerFromFlag } from "./banner";
import { homeCta } from "./cta";
import { heroData } from "./hero";

export interface CategoryPreview {
  name: string;
  count: number;
  coverUrl: string;
}

/** Each category with its class count and the cover of its most popular class. */
async function categoryPreviews(app: AppContext): Promise<CategoryPreview[]> {
  const { results } = await app.bindings.DB.prepare(
    `SELECT category AS name, count AS count, cover_url AS coverUrl FROM (
       SELECT category, cover_url, count(*) OVER (PARTITION BY category) AS count,
              row_number() OVER (PARTITION BY category ORDER BY popularity DESC, id DESC) AS rank
       FROM products WHERE kind = 'class')
     WHERE rank = 1 ORDER BY count DESC, name`,
  ).all<CategoryPreview>();
  return results;
}

async function prices(app: AppContext) {
  const row = await app.db.get<{ lowestClassCents: number | null; membershipCents: number | null }>(
    sql`SELECT (SELECT min(price_cents) FROM products WHERE kind = 'class') AS lowestClassCents,
               (SELECT min(price_cents) FROM products WHERE kind = 'subscription') AS membershipCents`,
  );
  return row ?? { lowestClassCents: null, membershipCents: null };
}

export async function loadHome(app: AppContext, viewer: { isActiveMember: boolean }) {
  const [flag, popular, fresh, categories, priceFacts] = await Promise.all([
    getFlag(app, BANNER_FLAG),
    mostPopular(app, { isForHomepage: true }),
    newReleases(app, { isForHomepage: true }),
    cached(app, cacheKey("home-categories", {}), () => categoryPreviews(app)),
    cached(app, cacheKey("home-prices", {}), () => prices(app)),
  ]);
  return {
    hero: heroData(app.env.PRODUCT_NAME, priceFacts),
    cta: homeCta(viewer),
    banner: bannerFromFlag(flag, app.now),
    categories,
    popular: popular.products,
    newReleases: fresh.products,
    now: app.now,
  };
}
