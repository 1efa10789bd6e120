import { getAllApps } from "~/features/apps/api.server";

/** GET /api/apps/getAllApps?with_landing_page_info=true&should_include_unpublished=true (unpublished: admins only) → {response: [...]}. */
export const loader = getAllApps;
