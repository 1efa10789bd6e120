import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "~/db/schema";
import { apiFlag } from "~/features/apps/schema";
import { creatorApps, ownerAppJson } from "~/features/apps/creator-apps.server";
import { jsonError, signedInLoader } from "~/http/api.server";

/** GET /api/app-builder/getCreatorApps?with_landing_page_info&published_only&asUserEmail&asUserId → {response: {apps}}; asUser* for admins only. */
export const loader = signedInLoader(
  z.object({
    with_landing_page_info: apiFlag,
    published_only: apiFlag,
    asUserEmail: z.string().trim().toLowerCase().max(320).optional(),
    asUserId: z.string().trim().max(100).optional(),
  }),
  async ({ input, app, user }) => {
    let ownerId = user.id;
    if (input.asUserEmail || input.asUserId) {
      if (!user.isAdmin) return jsonError(403, "Only admins may view another creator's apps");
      const other = await app.db
        .select({ id: users.id })
        .from(users)
        .where(input.asUserId ? eq(users.id, input.asUserId) : eq(users.email, input.asUserEmail!))
        .get();
      if (!other) return jsonError(404, "User not found");
      ownerId = other.id;
    }
    try {
      const rows = await creatorApps(app, ownerId, { publishedOnly: input.published_only });
      return {
        response: { apps: rows.map((row) => ownerAppJson(row, { withLandingPage: input.with_landing_page_info })) },
      };
    } catch (error) {
      console.error("apps: getCreatorApps failed", error);
      return { response: { apps: [] } };
    }
  },
);
