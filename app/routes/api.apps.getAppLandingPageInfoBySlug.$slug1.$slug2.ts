import { z } from "zod";
import { appBySlugs, isOwnerOrAdmin, slugPair } from "~/features/apps/apps.server";
import { publishedLandingPage } from "~/features/apps/creator-apps.server";
import { apiLoader, jsonError } from "~/http/api.server";

/** GET /api/apps/getAppLandingPageInfoBySlug/{slug1}/{slug2}: the owner gets the draft; the public the published one, or 404. */
export const loader = apiLoader(z.object({}), async ({ app, params, visitor }) => {
  const { s1, s2 } = slugPair(params);
  const row = await appBySlugs(app, s1, s2);
  const user = row ? (await visitor()).user : null;
  if (row && isOwnerOrAdmin(user, row.ownerId)) return { response: row.landingPage, landingPageInfo: row.landingPage };
  const page = publishedLandingPage(row);
  if (!page) return jsonError(404, "Landing page not found");
  return { response: page, landingPageInfo: page };
});
