import { restoreLandingAction } from "~/features/builder/api.server";
import { methodNotAllowed } from "~/platform/api.server";

/** POST /api/app-builder/restoreLandingPageVersion {appId, versionId} (auth). */
export const action = restoreLandingAction;
export const loader = methodNotAllowed;
