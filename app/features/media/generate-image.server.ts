/**
 * generateAppImage (creator-app-builder spec 7 "Landing page and AI images"; issue 20): a picture
 * made by the AI layer from the creator's prompt, in the app's theme colours, stored in R2 and saved
 * into the app's media library as an image whose metadata says how it was made (the provider, and
 * the picture's real size: a model may draw another than the one asked for). It counts as one of the
 * creator's daily AI generations. A configured model draws the prompt; without one the embedded
 * default designs a cover: the prompt's first sentence set in type over the app's name. The route
 * answers the spec's fixed 'Failed to generate image' when this throws.
 */
import { creatorAi } from "~/features/apps/ai-meter.server";
import { firstSentence } from "~/features/builder/landing/images";
import { putAppMedia } from "~/platform/adapters/storage/media.server";
import type { AppContext } from "~/platform/context";
import { openMediaApp, type Creator } from "./access.server";
import { imageSizeFor } from "./rules";
import { insertMedia, mediaView, type MediaView } from "./media.server";

export async function generateAppImage(
  app: AppContext,
  user: Creator,
  input: { appId: string; imageContext: string; prompt: string },
): Promise<MediaView> {
  const row = await openMediaApp(app, user, input.appId);
  const { width, height } = imageSizeFor(input.imageContext);
  const theme = row.theme;
  const image = await creatorAi(app, user.id, row.id).image({
    task: "app-image",
    prompt: [row.name, input.imageContext, input.prompt].filter(Boolean).join(". "),
    width,
    height,
    palette: [theme.primaryColor, theme.accentColor, theme.backgroundColor],
    cover: { kicker: row.name, title: firstSentence(input.prompt, 80) || row.name, variant: crypto.randomUUID() },
  });
  // Stored like an upload, so a provider answering something that is not an image is refused here.
  const stored = await putAppMedia(app, row.id, image.value.bytes);
  if ("error" in stored || stored.kind !== "image")
    throw new Error(`generateAppImage: not an image (${image.provider})`);
  const metadata = {
    generatedFrom: input.prompt,
    imageContext: input.imageContext,
    provider: image.provider,
    model: image.model,
    width: image.value.width,
    height: image.value.height,
    size: stored.size,
    contentType: stored.contentType,
  };
  const saved = await insertMedia(app, row.id, "image", stored.url, { metadata }, null);
  return mediaView(saved);
}
