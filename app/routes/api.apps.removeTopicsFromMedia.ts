import { mediaTopicsBody } from "~/features/media/schema";
import { removeTopicsFromMedia } from "~/features/media/topics.server";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/apps/removeTopicsFromMedia {appId, mediaId, topicIds} (auth, owner) → {success, removedCount}
 * (also under 'response'); removing nothing is {success:false, removedCount:0}.
 */
export const action = signedInAction(mediaTopicsBody, async ({ input, app, user }) => {
  const result = await removeTopicsFromMedia(app, user, input);
  return { ...result, response: result };
});
export const loader = methodNotAllowed;
