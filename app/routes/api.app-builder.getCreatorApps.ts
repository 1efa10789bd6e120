import { getCreatorApps } from "~/features/apps/api.server";

/** GET /api/app-builder/getCreatorApps?with_landing_page_info&published_only&asUserEmail&asUserId (asUser*: admins) → {response: {apps}}. */
export const loader = getCreatorApps;
