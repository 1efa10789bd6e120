/**
 * The five generate-*-description calls (spec 7 "Links and media descriptions") answer the same way
 * and differ only in their kind, their body and which field names the media: one action for all.
 * Described now → {success:true, response: {description, longDescription, title, thumbnailUrl,
 * metadata, provider, ...}}; with async:true (and an optional mediaId) → 202 {success:true,
 * response: {jobId, statusUrl, room}}; every failure, 401 and 403 included, is the kind's fixed
 * result {success:false, error:'Failed to generate … description', detail}.
 */
import type { z } from "zod";
import { openOwnedApp } from "~/features/builder/builder.server";
import { describeFailure, describeForCreator } from "~/features/media/describe/describe-job.server";
import type { DescribeKind } from "~/features/media/describe/descriptions.server";
import { apiJson, signedInAction } from "./api.server";

type DescribeBody = z.ZodType<
  { appId: string; async: boolean; mediaId?: string; concise?: boolean },
  z.ZodTypeDef,
  unknown
>;

export function describeAction<S extends DescribeBody>(
  kind: DescribeKind,
  body: S,
  urlOf: (input: z.output<S>) => string,
) {
  return signedInAction(
    body,
    async ({ input, app, user, request }) => {
      const row = await openOwnedApp(app, user, input.appId);
      const answer = await describeForCreator(
        app,
        { userId: user.id, appId: row.id },
        {
          kind,
          url: urlOf(input),
          concise: input.concise,
          origin: new URL(request.url).origin,
          async: input.async,
          mediaId: input.mediaId,
        },
      );
      if ("started" in answer) return apiJson({ success: true, response: answer.started }, { status: 202 });
      return { success: true, response: answer.described };
    },
    { failure: describeFailure(kind) },
  );
}
