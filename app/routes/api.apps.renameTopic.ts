import { renameTopicBody } from "~/features/media/schema";
import { renameTopic } from "~/features/media/topics.server";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/** POST /api/apps/renameTopic {topicId, name} (auth, owner) → {success, topic} (also under 'response'): ours; 409 for a name the app has. */
export const action = signedInAction(renameTopicBody, async ({ input, app, user }) => {
  const topic = await renameTopic(app, user, input.topicId, input.name);
  return { success: true, topic, response: { success: true, topic } };
});
export const loader = methodNotAllowed;
