import { updateAppMediaById } from "~/features/media/media.server";
import { updateMediaByIdBody } from "~/features/media/schema";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/updateAppMediaById {appId, mediaId, ...changed fields} (auth, owner) →
 * {response: {success, media}}. Fields: url, metadata (merged; null removes a key), thumbnailUrl
 * and parentMediaId (null clears), isInBlueprint, isHiddenInLibrary, uploadDate. Any other field is a 400.
 */
export const action = signedInAction(updateMediaByIdBody, async ({ input, app, user, request }) => {
  const { appId, mediaId, ...change } = input;
  const media = await updateAppMediaById(app, user, appId, mediaId, change, new URL(request.url).origin);
  return { response: { success: true, media } };
});
export const loader = methodNotAllowed;
