import { ownedApp } from "~/features/apps/apps.server";
import { markRecentlyOpened } from "~/features/apps/creator-apps.server";
import { appIdQuerySchema } from "~/features/apps/schema";
import { jsonError, methodNotAllowed, signedInAction } from "~/http/api.server";

/** POST /api/app-builder/updateRecentlyOpened?appId= (owner), no body → {response: {appId, recentlyOpenedAt}}. */
export const action = signedInAction(
  appIdQuerySchema,
  async ({ input, user, app }) => {
    const owned = await ownedApp(app, user, input.appId);
    if (!owned.ok) return jsonError(owned.status, owned.error);
    return { response: { appId: input.appId, recentlyOpenedAt: await markRecentlyOpened(app, input.appId) } };
  },
  { body: "query" },
);
export const loader = methodNotAllowed;
