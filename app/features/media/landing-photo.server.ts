/**
 * A photo of the creator's own media library as a landing-page picture: the other way, beside a model's
 * picture or a designed cover, to give the hero, benefits or how-it-works section a picture. Only the
 * creator's own images are offered (uploads and image links, not the pictures generateAppImage made),
 * and the builder labels the result "Your photo". A library file is copied where landing pages take
 * pictures from (app-images/{appId}/), as the landing editor's upload is; an image link is used as it
 * is. Saved as a new landing-page version, so History's Restore undoes it.
 */
import { isContentUrl, type LandingPage } from "~/db/app-content";
import type { AppRow } from "~/db/schema";
import { mediaPictureOrigin } from "~/features/apps/pictures";
import { invalidInput, saveLandingPage } from "~/features/builder/builder.server";
import { imageMessages, imageSlotOf, withSlotImage, type ImageSlot } from "~/features/builder/landing/images";
import { copyLibraryImage } from "~/platform/adapters/storage/media.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import type { Creator } from "./access.server";
import { mediaTitle } from "./library";
import { getAppMediaById, listAppMedia, type MediaView } from "./media.server";

export const landingPhotoMessages = {
  notYours: "Choose one of your own photos: a picture made by the product is not one",
  noPhoto: "Choose a photo",
} as const;

/** An image of the creator's own (an upload or an image link): not one the product generated. */
const isOwnPhoto = (media: MediaView) => media.type === "image" && mediaPictureOrigin(media.metadata) === null;

export interface LibraryPhoto {
  mediaId: string;
  url: string;
  title: string;
}

/** The creator's newest own photos in the app's library (not hidden), for the landing page's picture tool. */
export async function libraryPhotos(app: AppContext, user: Creator, appId: string, limit = 12) {
  const page = await listAppMedia(app, user, {
    appId,
    limit: 30,
    cursorCreatedAt: null,
    onlyTypes: ["image"],
    inBlueprintOnly: false,
    podcastId: undefined,
    channelId: undefined,
    topicId: undefined,
    excludeHidden: true,
    parentMediaId: undefined,
  });
  return page.media
    .filter(isOwnPhoto)
    .slice(0, limit)
    .map((m): LibraryPhoto => ({ mediaId: m.mediaId, url: m.url, title: mediaTitle(m) }));
}

/**
 * Sets the slot's picture to the library photo `mediaId` names, as a new landing-page version. An
 * unknown slot, a photo that is not the creator's own image or cannot be used is 'invalid'; another
 * app's or no such item is refused as the media library refuses it.
 */
export async function placeLibraryPhoto(
  app: AppContext,
  row: AppRow,
  user: Creator,
  input: { imageType: string; mediaId: string },
): Promise<{ imageType: ImageSlot; imageUrl: string; versionId: string; landingPageInfo: LandingPage }> {
  const slot = imageSlotOf(input.imageType);
  if (!slot) throw new ServiceError("invalid", imageMessages.unknownSlot(input.imageType));
  if (!input.mediaId) throw new ServiceError("invalid", landingPhotoMessages.noPhoto);
  const media = await getAppMediaById(app, user, { appId: row.id, mediaId: input.mediaId });
  if (!isOwnPhoto(media)) throw new ServiceError("invalid", landingPhotoMessages.notYours);
  let imageUrl = media.url;
  if (!/^https:\/\//.test(media.url) || !isContentUrl(media.url)) {
    const copied = await copyLibraryImage(app, row.id, media.url);
    if ("error" in copied) throw new ServiceError("invalid", copied.error);
    imageUrl = copied.url;
  }
  const saved = await saveLandingPage(app, row, user, withSlotImage(row.landingPage, slot, imageUrl));
  if (!saved.ok) throw invalidInput(saved.errors);
  return { imageType: slot, imageUrl, versionId: saved.versionId, landingPageInfo: saved.value };
}
