import { linkOnboarding, schemas } from "~/features/onboarding/api.server";
import { apiAction, methodNotAllowed } from "~/http/api.server";
import { appRefOf } from "~/http/app-ref.server";
import { callerClaimOf } from "~/http/onboarding.server";

/** POST /api/users/linkOnboardingWithEmail/{storefrontSlug}/{appSlug} {email, nonAuthUserId?} → {status, linked}: the onboarding follows the email to its account. */
export const action = apiAction(schemas.link, async (call) =>
  linkOnboarding(call.app, appRefOf(call.params), await callerClaimOf(call), call.input),
);
export const loader = methodNotAllowed;
