import { createAppFromIdea, ownerAppJson } from "~/features/apps/creator-apps.server";
import { appIdeaSchema, IDEA_MESSAGES } from "~/features/apps/rules";
import { apiJson, jsonError, methodNotAllowed, signedInAction } from "~/http/api.server";

/** POST /api/app-builder/buildApp {appIdea} (auth) → {response: {appId, storefrontSlug, appSlug, app}}, 201: makes an app from the idea, as the dashboard's form does. */
export const action = signedInAction(appIdeaSchema, async ({ input, user, app }) => {
  try {
    const row = await createAppFromIdea(app, user, input.appIdea);
    return apiJson(
      {
        response: {
          appId: row.id,
          storefrontSlug: row.storefrontSlug,
          appSlug: row.appSlug,
          builderUrl: `/dashboard/builder?appId=${row.id}`,
          app: ownerAppJson(row),
        },
      },
      { status: 201 },
    );
  } catch (error) {
    console.error("apps: buildApp failed", error);
    return jsonError(503, IDEA_MESSAGES.createFailed);
  }
});
export const loader = methodNotAllowed;
