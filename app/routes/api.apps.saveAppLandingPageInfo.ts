import { methodNotAllowed, signedInAction } from "~/http/api.server";
import { invalidInput, openOwnedApp, saveLandingPage } from "~/features/builder/builder.server";
import { unwrapContent } from "~/features/builder/rules";
import { appIdBody } from "~/features/builder/schema";

/** POST /api/apps/saveAppLandingPageInfo {appId, landingPageInfo | ...info} (auth) → {response:{landingPageInfo, versionId}}. */
export const action = signedInAction(appIdBody, async ({ input, app, user }) => {
  const row = await openOwnedApp(app, user, input.appId);
  const saved = await saveLandingPage(app, row, user, unwrapContent(input, ["landingPageInfo", "landingPage", "info"]));
  if (!saved.ok) throw invalidInput(saved.errors);
  return { response: { success: true, landingPageInfo: saved.value, versionId: saved.versionId } };
});
export const loader = methodNotAllowed;
