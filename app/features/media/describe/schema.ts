/** Inputs of the link and media description calls (spec 7 "Links and media descriptions"). */
import { z } from "zod";

const appId = z.string({ required_error: "appId is required" }).trim().min(1, "appId is required").max(64);
const link = (name: string) =>
  z
    .string({ required_error: `${name} is required`, invalid_type_error: `${name} must be a link` })
    .trim()
    .min(1, `${name} is required`)
    .max(2048, `${name} is too long`);
/** JSON booleans, and "true"/"false" from a form. */
const flag = (name: string) =>
  z.preprocess(
    (v) => (v === "true" || v === "on" ? true : v === "false" ? false : v),
    z.boolean({ invalid_type_error: `${name} must be true or false` }),
  );
/** Run as a job: answer {jobId, statusUrl, room} at once (see describe-job.server.ts). */
const asJob = {
  async: flag("async").optional().default(false),
  /** With async: the media item whose metadata gets the descriptions. */
  mediaId: z.string().trim().min(1).max(64).optional(),
};

export const linkPreviewBody = z.object({ url: link("url") });
export const videoDescriptionBody = z.object({ videoUrl: link("videoUrl"), appId, ...asJob });
export const audioDescriptionBody = z.object({ audioUrl: link("audioUrl"), appId, ...asJob });
export const pdfDescriptionBody = z.object({
  pdfUrl: link("pdfUrl"),
  appId,
  concise: flag("concise").optional().default(false),
  ...asJob,
});
export const linkDescriptionBody = z.object({ url: link("url"), appId, ...asJob });
export const youtubeDescriptionBody = z.object({ videoUrl: link("videoUrl"), appId, ...asJob });
export const youtubeMetadataBody = z.object({ videoUrl: link("videoUrl"), appId: appId.optional() });
