import { openOwnedApp } from "~/features/builder/builder.server";
import { youtubeMetadataBody } from "~/features/media/describe/schema";
import { videoLinkMetadata } from "~/features/media/describe/youtube.server";
import { YOUTUBE_METADATA_FAILED, fixedFailure } from "~/features/media/describe/messages";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/youtube/basic-metadata {videoUrl, appId?} (auth; with appId, its owner) →
 * {success:true, response: {videoId, url, title, author, authorUrl, thumbnailUrl, thumbnailWidth,
 * thumbnailHeight, provider, durationSeconds, description}}: from the service's oEmbed answer, the
 * length and description from the video's page where it can be read. youtube.com/watch, youtu.be,
 * /shorts/ and /embed/ links; any other link is a 400. Every failure: {success:false,
 * error:'Failed to fetch YouTube metadata', detail}.
 */
export const action = signedInAction(
  youtubeMetadataBody,
  async ({ input, app, user }) => {
    if (input.appId) await openOwnedApp(app, user, input.appId);
    return { success: true, response: await videoLinkMetadata(app, input.videoUrl) };
  },
  { failure: fixedFailure(YOUTUBE_METADATA_FAILED) },
);
export const loader = methodNotAllowed;
