import { z } from "zod";
import { describeJobStatus } from "~/features/media/describe/describe-job.server";
import { methodNotAllowed, signedInLoader } from "~/http/api.server";

/**
 * GET /api/app-builder/describe-media/{jobId} (auth, whoever started it) → {response: {jobId, kind,
 * status, progress, error, room, result}}: a description job's status (started by a describe call
 * with async:true); once completed, result is {success:true, description} or the spec's
 * {success:false, error, detail}.
 */
export const loader = signedInLoader(z.object({}), async ({ params, user, app }) => ({
  response: await describeJobStatus(app, user.id, (params.jobId ?? "").slice(0, 64)),
}));
export const action = methodNotAllowed;
