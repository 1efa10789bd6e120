/**
 * Landing-page pictures (spec 7 regenerateLandingPageImage; issue 20). A picture is made by the AI
 * layer in the app's theme colours: a model draws the prompt (the app, its practice, what the
 * section says, the creator's instructions); without one, the embedded default designs a cover of
 * the slot's words (./images.ts coverWords). It is stored in R2 under a name that says which
 * (features/apps/pictures.ts), so the builder can label it; regenerating one saves the page as a new
 * landing-page version, so Restore brings the old picture back (each picture has its own key: old
 * ones stay).
 */
import type { LandingPage, Theme } from "~/db/app-content";
import type { AppRow, UserRow } from "~/db/schema";
import { creatorAi } from "~/features/apps/ai-meter.server";
import { pictureName } from "~/features/apps/pictures";
import type { Ai } from "~/platform/adapters/ai/ai.server";
import type { CoverWords } from "~/platform/adapters/ai/provider";
import { putGeneratedImage } from "~/platform/adapters/storage/media.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { blueprintOf } from "../blueprint.server";
import { invalidInput, saveLandingPage } from "../builder.server";
import {
  coverWords,
  IMAGE_SLOTS,
  imageMessages,
  imagePrompt,
  imageSlotOf,
  withSlotImage,
  type ImageSlot,
} from "./images";

export const themePalette = (theme: Theme) => [theme.primaryColor, theme.accentColor, theme.backgroundColor];

/**
 * Makes a picture for a slot and stores it; answers its address. `name` is the file's name under
 * the owner's folder, marked with who made the picture (a designed cover or a model's). Throws when
 * no picture could be made or stored (the AI layer has already fallen back to the embedded default
 * by then).
 */
export async function makeLandingImage(
  app: AppContext,
  ai: Ai,
  ownerId: string,
  {
    name,
    slot,
    prompt,
    cover,
    theme,
  }: { name: string; slot: ImageSlot; prompt: string; cover: CoverWords; theme: Theme },
): Promise<string> {
  const { width, height } = IMAGE_SLOTS[slot];
  const image = await ai.image({
    task: `landing-image-${slot}`,
    prompt,
    width,
    height,
    palette: themePalette(theme),
    cover,
  });
  const madeBy = image.provider === "embedded" ? "embedded" : "model";
  return putGeneratedImage(app, ownerId, pictureName(name, madeBy), image.value);
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
  const words = { appName: row.name, domain: blueprint?.blueprint.topic ?? null, page: row.landingPage, slot };
  const prompt = imagePrompt({ ...words, idea: row.idea, instructions: input.specificInstructions });
  const variant = crypto.randomUUID().slice(0, 8);
  let imageUrl: string;
  try {
    imageUrl = await makeLandingImage(app, creatorAi(app, user.id, row.id), user.id, {
      name: `${row.id}-${slot}-${variant}`,
      slot,
      prompt,
      // A new picture asked for: the same words, arranged anew.
      cover: coverWords({ ...words, variant }),
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
