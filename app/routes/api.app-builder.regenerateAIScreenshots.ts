import { openOwnedApp } from "~/features/builder/builder.server";
import { imageMessages } from "~/features/builder/landing/images";
import { regenerateScreenshots } from "~/features/builder/landing/screenshots.server";
import { screenshotsBody } from "~/features/builder/schema";
import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/regenerateAIScreenshots {appId, additionalPrompt} (auth, owner) → the app's
 * screenshots (landing page, first onboarding step, plan; PNG in phone frames) saved in the landing
 * page as a new version: {response: {success, screenshots: [{screen, url, alt}], versionId,
 * landingPageInfo}}. With a configured image model the work is a job: 202 {response: {success,
 * status: 'pending', jobId, statusUrl}}. Every failure is the spec's {success:false, error:'Failed to
 * generate image'} with its status and what went wrong as its detail.
 */
export const action = signedInAction(
  screenshotsBody,
  async ({ input, app, user }) => {
    const row = await openOwnedApp(app, user, input.appId);
    const answer = await regenerateScreenshots(app, row, user, input);
    if (answer.status === "pending") return apiJson({ response: { success: true, ...answer } }, { status: 202 });
    return { response: { success: true, ...answer } };
  },
  { failure: (_status, detail) => ({ success: false, error: imageMessages.failed, detail }) },
);
export const loader = methodNotAllowed;
