import { analyzeUploadsCall } from "~/features/activities/calls.server";
import { analyzeUploadsBody } from "~/features/activities/schema";
import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/analyzeUploads {mediaUrls, mediaTypes, analysisPrompt, appId, userId?,
 * inputContext?, cardContext?, allCardsContext?} (auth: the app's owner, or an end user who may use
 * it) → {response: {success:true, analysis, findings, provider}}. Image analysis is the same call
 * with every type 'image'. Media urls must be the app's library files or the caller's own uploads.
 */
export const action = signedInAction(analyzeUploadsBody, async ({ input, app, user }) => {
  const analysis = await analyzeUploadsCall(app, user, input);
  return apiJson({
    response: { success: true, analysis: analysis.text, findings: analysis.findings, provider: analysis.provider },
  });
});
export const loader = methodNotAllowed;
