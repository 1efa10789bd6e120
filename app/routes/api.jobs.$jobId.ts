import { z } from "zod";
import { ownJobStatus } from "~/features/jobs/jobs.server";
import { signedInLoader } from "~/http/api.server";

/** GET /api/jobs/{jobId} (auth, whoever started it) → {response: {jobId, kind, status, progress, error, room}}: a builder job's status, for pollers. */
export const loader = signedInLoader(z.object({}), async ({ params, user, app }) => ({
  response: await ownJobStatus(app, user.id, (params.jobId ?? "").slice(0, 64)),
}));
