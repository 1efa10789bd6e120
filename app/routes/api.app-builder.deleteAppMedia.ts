import { deleteAppMedia } from "~/features/media/media.server";
import { deleteMediaBody } from "~/features/media/schema";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/deleteAppMedia {appId, mediaId} (auth, owner) → {response: {success, deletedCount}}
 * (ours; the library screen's delete): the item, its children, their topic places and their
 * uploaded files no other item uses.
 */
export const action = signedInAction(deleteMediaBody, async ({ input, app, user }) => ({
  response: { success: true, ...(await deleteAppMedia(app, user, input.appId, input.mediaId)) },
}));
export const loader = methodNotAllowed;
