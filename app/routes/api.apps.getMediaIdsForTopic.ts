import { mediaIdsForTopicQuery } from "~/features/media/schema";
import { mediaIdsForTopic } from "~/features/media/topics.server";
import { signedInLoader } from "~/http/api.server";

/** GET /api/apps/getMediaIdsForTopic?topicId&limit (auth, owner) → {mediaIds} (also under 'response'), in the topic's order, 100 by default; [] when the read fails. */
export const loader = signedInLoader(mediaIdsForTopicQuery, async ({ input, app, user }) => {
  const mediaIds = await mediaIdsForTopic(app, user, input);
  return { mediaIds, response: { mediaIds } };
});
