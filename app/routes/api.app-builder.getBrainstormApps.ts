import { brainstormOf } from "~/features/builder/brainstorms.server";
import { brainstormQuery } from "~/features/builder/schema";
import { signedInLoader } from "~/http/api.server";

/**
 * GET /api/app-builder/getBrainstormApps?brainstormId= (auth, its creator) → {response: {status,
 * apps}}; a failed brainstorm answers {response: {status: 'failed', error}} (spec 8: the client raises
 * the 'error' string). Pending: no apps yet.
 */
export const loader = signedInLoader(brainstormQuery, async ({ input, user, app }) => {
  const brainstorm = await brainstormOf(app, user.id, input.brainstormId);
  if (brainstorm.status === "failed") return { response: { status: "failed", error: brainstorm.error } };
  return { response: { status: brainstorm.status, apps: brainstorm.apps } };
});
