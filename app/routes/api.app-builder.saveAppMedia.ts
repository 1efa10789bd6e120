import { saveAppMedia } from "~/features/media/media.server";
import { saveMediaBody } from "~/features/media/schema";
import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/saveAppMedia {appId, type, url, metadata?} (auth, owner) → 201 {response:
 * {success, media}}. Also takes thumbnailUrl, isInBlueprint, isHiddenInLibrary, and parentMediaId
 * with uploadDate for a podcast's episode or a channel's video. Links (link, youtube, podcast,
 * channel) need an http(s) address. The same url saved again is the same item (200, created false).
 */
export const action = signedInAction(saveMediaBody, async ({ input, app, user }) => {
  const { appId, ...media } = input;
  const saved = await saveAppMedia(app, user, appId, media);
  return apiJson({ response: { success: true, ...saved } }, { status: saved.created ? 201 : 200 });
});
export const loader = methodNotAllowed;
