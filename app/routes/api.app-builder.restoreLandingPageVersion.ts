import { methodNotAllowed, signedInAction } from "~/http/api.server";
import { openOwnedApp, restoreVersion } from "~/features/builder/builder.server";
import { restoreLandingBody } from "~/features/builder/schema";

/** POST /api/app-builder/restoreLandingPageVersion {appId, versionId} (auth) → {response:{success, versionId, landingPageInfo}}. */
export const action = signedInAction(restoreLandingBody, async ({ input, app, user }) => {
  const row = await openOwnedApp(app, user, input.appId);
  const restored = await restoreVersion(app, row, user, "landing_page", input.versionId);
  return { response: { success: true, versionId: restored.versionId, landingPageInfo: restored.content } };
});
export const loader = methodNotAllowed;
