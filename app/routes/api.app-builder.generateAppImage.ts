import { generateAppImage } from "~/features/media/generate-image.server";
import { mediaMessages } from "~/features/media/rules";
import { generateImageBody } from "~/features/media/schema";
import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";
import { ServiceError } from "~/platform/service-error";

const failed = mediaMessages.imageFailed;

/**
 * POST /api/app-builder/generateAppImage {appId, imageContext, prompt} (auth, owner) → 201 {response:
 * {success:true, media}}: a picture made from the prompt in the app's theme colours, saved into the
 * app's media library. Every failure is the spec's {success:false, error:'Failed to generate image'}
 * with what went wrong as its detail and its own status (401, 400, 403, 404, 429, else 500), as the
 * other fixed-result calls answer.
 */
export const action = signedInAction(
  generateImageBody,
  async ({ input, app, user }) => {
    try {
      const media = await generateAppImage(app, user, input);
      return apiJson({ response: { success: true, media } }, { status: 201 });
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      console.error("generateAppImage failed", error);
      return apiJson({ success: false, error: failed, detail: failed }, { status: 500 });
    }
  },
  { failure: (_status, detail) => ({ success: false, error: failed, detail }) },
);
export const loader = methodNotAllowed;
