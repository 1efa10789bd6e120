import { z } from "zod";
import { appBySlugs, slugPair } from "~/features/apps/apps.server";
import { publishedLandingPage } from "~/features/apps/creator-apps.server";
import { apiLoader, jsonError } from "~/http/api.server";

/** GET /api/apps/getPublishedLandingPageInfo/{slug1}/{slug2}: the published landing page, 404 when absent or pending. */
export const loader = apiLoader(z.object({}), async ({ app, params }) => {
  const { s1, s2 } = slugPair(params);
  const page = publishedLandingPage(await appBySlugs(app, s1, s2));
  if (!page) return jsonError(404, "Landing page not found");
  return { response: page, landingPageInfo: page };
});
