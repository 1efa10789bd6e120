import { openOwnedApp } from "~/features/builder/builder.server";
import { imageMessages } from "~/features/builder/landing/images";
import { regenerateLandingPageImage } from "~/features/builder/landing/images.server";
import { regenerateImageBody } from "~/features/builder/schema";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/regenerateLandingPageImage {appId, imageType, specificInstructions} (auth,
 * owner) → {response: {success, imageType, imageUrl, versionId, landingPageInfo}}: a new picture for
 * the slot (hero, benefits, howItWorks), saved as a new landing-page version. Every failure is the
 * spec's {success:false, error:'Failed to generate image'} with its status, and what went wrong as
 * its detail (an unknown imageType: 400 naming the slots; someone else's app: 403; none: 404).
 */
export const action = signedInAction(
  regenerateImageBody,
  async ({ input, app, user }) => {
    const row = await openOwnedApp(app, user, input.appId);
    const made = await regenerateLandingPageImage(app, row, user, input);
    return { response: { success: true, ...made } };
  },
  { failure: (_status, detail) => ({ success: false, error: imageMessages.failed, detail }) },
);
export const loader = methodNotAllowed;
