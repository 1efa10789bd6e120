import { z } from "zod";
import { deleteTestingStep } from "~/features/simulator/personas.server";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * DELETE /api/app-builder/deleteTestingStep/{testingStepId} (ours; auth, owner) → {response: {success,
 * deleted}}: the persona and everything made as it (answers, onboarding states, plans, activity
 * runs, simulator items).
 */
export const action = signedInAction(
  z.object({}),
  async ({ app, user, params }) => ({
    response: { success: true, ...(await deleteTestingStep(app, user, (params.testingStepId ?? "").slice(0, 64))) },
  }),
  { method: "DELETE", body: "ignored" },
);
export const loader = methodNotAllowed;
