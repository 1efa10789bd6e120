import { z } from "zod";
import { appBySlugs, isOwnerOrAdmin, slugPair } from "~/features/apps/apps.server";
import { ownerAppJson, publicAppJson, publishedLandingPage } from "~/features/apps/creator-apps.server";
import { apiLoader, jsonError } from "~/http/api.server";

/** GET /api/apps/getAppBySlug/{slug1}/{slug2} → {app}: everything for its owner, public fields for others, 404 for an app the public cannot see. */
export const loader = apiLoader(z.object({}), async ({ app, params, visitor }) => {
  const { s1, s2 } = slugPair(params);
  const row = await appBySlugs(app, s1, s2);
  const user = row ? (await visitor()).user : null;
  if (row && isOwnerOrAdmin(user, row.ownerId)) return { app: ownerAppJson(row) };
  if (!row || !publishedLandingPage(row)) return jsonError(404, "App not found");
  return { app: publicAppJson(row, { withLandingPage: true }) };
});
