import { landingHistoryLoader } from "~/features/builder/api.server";
import { methodNotAllowed } from "~/platform/api.server";

/** GET /api/app-builder/getLandingPageVersionHistory?appId (auth). */
export const loader = landingHistoryLoader;
export const action = methodNotAllowed;
