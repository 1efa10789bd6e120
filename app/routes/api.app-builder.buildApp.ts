import { startBuildApp } from "~/features/builder/build-app.server";
import { buildAppBody } from "~/features/builder/schema";
import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/buildApp {appIdea} | {brainstormId, index} (auth) → 202 {response: {appId,
 * jobId, status: 'pending', statusUrl, progressUrl}}: the app is made by a build job; poll statusUrl
 * (GET /api/jobs/{jobId}) or open progressUrl. 429 past the day's AI generations.
 */
export const action = signedInAction(buildAppBody, async ({ input, user, app }) => {
  const { jobId, appId } = await startBuildApp(app, user.id, input);
  return apiJson(
    {
      response: {
        appId,
        jobId,
        status: "pending",
        statusUrl: `/api/jobs/${jobId}`,
        progressUrl: `/dashboard/builder/jobs/${jobId}`,
        builderUrl: `/dashboard/builder?appId=${appId}`,
      },
    },
    { status: 202 },
  );
});
export const loader = methodNotAllowed;
