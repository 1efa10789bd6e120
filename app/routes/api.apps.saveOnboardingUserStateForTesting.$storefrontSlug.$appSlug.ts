import { saveOnboardingUserState, schemas } from "~/features/onboarding/api.server";
import { apiAction, methodNotAllowed } from "~/http/api.server";
import { appRefOf } from "~/http/app-ref.server";
import { callerClaimOf } from "~/http/onboarding.server";

/** POST /api/apps/saveOnboardingUserStateForTesting/{storefrontSlug}/{appSlug} {userState, pagesInfo, testingStepId}: the app owner's preview. */
export const action = apiAction(schemas.saveForTesting, async (call) =>
  saveOnboardingUserState(call.app, appRefOf(call.params), await callerClaimOf(call), call.input),
);
export const loader = methodNotAllowed;
