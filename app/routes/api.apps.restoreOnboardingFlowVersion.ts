import { methodNotAllowed, signedInAction } from "~/http/api.server";
import { openOwnedApp, restoreVersion } from "~/features/builder/builder.server";
import { restoreFlowBody } from "~/features/builder/schema";

/** POST /api/apps/restoreOnboardingFlowVersion {app_id, version_id} (auth) → {response:{success, versionId, onboardingFlow}}. */
export const action = signedInAction(restoreFlowBody, async ({ input, app, user }) => {
  const row = await openOwnedApp(app, user, input.app_id);
  const restored = await restoreVersion(app, row, user, "onboarding_flow", input.version_id);
  return { response: { success: true, versionId: restored.versionId, onboardingFlow: restored.content } };
});
export const loader = methodNotAllowed;
