import { methodNotAllowed, signedInAction } from "~/http/api.server";
import { invalidInput, openOwnedApp, saveOnboardingFlow } from "~/features/builder/builder.server";
import { unwrapContent } from "~/features/builder/rules";
import { appIdBody } from "~/features/builder/schema";

/** POST /api/apps/saveAppOnboardingFlowV2 {appId, flow | onboardingFlow | ...flow} (auth) → {response:{onboardingFlow, versionId}}. */
export const action = signedInAction(appIdBody, async ({ input, app, user }) => {
  const row = await openOwnedApp(app, user, input.appId);
  const saved = await saveOnboardingFlow(app, row, user, unwrapContent(input, ["flow", "onboardingFlow"]));
  if (!saved.ok) throw invalidInput(saved.errors);
  return { response: { success: true, onboardingFlow: saved.value, versionId: saved.versionId } };
});
export const loader = methodNotAllowed;
