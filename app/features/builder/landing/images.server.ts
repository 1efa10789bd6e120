/**
 * Landing-page pictures (spec 7 regenerateLandingPageImage; issue 20). A picture is made by the AI
 * layer in the app's theme colours (the embedded default paints one from the prompt) and stored in
 * R2 through the storage adapter; regenerating one saves the page as a new landing-page version, so
 * Restore brings the old picture back (each picture has its own key: old ones stay).
 */
import type { LandingPage, Theme } from "~/db/app-content";
import type { AppRow, UserRow } from "~/db/schema";
import { creatorAi } from "~/features/apps/ai-meter.server";
import type { Ai } from "~/platform/adapters/ai/ai.server";
import { putGeneratedImage } from "~/platform/adapters/storage/media.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { blueprintOf } from "../blueprint.server";
import { invalidInput, saveLandingPage } from "../builder.server";
import { IMAGE_SLOTS, imageMessages, imagePrompt, imageSlotOf, withSlotImage, type ImageSlot } from "./images";

export const themePalette = (theme: Theme) => [theme.primaryColor, theme.accentColor, theme.backgroundColor];

/**
 * Makes a picture for a slot and stores it; answers its address. `name` is the file's name under
 * the owner's folder. Throws when no picture could be made or stored (the AI layer has already
 * fallen back to the embedded default by then).
 */
export async function makeLandingImage(
  app: AppContext,
  ai: Ai,
  ownerId: string,
  { name, slot, prompt, theme }: { name: string; slot: ImageSlot; prompt: string; theme: Theme },
): Promise<string> {
  const { width, height } = IMAGE_SLOTS[slot];
  const image = await ai.image({
    task: `landing-image-${slot}`,
    prompt,
    width,
    height,
    palette: themePalette(theme),
  });
  return putGeneratedImage(app, ownerId, name, image.value);
}

export interface RegeneratedImage {
  imageType: ImageSlot;
  imageUrl: string;
  versionId: string;
  landingPageInfo: LandingPage;
}

/**
 * A new picture for the slot `imageType` names, saved as a new landing-page version. An unknown
 * slot is 'invalid' (400); a picture that cannot be made is 'unavailable' with the spec's
 * 'Failed to generate image', and changes nothing.
 */
export async function regenerateLandingPageImage(
  app: AppContext,
  row: AppRow,
  user: Pick<UserRow, "id">,
  input: { imageType: string; specificInstructions: string },
): Promise<RegeneratedImage> {
  const slot = imageSlotOf(input.imageType);
  if (!slot) throw new ServiceError("invalid", imageMessages.unknownSlot(input.imageType));
  const blueprint = await blueprintOf(app, row.id);
  const prompt = imagePrompt({
    appName: row.name,
    idea: row.idea,
    domain: blueprint?.blueprint.topic ?? null,
    page: row.landingPage,
    slot,
    instructions: input.specificInstructions,
  });
  let imageUrl: string;
  try {
    imageUrl = await makeLandingImage(app, creatorAi(app, user.id, row.id), user.id, {
      name: `${row.id}-${slot}-${crypto.randomUUID().slice(0, 8)}`,
      slot,
      prompt,
      theme: row.theme,
    });
  } catch (error) {
    // A refusal (the day's generations are used) is the creator's to read; anything else is a failure.
    if (error instanceof ServiceError) throw error;
    console.error("regenerateLandingPageImage: no picture made", error);
    throw new ServiceError("unavailable", imageMessages.failed);
  }
  const saved = await saveLandingPage(app, row, user, withSlotImage(row.landingPage, slot, imageUrl));
  if (!saved.ok) throw invalidInput(saved.errors);
  return { imageType: slot, imageUrl, versionId: saved.versionId, landingPageInfo: saved.value };
}
