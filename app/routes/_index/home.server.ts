/** Everything the home page shows, gathered in parallel; lists come through the catalogue's KV cache. */
import { toCard } from "~/features/catalog/card";
import { featuredChallenge } from "~/features/challenges/challenges.server";
import { mostPopular, newReleases } from "~/features/catalog/catalog.server";
import { BANNER_FLAG, bannerFromFlag } from "~/features/flags/banner";
import { getFlag } from "~/features/flags/flags.server";
import { homeCta } from "~/features/home/cta";
import { HOME_HERO_EXPERIMENT } from "~/features/experiments/rules";
import { exposeVisitor } from "~/features/experiments/experiments.server";
import { HERO_FLAG, heroPayloadFromFlag } from "~/features/flags/hero";
import { heroData, heroView } from "~/features/home/hero";
import { homeFacts } from "~/features/home/home.server";
import { isActiveMember } from "~/features/subscriptions/rules";
import { readOffers, withOfferCookies } from "~/http/offers.server";
import { anonymousIdOf, requestAnonymousId } from "~/http/anonymous.server";
import { isPersonViewing } from "~/http/page-views.server";
import { sessionUserOf } from "~/http/session.server";
import type { AppContext } from "~/platform/context";

export async function loadHome(app: AppContext, request: Request) {
  const [user, flag, heroFlag, popular, fresh, [categories, priceFacts], challenge] = await Promise.all([
    sessionUserOf(app, request),
    getFlag(app, BANNER_FLAG),
    getFlag(app, HERO_FLAG),
    mostPopular(app, { isForHomepage: true }),
    newReleases(app, { isForHomepage: true }),
    homeFacts(app),
    featuredChallenge(app),
  ]);
  // The hero's A/B test: this visitor's variant (assigned on the server, so it works without
  // JavaScript); a first visit uses the anonymous id the root loader is giving this browser. A visitor
  // without a session usually gets their variant's shared copy instead: the worker assigns them and
  // this render, for nobody, is told the variant (http/shared-pages.server.ts).
  const exposure = await exposeVisitor(
    app,
    HOME_HERO_EXPERIMENT,
    () =>
      user
        ? { userId: user.id, anonymousId: anonymousIdOf(request) }
        : { userId: null, anonymousId: requestAnonymousId(app, request).anonymousId },
    { counted: isPersonViewing(request) },
  );
  const hero = heroData(app.env.PRODUCT_NAME, priceFacts, heroPayloadFromFlag(heroFlag));
  const offers = readOffers(app, request, user);
  return withOfferCookies(offers, {
    hero: heroView(hero, exposure?.variant ?? "A", app.now),
    cta: homeCta({ isActiveMember: isActiveMember(user) }),
    banner: bannerFromFlag(flag, app.now),
    categories,
    popular: offers.priced(popular.products.map(toCard)),
    newReleases: offers.priced(fresh.products.map(toCard)),
    challenge,
    now: app.now,
  });
}
