/**
 * Describing a library item in the background: the item is marked `describing` (with the job's id,
 * so the card shows that job's progress from the first page), then a describe-media job reads it and
 * writes the words into the item's metadata, clearing the mark (or noting describeError). Used after every
 * upload and link the library adds, and by its "Describe" button.
 */
import { meterFor } from "~/features/apps/ai-meter.server";
import { aiFor } from "~/platform/adapters/ai/ai.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import type { Creator } from "../access.server";
import { updateAppMediaById, type MediaView } from "../media.server";
import { startDescribeJob } from "./describe-job.server";
import { DESCRIBE_KINDS, type DescribeKind } from "./descriptions.server";
import { openMedia } from "./media-source.server";

export const canDescribe = (media: Pick<MediaView, "type">) =>
  media.type === "image" || (DESCRIBE_KINDS as readonly string[]).includes(media.type);

/** Images read by a vision model at most this large (the embedded default reads only the header). */
const IMAGE_READ_MAX_BYTES = 10 * 1024 * 1024;

/**
 * An uploaded image, described now through the AI layer's image reading (a configured vision model,
 * or the embedded default's format, shape and size): it takes a moment, so it needs no job.
 */
async function describeImageNow(app: AppContext, user: Creator, media: MediaView, origin: string): Promise<void> {
  let description: string;
  try {
    const file = await openMedia(app, media.appId, media.url, origin);
    const bytes = await file.readAll(IMAGE_READ_MAX_BYTES);
    if (!bytes) throw new ServiceError("invalid", "The image is too large to read");
    const meter = meterFor(app, { creatorId: user.id, appId: media.appId }, { whenRefused: "embedded" });
    const read = await aiFor(app, { userId: user.id, appId: media.appId, meter }).describeImage({
      task: "describe-image",
      bytes,
      contentType: file.contentType || "image/png",
      prompt: "Describe this picture in one or two sentences for a media library card.",
    });
    description = read.value;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const failed = { metadata: { describeError: error.message } };
    await updateAppMediaById(app, user, media.appId, media.mediaId, failed, origin);
    return;
  }
  await updateAppMediaById(
    app,
    user,
    media.appId,
    media.mediaId,
    { metadata: { description, longDescription: description, describing: null, describeError: null } },
    origin,
  );
}

/** Starts the description of `media` (an item of an app `user` may change); false for a kind no describer reads. */
export async function describeInLibrary(
  app: AppContext,
  user: Creator,
  media: MediaView,
  origin: string,
): Promise<boolean> {
  if (!canDescribe(media)) return false;
  if (media.type === "image") {
    await describeImageNow(app, user, media, origin);
    return true;
  }
  // startDescribeJob marks the item (describing, describeJobId) in the batch that queues the job.
  await startDescribeJob(
    app,
    { userId: user.id, appId: media.appId },
    { kind: media.type as DescribeKind, url: media.url, mediaId: media.mediaId, origin },
    { fresh: true },
  );
  return true;
}
