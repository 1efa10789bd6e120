import { requestPersonalizedPlan, schemas } from "~/features/onboarding/api.server";
import { apiAction, apiJson, methodNotAllowed } from "~/http/api.server";
import { appRefOf } from "~/http/app-ref.server";
import { callerClaimOf } from "~/http/onboarding.server";
import { clientOf } from "~/platform/client.server";

/** POST /api/apps/createPersonalizedPlan/{storefrontSlug}/{appSlug} {userState, forceRegenerate} → {status} (failure {status: 'error'}). */
export const action = apiAction(schemas.createPlan, async (call) => {
  const result = await requestPersonalizedPlan(
    call.app,
    appRefOf(call.params),
    await callerClaimOf(call),
    call.input,
    clientOf(call.app.env, call.request),
  );
  return result ?? apiJson({ status: "error" }, { status: 500 });
});
export const loader = methodNotAllowed;
