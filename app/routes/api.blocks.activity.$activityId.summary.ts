import { saveSummaryCall } from "~/features/activities/calls.server";
import { activityFailures } from "~/features/activities/rules";
import { saveSummaryBody } from "~/features/activities/schema";
import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";
import { ServiceError } from "~/platform/service-error";

const failed = activityFailures.saveSummary;

/**
 * POST /api/blocks/activity/{activityId}/summary {summaryAnalysisText} (auth only) → {response:
 * {success:true, summaryAnalysisText}}: saved on the run ({activityId} is activity_runs.id). Every
 * failure is {success:false, error:'Failed to save activity summary'} with its detail and status.
 */
export const action = signedInAction(
  saveSummaryBody,
  async ({ input, app, user, params }) => {
    try {
      const run = await saveSummaryCall(app, user, params.activityId ?? "", input.summaryAnalysisText);
      return apiJson({ response: { success: true, summaryAnalysisText: run.summaryAnalysisText } });
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      console.error("activity summary save failed", error);
      return apiJson({ success: false, error: failed, detail: failed }, { status: 500 });
    }
  },
  { failure: (_status, detail) => ({ success: false, error: failed, detail }) },
);
export const loader = methodNotAllowed;
