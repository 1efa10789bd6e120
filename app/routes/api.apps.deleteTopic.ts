import { deleteTopicBody } from "~/features/media/schema";
import { deleteTopic } from "~/features/media/topics.server";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/** POST /api/apps/deleteTopic {topicId} (auth, owner) → {success} (also under 'response'): ours; the items stay in the library. */
export const action = signedInAction(deleteTopicBody, async ({ input, app, user }) => {
  const result = await deleteTopic(app, user, input.topicId);
  return { ...result, response: result };
});
export const loader = methodNotAllowed;
