import { planStatus, schemas } from "~/features/onboarding/api.server";
import { planMessages } from "~/features/plans/rules";
import { apiJson, apiLoader, methodNotAllowed } from "~/http/api.server";
import { appRefOf } from "~/http/app-ref.server";
import { callerClaimOf } from "~/http/onboarding.server";

/** GET /api/apps/checkPlanStatus/{userId}/{storefrontSlug}/{appSlug} (?testingStepId= for the preview) → {status, plan}; the userId must be the caller's own. */
export const loader = apiLoader(schemas.planStatusQuery, async (call) => {
  const { app, params, input } = call;
  const claim = await callerClaimOf(call);
  const view = await planStatus(app, appRefOf(params), claim, params.userId ?? "", input.testingStepId ?? null);
  return view ?? apiJson({ status: "error", error: planMessages.checkFailed }, { status: 500 });
});
export const action = methodNotAllowed;
