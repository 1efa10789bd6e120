import { openOwnedApp } from "~/features/builder/builder.server";
import { describeFailure, describeForCreator } from "~/features/media/describe/describe-job.server";
import { pdfDescriptionBody } from "~/features/media/describe/schema";
import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/generate-pdf-description {pdfUrl, appId, concise (default false)} (auth, the app's
 * owner) → {success:true, response: {description, longDescription, title, thumbnailUrl, metadata,
 * provider, ...}}. The PDF's text is extracted and summarised; concise gives a shorter long description.
 * With async:true (and an optional mediaId) → 202 {success:true, response: {jobId, statusUrl, room}}.
 * Every failure, 401 and 403 included: {success:false, error:'Failed to generate PDF description',
 * detail}.
 */
export const action = signedInAction(
  pdfDescriptionBody,
  async ({ input, app, user, request }) => {
    const row = await openOwnedApp(app, user, input.appId);
    const answer = await describeForCreator(
      app,
      { userId: user.id, appId: row.id },
      {
        kind: "pdf",
        url: input.pdfUrl,
        concise: input.concise,
        origin: new URL(request.url).origin,
        async: input.async,
        mediaId: input.mediaId,
      },
    );
    if ("started" in answer) return apiJson({ success: true, response: answer.started }, { status: 202 });
    return { success: true, response: answer.described };
  },
  { failure: describeFailure("pdf") },
);
export const loader = methodNotAllowed;
