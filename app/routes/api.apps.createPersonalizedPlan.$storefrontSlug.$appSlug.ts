import { schemas } from "~/features/onboarding/api.server";
import { apiAction, methodNotAllowed } from "~/http/api.server";
import { planRequestAnswer } from "~/http/onboarding.server";

/** POST /api/apps/createPersonalizedPlan/{storefrontSlug}/{appSlug} {userState, forceRegenerate} → {status} (failure {status: 'error'}). */
export const action = apiAction(schemas.createPlan, planRequestAnswer);
export const loader = methodNotAllowed;
