import { ownedApp } from "~/features/apps/apps.server";
import { setIsIdea } from "~/features/apps/creator-apps.server";
import { appIsIdeaSchema } from "~/features/apps/schema";
import { jsonError, methodNotAllowed, signedInAction } from "~/http/api.server";

/** POST /api/app-builder/update-app-is-idea {appId, isIdea} (owner) → {response: {appId, isIdea}}. */
export const action = signedInAction(appIsIdeaSchema, async ({ input, user, app }) => {
  const owned = await ownedApp(app, user, input.appId);
  if (!owned.ok) return jsonError(owned.status, owned.error);
  await setIsIdea(app, input.appId, input.isIdea);
  return { response: { appId: input.appId, isIdea: input.isIdea } };
});
export const loader = methodNotAllowed;
