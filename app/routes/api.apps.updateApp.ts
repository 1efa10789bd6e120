import { ownedApp } from "~/features/apps/apps.server";
import { ownerAppJson, updateAppFields } from "~/features/apps/creator-apps.server";
import { updateAppSchema } from "~/features/apps/schema";
import { jsonError, methodNotAllowed, signedInAction } from "~/http/api.server";

/** POST /api/apps/updateApp {appId, canvasSettings} or {appId, name?, isIdea?} (auth + owner) → {response}. */
export const action = signedInAction(updateAppSchema, async ({ input, user, app }) => {
  const owned = await ownedApp(app, user, input.appId);
  if (!owned.ok) return jsonError(owned.status, owned.error);
  const row = await updateAppFields(app, input.appId, input);
  return { response: row ? ownerAppJson(row) : null };
});
export const loader = methodNotAllowed;
