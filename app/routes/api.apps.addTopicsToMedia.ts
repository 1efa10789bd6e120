import { mediaTopicsBody } from "~/features/media/schema";
import { addTopicsToMedia } from "~/features/media/topics.server";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/apps/addTopicsToMedia {appId, mediaId, topicIds} (auth, owner) → {success, addedCount}
 * (also under 'response'). The item joins each topic it is not in yet, last in the topic; adding
 * nothing is {success:false, addedCount:0}. An unknown topic refuses the call (404), changing nothing.
 */
export const action = signedInAction(mediaTopicsBody, async ({ input, app, user }) => {
  const result = await addTopicsToMedia(app, user, input);
  return { ...result, response: result };
});
export const loader = methodNotAllowed;
