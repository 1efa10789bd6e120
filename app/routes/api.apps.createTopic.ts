import { createTopicBody } from "~/features/media/schema";
import { createTopic } from "~/features/media/topics.server";
import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";

/** POST /api/apps/createTopic {appId, name} (auth, owner) → 201 {success, topic} (also under 'response'): ours; last in order; 409 for a name the app has. */
export const action = signedInAction(createTopicBody, async ({ input, app, user }) => {
  const topic = await createTopic(app, user, input.appId, input.name);
  return apiJson({ success: true, topic, response: { success: true, topic } }, { status: 201 });
});
export const loader = methodNotAllowed;
