import { listMediaForTopic } from "~/features/media/media.server";
import { mediaForTopicQuery } from "~/features/media/schema";
import { signedInLoader } from "~/http/api.server";

/**
 * GET /api/app-builder/getMediaForTopic?topicId&limit&excludeHidden&cursorOrderNum&expandParentsPreview&childLimit
 * (auth, owner of the topic's app) → {response: {media, nextCursor}}: in the topic's order, 30 a page;
 * nextCursor goes back as cursorOrderNum. With expandParentsPreview, podcasts and channels carry
 * their newest `childLimit` children (3 by default) and childCount.
 */
export const loader = signedInLoader(mediaForTopicQuery, async ({ input, app, user }) => ({
  response: await listMediaForTopic(app, user, input),
}));
