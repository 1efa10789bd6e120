import { startBrainstorm } from "~/features/builder/brainstorms.server";
import { brainstormBody } from "~/features/builder/schema";
import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/buildBrainstorm {interest, audience?, expertise?} (auth) → 202 {response:
 * {brainstormId, jobId, status: 'pending'}}: a brainstorm job; poll getBrainstormStatus, then read
 * getBrainstormApps. 429 past the day's AI generations.
 */
export const action = signedInAction(brainstormBody, async ({ input, user, app }) => {
  const { brainstormId, jobId } = await startBrainstorm(app, user.id, input);
  return apiJson({ response: { brainstormId, jobId, status: "pending" } }, { status: 202 });
});
export const loader = methodNotAllowed;
