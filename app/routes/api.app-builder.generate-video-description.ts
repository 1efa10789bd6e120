import { openOwnedApp } from "~/features/builder/builder.server";
import { describeFailure, describeForCreator } from "~/features/media/describe/describe-job.server";
import { videoDescriptionBody } from "~/features/media/describe/schema";
import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/generate-video-description {videoUrl, appId} (auth, the app's owner) →
 * {success:true, response: {description, longDescription, title, thumbnailUrl, metadata, provider, ...}}.
 * The app's own upload (/media/app-media/{appId}/…) is read from storage, any other http(s) link through
 * the safe fetch; length and format come from the container.
 * With async:true (and an optional mediaId) → 202 {success:true, response: {jobId, statusUrl, room}}.
 * Every failure, 401 and 403 included: {success:false, error:'Failed to generate video description',
 * detail}.
 */
export const action = signedInAction(
  videoDescriptionBody,
  async ({ input, app, user, request }) => {
    const row = await openOwnedApp(app, user, input.appId);
    const answer = await describeForCreator(
      app,
      { userId: user.id, appId: row.id },
      {
        kind: "video",
        url: input.videoUrl,
        origin: new URL(request.url).origin,
        async: input.async,
        mediaId: input.mediaId,
      },
    );
    if ("started" in answer) return apiJson({ success: true, response: answer.started }, { status: 202 });
    return { success: true, response: answer.described };
  },
  { failure: describeFailure("video") },
);
export const loader = methodNotAllowed;
