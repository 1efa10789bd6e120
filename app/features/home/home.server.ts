/** Everything the home page shows, gathered in parallel; lists come through the catalogue's KV cache. */
import { sql } from "drizzle-orm";
import { toCard } from "~/features/catalog/card";
import { currentUser } from "~/features/identity/sessions.server";
import { readOffers, withOfferCookies } from "~/http/offers.server";
import { isActiveMember } from "~/features/subscriptions/rules";
import { mostPopular, newReleases } from "~/features/catalog/catalog.server";
import { getFlag } from "~/features/flags/flags.server";
import { cacheKey, cached } from "~/platform/cache.server";
import type { AppContext } from "~/platform/context";
import { BANNER_FLAG, bannerFromFlag } from "~/features/flags/banner";
import { homeCta } from "./cta";
import { heroData } from "./hero";

export interface CategoryPreview {
  name: string;
  count: number;
  coverUrl: string;
}

/** Each category with its class count and the cover of its most popular class. */
async function categoryPreviews(app: AppContext): Promise<CategoryPreview[]> {
  // One indexed lookup per category (kind, category, popularity) instead of a window over every class.
  const { results } = await app.bindings.DB.prepare(
    `SELECT c.category AS name, c.count AS count,
            (SELECT p.cover_url FROM products p WHERE p.kind = 'class' AND p.category = c.category ORDER BY p.popularity DESC, p.id DESC LIMIT 1) AS coverUrl
     FROM (SELECT category, count(*) AS count FROM products WHERE kind = 'class' GROUP BY category) c
     ORDER BY c.count DESC, c.category`,
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

export async function loadHome(app: AppContext, request: Request) {
  const [user, flag, popular, fresh, categories, priceFacts] = await Promise.all([
    currentUser(app, request),
    getFlag(app, BANNER_FLAG),
    mostPopular(app, { isForHomepage: true }),
    newReleases(app, { isForHomepage: true }),
    cached(app, cacheKey("home-categories", {}), () => categoryPreviews(app)),
    cached(app, cacheKey("home-prices", {}), () => prices(app)),
  ]);
  const offers = readOffers(app, request, user);
  return withOfferCookies(offers, {
    hero: heroData(app.env.PRODUCT_NAME, priceFacts),
    cta: homeCta({ isActiveMember: isActiveMember(user) }),
    banner: bannerFromFlag(flag, app.now),
    categories,
    popular: offers.priced(popular.products.map(toCard)),
    newReleases: offers.priced(fresh.products.map(toCard)),
    now: app.now,
  });
}
