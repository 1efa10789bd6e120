import { moveMediaInTopicBody } from "~/features/media/schema";
import { moveMediaInTopic } from "~/features/media/topics.server";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/** POST /api/apps/moveMediaInTopic {topicId, mediaId, toIndex} (auth, owner) → {success, mediaIds} (also under 'response'): ours; the topic's new order. */
export const action = signedInAction(moveMediaInTopicBody, async ({ input, app, user }) => {
  const result = { success: true, ...(await moveMediaInTopic(app, user, input)) };
  return { ...result, response: result };
});
export const loader = methodNotAllowed;
