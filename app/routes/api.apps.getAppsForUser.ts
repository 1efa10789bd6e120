import { z } from "zod";
import { creatorApps, ownerAppJson } from "~/features/apps/creator-apps.server";
import { signedInLoader } from "~/http/api.server";

/** GET /api/apps/getAppsForUser (auth) → {response: [...]}; any failure is an empty list (spec 8). */
export const loader = signedInLoader(z.object({}).passthrough(), async ({ app, user }) => {
  try {
    return { response: (await creatorApps(app, user.id)).map((row) => ownerAppJson(row)) };
  } catch (error) {
    console.error("apps: getAppsForUser failed", error);
    return { response: [] };
  }
});
