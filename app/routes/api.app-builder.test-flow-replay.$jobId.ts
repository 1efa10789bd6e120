import { z } from "zod";
import { replayResult } from "~/features/simulator/replay.server";
import { methodNotAllowed, signedInLoader } from "~/http/api.server";

/**
 * GET /api/app-builder/test-flow-replay/{jobId} (ours; auth, whoever started it) → {response: {jobId,
 * kind, status, progress, error, room, result}}: once completed, result is {success:true, itemId,
 * outcome, diff} (diff: onboardingPages, planPhases, cards, each added/removed/changed with before
 * and after) or {success:false, error}.
 */
export const loader = signedInLoader(z.object({}), async ({ params, user, app }) => ({
  response: await replayResult(app, user, (params.jobId ?? "").slice(0, 64)),
}));
export const action = methodNotAllowed;
