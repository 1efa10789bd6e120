import { completeOnboarding, schemas } from "~/features/onboarding/api.server";
import { apiAction, methodNotAllowed } from "~/http/api.server";
import { appRefOf } from "~/http/app-ref.server";
import { callerClaimOf } from "~/http/onboarding.server";
import { clientOf } from "~/platform/client.server";

/** POST /api/apps/completeOnboarding/{storefrontSlug}/{appSlug} {finalUserState, pagesInfo} → {status, planStatus}: stores the answers, then requests the plan. */
export const action = apiAction(schemas.complete, async (call) =>
  completeOnboarding(
    call.app,
    appRefOf(call.params),
    await callerClaimOf(call),
    call.input,
    clientOf(call.app.env, call.request),
  ),
);
export const loader = methodNotAllowed;
