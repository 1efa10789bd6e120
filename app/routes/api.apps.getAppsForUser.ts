import { getAppsForUser } from "~/features/apps/api.server";

/** GET /api/apps/getAppsForUser (auth) → {response: [...]}, an empty list on failure. */
export const loader = getAppsForUser;
