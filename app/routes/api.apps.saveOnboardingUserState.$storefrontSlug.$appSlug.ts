import { saveOnboardingUserState, schemas } from "~/features/onboarding/api.server";
import { apiAction, methodNotAllowed } from "~/http/api.server";
import { appRefOf } from "~/http/app-ref.server";
import { callerClaimOf } from "~/http/onboarding.server";

/** POST /api/apps/saveOnboardingUserState/{storefrontSlug}/{appSlug} {userState, pagesInfo} → {status}; signed in, or X-Non-Auth-User-Id / the anonymous cookie. */
export const action = apiAction(schemas.save, async (call) =>
  saveOnboardingUserState(call.app, appRefOf(call.params), await callerClaimOf(call), call.input),
);
export const loader = methodNotAllowed;
