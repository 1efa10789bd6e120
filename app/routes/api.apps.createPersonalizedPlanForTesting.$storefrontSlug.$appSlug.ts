import { schemas } from "~/features/onboarding/api.server";
import { apiAction, methodNotAllowed } from "~/http/api.server";
import { planRequestAnswer } from "~/http/onboarding.server";

/** POST /api/apps/createPersonalizedPlanForTesting/{storefrontSlug}/{appSlug} {userState, testingStepId, forceRegenerate} → {status}: the app owner's preview. */
export const action = apiAction(schemas.createPlanForTesting, planRequestAnswer);
export const loader = methodNotAllowed;
