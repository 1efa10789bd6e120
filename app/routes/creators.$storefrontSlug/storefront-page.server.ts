/**
 * /creators/{storefrontSlug}: the storefront from features/storefronts, this visitor's prices on the
 * class cards, the Get Started and Log In links for visitors, and the share modal's state (?share=1).
 */
import { toCard } from "~/features/catalog/card";
import { parseQuery } from "~/features/catalog/schema";
import { authHref } from "~/features/identity/modal";
import { storefrontPath, withShareParam } from "~/features/storefronts/rules";
import { storefrontQuery } from "~/features/storefronts/schema";
import { storefrontPage } from "~/features/storefronts/storefronts.server";
import { readOffers, withOfferCookies } from "~/http/offers.server";
import { visitorOf } from "~/http/visitor.server";
import type { AppContext } from "~/platform/context";
import { notFound } from "~/platform/http.server";
import { ServiceError } from "~/platform/service-error";

export async function loadStorefrontPage(app: AppContext, request: Request, storefrontSlug: string) {
  const url = new URL(request.url);
  const parsed = parseQuery(storefrontQuery, url);
  const query = parsed.success ? parsed.data : { cursor: undefined, share: false };
  const { user } = await visitorOf(app, request);
  const offers = readOffers(app, request, user);
  const page = await storefrontPage(app, { storefrontSlug, cursor: query.cursor }).catch((error: unknown) => {
    if (error instanceof ServiceError && error.failure === "not-found") notFound(error.message);
    throw error;
  });
  const path = storefrontPath(page.creator.storefrontSlug);
  // The auth links and the share modal's controls keep the page as it is (its cursor), the share modal closed.
  const here = withShareParam(url.pathname + url.search, false);
  return withOfferCookies(offers, {
    creator: page.creator,
    classes: offers.priced(page.classes.map(toCard)),
    nextCursor: page.nextCursor,
    classCount: page.classCount,
    cursor: page.cursor,
    cursorGone: page.cursorGone,
    collections: page.collections,
    apps: page.apps,
    path,
    canonical: `${url.origin}${path}`,
    productName: app.env.PRODUCT_NAME,
    visitor: user ? null : { getStartedHref: authHref(here, "Email"), logInHref: authHref(here, "Login") },
    share: { open: query.share, openHref: withShareParam(here, true), closeHref: here },
  });
}

export type StorefrontPageData = Awaited<ReturnType<typeof loadStorefrontPage>>["data"];
