import { generateImageCall } from "~/features/activities/calls.server";
import { activityFailures } from "~/features/activities/rules";
import { generateImageBody } from "~/features/activities/schema";
import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";
import { ServiceError } from "~/platform/service-error";

const failed = activityFailures.image;

/**
 * POST /api/app-builder/generateImageFromInputs {mediaUrls, mediaTypes, generationPrompt, appId,
 * userId?, inputContext?, cardContext?} (auth only) → 201 {response: {success:true, imageUrl, alt}}:
 * a PNG among the caller's own files. Every failure is the spec's {success:false, error:'Failed to
 * generate image'} with what went wrong as its detail and its own status.
 */
export const action = signedInAction(
  generateImageBody,
  async ({ input, app, user }) => {
    try {
      const picture = await generateImageCall(app, user, input);
      return apiJson({ response: { success: true, imageUrl: picture.url, alt: picture.alt } }, { status: 201 });
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      console.error("generateImageFromInputs failed", error);
      return apiJson({ success: false, error: failed, detail: failed }, { status: 500 });
    }
  },
  { failure: (_status, detail) => ({ success: false, error: failed, detail }) },
);
export const loader = methodNotAllowed;
