import { onboardingUserState, schemas } from "~/features/onboarding/api.server";
import { apiLoader, methodNotAllowed } from "~/http/api.server";
import { appRefOf } from "~/http/app-ref.server";
import { callerClaimOf } from "~/http/onboarding.server";

/** GET /api/apps/getOnboardingUserStateForTesting/{storefrontSlug}/{appSlug}?testingStepId= → {response: {userState, pagesInfo}}: the app owner's preview. */
export const loader = apiLoader(schemas.testingQuery, async (call) =>
  onboardingUserState(call.app, appRefOf(call.params), await callerClaimOf(call), call.input.testingStepId),
);
export const action = methodNotAllowed;
