import { openOwnedApp } from "~/features/builder/builder.server";
import { restoreBlueprint } from "~/features/builder/blueprint.server";
import { restoreBlueprintBody } from "~/features/builder/schema";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/** POST /api/app-builder/restoreBlueprintVersion {appId, versionId} (auth, owner) → {response: {success, versionId, blueprint}}. */
export const action = signedInAction(restoreBlueprintBody, async ({ input, app, user }) => {
  const row = await openOwnedApp(app, user, input.appId);
  const restored = await restoreBlueprint(app, row, user, input.versionId);
  return { response: { success: true, versionId: restored.versionId, blueprint: restored.blueprint } };
});
export const loader = methodNotAllowed;
