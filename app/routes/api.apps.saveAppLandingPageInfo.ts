import { saveLandingPageInfoAction } from "~/features/builder/api.server";
import { methodNotAllowed } from "~/platform/api.server";

/** POST /api/apps/saveAppLandingPageInfo (auth): see features/builder/api.server.ts. */
export const action = saveLandingPageInfoAction;
export const loader = methodNotAllowed;
