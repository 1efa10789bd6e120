import { openOwnedApp } from "~/features/builder/builder.server";
import { describeFailure, describeForCreator } from "~/features/media/describe/describe-job.server";
import { youtubeDescriptionBody } from "~/features/media/describe/schema";
import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/generate-youtube-description {videoUrl, appId} (auth, the app's owner) →
 * {success:true, response: {description, longDescription, title, thumbnailUrl, metadata, provider, ...}}.
 * The video's oEmbed answer and its page's description.
 * With async:true (and an optional mediaId) → 202 {success:true, response: {jobId, statusUrl, room}}.
 * Every failure, 401 and 403 included: {success:false, error:'Failed to generate YouTube description',
 * detail}.
 */
export const action = signedInAction(
  youtubeDescriptionBody,
  async ({ input, app, user, request }) => {
    const row = await openOwnedApp(app, user, input.appId);
    const answer = await describeForCreator(
      app,
      { userId: user.id, appId: row.id },
      {
        kind: "youtube",
        url: input.videoUrl,
        origin: new URL(request.url).origin,
        async: input.async,
        mediaId: input.mediaId,
      },
    );
    if ("started" in answer) return apiJson({ success: true, response: answer.started }, { status: 202 });
    return { success: true, response: answer.described };
  },
  { failure: describeFailure("youtube") },
);
export const loader = methodNotAllowed;
