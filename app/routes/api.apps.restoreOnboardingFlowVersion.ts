import { restoreFlowAction } from "~/features/builder/api.server";
import { methodNotAllowed } from "~/platform/api.server";

/** POST /api/apps/restoreOnboardingFlowVersion {app_id, version_id} (auth). */
export const action = restoreFlowAction;
export const loader = methodNotAllowed;
