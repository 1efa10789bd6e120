import { openOwnedApp } from "~/features/builder/builder.server";
import { describeFailure, describeForCreator } from "~/features/media/describe/describe-job.server";
import { linkDescriptionBody } from "~/features/media/describe/schema";
import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/generate-link-description {url, appId} (auth, the app's owner) → {success:true,
 * response: {description, longDescription, title, thumbnailUrl, metadata, provider, ...}}. The page's
 * preview and a summary of its main text.
 * With async:true (and an optional mediaId) → 202 {success:true, response: {jobId, statusUrl, room}}.
 * Every failure, 401 and 403 included: {success:false, error:'Failed to generate link description',
 * detail}.
 */
export const action = signedInAction(
  linkDescriptionBody,
  async ({ input, app, user, request }) => {
    const row = await openOwnedApp(app, user, input.appId);
    const answer = await describeForCreator(
      app,
      { userId: user.id, appId: row.id },
      {
        kind: "link",
        url: input.url,
        origin: new URL(request.url).origin,
        async: input.async,
        mediaId: input.mediaId,
      },
    );
    if ("started" in answer) return apiJson({ success: true, response: answer.started }, { status: 202 });
    return { success: true, response: answer.described };
  },
  { failure: describeFailure("link") },
);
export const loader = methodNotAllowed;
