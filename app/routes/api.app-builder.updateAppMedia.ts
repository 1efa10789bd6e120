import { updateAppMediaByUrl } from "~/features/media/media.server";
import { updateMediaByUrlBody } from "~/features/media/schema";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/updateAppMedia {appId, url, metadata?, thumbnailUrl?, isInBlueprint?, isHiddenInLibrary?}
 * (auth, owner) → {response: {success, media, created, updatedCount}}: the given fields of the app's
 * item with this url; with none yet, the item is made (a stored file as its kind, a web address as
 * an online video or a link). Metadata keys merge into the stored ones (null removes a key).
 */
export const action = signedInAction(updateMediaByUrlBody, async ({ input, app, user, request }) => {
  const { appId, ...change } = input;
  const origin = new URL(request.url).origin;
  return { response: { success: true, ...(await updateAppMediaByUrl(app, user, appId, change, origin)) } };
});
export const loader = methodNotAllowed;
