import { invalidInput, openOwnedApp } from "~/features/builder/builder.server";
import { saveBlueprint } from "~/features/builder/blueprint.server";
import { unwrapContent } from "~/features/builder/rules";
import { appIdBody } from "~/features/builder/schema";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/updateBlueprint {appId, blueprint | ...blueprint} (auth, owner) → {response:
 * {success, blueprint, versionId}}: a new version. Invalid content is a 400 with each field's problem
 * and changes nothing.
 */
export const action = signedInAction(appIdBody, async ({ input, app, user }) => {
  const row = await openOwnedApp(app, user, input.appId);
  const saved = await saveBlueprint(app, row, user, unwrapContent(input, ["blueprint"]));
  if (!saved.ok) throw invalidInput(saved.errors);
  return { response: { success: true, blueprint: saved.value, versionId: saved.versionId } };
});
export const loader = methodNotAllowed;
