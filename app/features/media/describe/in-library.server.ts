/**
 * Describing a library item in the background: the item is marked `describing` first (so the card
 * says "Being described" from the first page), then a describe-media job reads it and writes the
 * words into the item's metadata, clearing the mark (or noting describeError). Used after every
 * upload and link the library adds, and by its "Describe" button.
 */
import type { AppContext } from "~/platform/context";
import type { Creator } from "../access.server";
import { updateAppMediaById, type MediaView } from "../media.server";
import { startDescribeJob } from "./describe-job.server";
import { DESCRIBE_KINDS, type DescribeKind } from "./descriptions.server";

export const canDescribe = (media: Pick<MediaView, "type">) =>
  (DESCRIBE_KINDS as readonly string[]).includes(media.type);

/** Starts the description of `media` (an item of an app `user` may change); false for a kind no describer reads. */
export async function describeInLibrary(
  app: AppContext,
  user: Creator,
  media: MediaView,
  origin: string,
): Promise<boolean> {
  if (!canDescribe(media)) return false;
  await updateAppMediaById(app, user, media.appId, media.mediaId, {
    metadata: { describing: app.now, describeError: null },
  });
  await startDescribeJob(
    app,
    { userId: user.id, appId: media.appId },
    { kind: media.type as DescribeKind, url: media.url, mediaId: media.mediaId, origin },
  );
  return true;
}
