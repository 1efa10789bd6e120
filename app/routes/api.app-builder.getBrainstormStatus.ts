import { brainstormOf } from "~/features/builder/brainstorms.server";
import { brainstormQuery } from "~/features/builder/schema";
import { signedInLoader } from "~/http/api.server";

/** GET /api/app-builder/getBrainstormStatus?brainstormId= (auth, its creator) → {response: {brainstormId, status, progress, jobId, room}}. */
export const loader = signedInLoader(brainstormQuery, async ({ input, user, app }) => {
  const brainstorm = await brainstormOf(app, user.id, input.brainstormId);
  return {
    response: {
      brainstormId: brainstorm.brainstormId,
      status: brainstorm.status,
      progress: brainstorm.status === "completed" ? 100 : (brainstorm.job?.progress ?? 0),
      jobId: brainstorm.job?.jobId ?? null,
      room: brainstorm.job?.room ?? null,
    },
  };
});
