import { onboardingUserState, schemas } from "~/features/onboarding/api.server";
import { apiLoader, methodNotAllowed } from "~/http/api.server";
import { appRefOf } from "~/http/app-ref.server";
import { callerClaimOf } from "~/http/onboarding.server";

/** GET /api/apps/getOnboardingUserState/{storefrontSlug}/{appSlug} → {response: {userState, pagesInfo}}. */
export const loader = apiLoader(schemas.none, async (call) =>
  onboardingUserState(call.app, appRefOf(call.params), await callerClaimOf(call), null),
);
export const action = methodNotAllowed;
