import { topicsForMediaQuery } from "~/features/media/schema";
import { topicIdsForMedia } from "~/features/media/topics.server";
import { signedInLoader } from "~/http/api.server";

/** GET /api/apps/getTopicsForMedia?mediaId (auth, owner of the item's app) → {topicIds} (also under 'response'); [] when the read fails. */
export const loader = signedInLoader(topicsForMediaQuery, async ({ input, app, user }) => {
  const topicIds = await topicIdsForMedia(app, user, input.mediaId);
  return { topicIds, response: { topicIds } };
});
