import { z } from "zod";
import { apiFlag } from "~/features/apps/schema";
import { allApps, publicAppJson } from "~/features/apps/creator-apps.server";
import { apiLoader } from "~/http/api.server";

/**
 * GET /api/apps/getAllApps?with_landing_page_info=true&should_include_unpublished=true → {response}.
 * Public; the unpublished are listed for admins only; landing page info only when asked.
 */
export const loader = apiLoader(
  z.object({ with_landing_page_info: apiFlag, should_include_unpublished: apiFlag }),
  async ({ input, app, visitor }) => {
    const user = input.should_include_unpublished ? (await visitor()).user : null;
    const includeUnpublished = input.should_include_unpublished && !!user?.isAdmin;
    try {
      const rows = await allApps(app, { includeUnpublished });
      return { response: rows.map((row) => publicAppJson(row, { withLandingPage: input.with_landing_page_info })) };
    } catch (error) {
      console.error("apps: getAllApps failed", error);
      return { response: [] };
    }
  },
);
