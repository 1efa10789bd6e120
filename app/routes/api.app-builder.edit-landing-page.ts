import { openOwnedApp } from "~/features/builder/builder.server";
import { proposeLandingEdit } from "~/features/builder/landing/edits.server";
import { editLandingBody } from "~/features/builder/schema";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/edit-landing-page {appId, instruction, section?} (auth, owner) →
 * {response: {success, instruction, summary, by, current, proposal}}: the landing page as the
 * instruction would leave it, not saved (save it with saveAppLandingPageInfo, or Accept in the
 * builder). An instruction the built-in editor does not know is a 400 listing the ones it does.
 */
export const action = signedInAction(editLandingBody, async ({ input, app, user }) => {
  const row = await openOwnedApp(app, user, input.appId);
  return { response: { success: true, ...(await proposeLandingEdit(app, row, user, input)) } };
});
export const loader = methodNotAllowed;
