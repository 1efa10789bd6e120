import { summaryAnalysisCall } from "~/features/activities/calls.server";
import { activityFailures } from "~/features/activities/rules";
import { summaryAnalysisBody } from "~/features/activities/schema";
import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";
import { ServiceError } from "~/platform/service-error";

const failed = activityFailures.summary;

/**
 * POST /api/blocks/activity/{activityId}/summary-analysis {activityId?, allCardsContext,
 * summaryAnalysisPrompt, allMediaUrls, allMediaTypes} (auth only) → {response: {success:true,
 * summaryAnalysisText}}. {activityId} is an activity run (activity_runs.id): its own user's, or the
 * app owner's for a simulated run. Every failure is {success:false, error:'Failed to analyze activity
 * summary'} with its detail and status.
 */
export const action = signedInAction(
  summaryAnalysisBody,
  async ({ input, app, user, params }) => {
    try {
      const summary = await summaryAnalysisCall(app, user, params.activityId ?? "", input);
      return apiJson({ response: { success: true, summaryAnalysisText: summary.text } });
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      console.error("summary-analysis failed", error);
      return apiJson({ success: false, error: failed, detail: failed }, { status: 500 });
    }
  },
  { failure: (_status, detail) => ({ success: false, error: failed, detail }) },
);
export const loader = methodNotAllowed;
