import { z } from "zod";
import { startReplay } from "~/features/simulator/replay.server";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/replayTestFlow/{testFlowId} (ours; auth, owner) → {response: {jobId, status,
 * statusUrl, room}}: replays the flow against the current draft as a job; statusUrl answers the
 * outcome and what changed since the flow's last run.
 */
export const action = signedInAction(
  z.object({}),
  async ({ app, user, params }) => ({
    response: await startReplay(app, user, (params.testFlowId ?? "").slice(0, 64)),
  }),
  { body: "ignored" },
);
export const loader = methodNotAllowed;
