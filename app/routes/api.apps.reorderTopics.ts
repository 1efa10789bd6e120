import { reorderTopicsBody } from "~/features/media/schema";
import { reorderTopics } from "~/features/media/topics.server";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/** POST /api/apps/reorderTopics {appId, topicIds} (auth, owner) → {success, topics} (also under 'response'): ours; topicIds lists every topic once, in the new order. */
export const action = signedInAction(reorderTopicsBody, async ({ input, app, user }) => {
  const topics = await reorderTopics(app, user, input.appId, input.topicIds);
  return { success: true, topics, response: { success: true, topics } };
});
export const loader = methodNotAllowed;
