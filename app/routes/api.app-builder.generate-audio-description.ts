import { openOwnedApp } from "~/features/builder/builder.server";
import { describeFailure, describeForCreator } from "~/features/media/describe/describe-job.server";
import { audioDescriptionBody } from "~/features/media/describe/schema";
import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/generate-audio-description {audioUrl, appId} (auth, the app's owner) →
 * {success:true, response: {description, longDescription, title, thumbnailUrl, metadata, provider, ...}}.
 * Read like a video; with a speech model configured, what is said is transcribed and summarised.
 * With async:true (and an optional mediaId) → 202 {success:true, response: {jobId, statusUrl, room}}.
 * Every failure, 401 and 403 included: {success:false, error:'Failed to generate audio description',
 * detail}.
 */
export const action = signedInAction(
  audioDescriptionBody,
  async ({ input, app, user, request }) => {
    const row = await openOwnedApp(app, user, input.appId);
    const answer = await describeForCreator(
      app,
      { userId: user.id, appId: row.id },
      {
        kind: "audio",
        url: input.audioUrl,
        origin: new URL(request.url).origin,
        async: input.async,
        mediaId: input.mediaId,
      },
    );
    if ("started" in answer) return apiJson({ success: true, response: answer.started }, { status: 202 });
    return { success: true, response: answer.described };
  },
  { failure: describeFailure("audio") },
);
export const loader = methodNotAllowed;
