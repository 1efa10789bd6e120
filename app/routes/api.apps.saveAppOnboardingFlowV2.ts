import { saveFlowAction } from "~/features/builder/api.server";
import { methodNotAllowed } from "~/platform/api.server";

/** POST /api/apps/saveAppOnboardingFlowV2 (auth). */
export const action = saveFlowAction;
export const loader = methodNotAllowed;
