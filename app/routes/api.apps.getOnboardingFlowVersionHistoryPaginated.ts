import { flowHistoryLoader } from "~/features/builder/api.server";
import { methodNotAllowed } from "~/platform/api.server";

/** GET /api/apps/getOnboardingFlowVersionHistoryPaginated?appId&limit&cursor (auth). */
export const loader = flowHistoryLoader;
export const action = methodNotAllowed;
