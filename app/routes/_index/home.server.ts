/** Everything the home page shows, gathered in parallel; lists come through the catalogue's KV cache. */
import { toCard } from "~/features/catalog/card";
import { featuredChallenge } from "~/features/challenges/challenges.server";
import { mostPopular, newReleases } from "~/features/catalog/catalog.server";
import { BANNER_FLAG, bannerFromFlag } from "~/features/flags/banner";
import { getFlag } from "~/features/flags/flags.server";
import { homeCta } from "~/features/home/cta";
import { heroData } from "~/features/home/hero";
import { homeFacts } from "~/features/home/home.server";
import { isActiveMember } from "~/features/subscriptions/rules";
import { readOffers, withOfferCookies } from "~/http/offers.server";
import { sessionUserOf } from "~/http/session.server";
import type { AppContext } from "~/platform/context";

export async function loadHome(app: AppContext, request: Request) {
  const [user, flag, popular, fresh, [categories, priceFacts], challenge] = await Promise.all([
    sessionUserOf(app, request),
    getFlag(app, BANNER_FLAG),
    mostPopular(app, { isForHomepage: true }),
    newReleases(app, { isForHomepage: true }),
    homeFacts(app),
    featuredChallenge(app),
  ]);
  const offers = readOffers(app, request, user);
  return withOfferCookies(offers, {
    hero: heroData(app.env.PRODUCT_NAME, priceFacts),
    cta: homeCta({ isActiveMember: isActiveMember(user) }),
    banner: bannerFromFlag(flag, app.now),
    categories,
    popular: offers.priced(popular.products.map(toCard)),
    newReleases: offers.priced(fresh.products.map(toCard)),
    challenge,
    now: app.now,
  });
}
