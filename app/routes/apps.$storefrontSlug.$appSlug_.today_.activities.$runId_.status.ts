import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { activityJobStatus } from "./apps.$storefrontSlug.$appSlug_.today_.activities.$runId/activity.server";

/**
 * GET /apps/{storefrontSlug}/{appSlug}/today/activities/{runId}/status → {response: {status,
 * progress, …}}: the run's current AI card's job, for the activity screen's progress bar to poll
 * (the run's own user only).
 */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  activityJobStatus(context.app, request, params);
