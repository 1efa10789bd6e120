import { z } from "zod";
import { simulatorJobStatus } from "~/features/simulator/jobs.server";
import { methodNotAllowed, signedInLoader } from "~/http/api.server";

/**
 * GET /api/app-builder/simulator-job/{jobId} (ours; auth, the app's owner) → {response: {jobId, kind,
 * status, progress, error, room}}: a persona's plan job or a simulated run's AI card job, for the
 * simulator's progress bars.
 */
export const loader = signedInLoader(z.object({}), async ({ params, user, app }) => ({
  response: await simulatorJobStatus(app, user, (params.jobId ?? "").slice(0, 64)),
}));
export const action = methodNotAllowed;
