import { listAppMedia } from "~/features/media/media.server";
import { appMediaQuery } from "~/features/media/schema";
import { signedInLoader } from "~/http/api.server";

/**
 * GET /api/app-builder/getAppMedia?appId&limit&cursorCreatedAt&onlyTypes&inBlueprintOnly&podcastId&channelId
 * &topicId&excludeHidden&parentMediaId (auth, owner) → {response: {media, nextCursor}}: newest first, 30 a
 * page (at most 100). nextCursor goes back as cursorCreatedAt; parentMediaId=none lists the top level only.
 */
export const loader = signedInLoader(appMediaQuery, async ({ input, app, user }) => ({
  response: await listAppMedia(app, user, input),
}));
