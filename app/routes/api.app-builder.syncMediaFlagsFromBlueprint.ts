import { syncMediaFlagsFromBlueprint } from "~/features/media/media.server";
import { appIdBody } from "~/features/media/schema";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/syncMediaFlagsFromBlueprint {appId} (auth, owner) → {response: {success:true,
 * updatedCount, inBlueprintCount}}: isInBlueprint re-derived for every item from the blueprint (an
 * item is in it when a blueprint item's text names its url or mediaId). Nothing to change is still a success.
 */
export const action = signedInAction(appIdBody, async ({ input, app, user }) => ({
  response: await syncMediaFlagsFromBlueprint(app, user, input.appId),
}));
export const loader = methodNotAllowed;
