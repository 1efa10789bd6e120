import { saveAppMedia } from "~/features/media/media.server";
import { saveMediaBody } from "~/features/media/schema";
import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/saveAppMedia {appId, type, url, metadata?} (auth, owner) → 201 {response:
 * {success, media}}. Also takes thumbnailUrl, isInBlueprint, isHiddenInLibrary, and parentMediaId
 * with uploadDate for a podcast's episode or a channel's video. Links (link, youtube, podcast,
 * channel) need an http(s) address; a file's url is one on another site or a file of this app's library
 * (/media/app-media/{appId}/…, or our site's address of it); any other /media file, or any other address
 * of ours, is a 400 whether or not a file is there. The same url saved again is the same item (200,
 * created false).
 */
export const action = signedInAction(saveMediaBody, async ({ input, app, user, request }) => {
  const { appId, ...media } = input;
  const saved = await saveAppMedia(app, user, appId, media, new URL(request.url).origin);
  return apiJson({ response: { success: true, ...saved } }, { status: saved.created ? 201 : 200 });
});
export const loader = methodNotAllowed;
