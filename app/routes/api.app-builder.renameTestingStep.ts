import { renameTestingStep } from "~/features/simulator/personas.server";
import { renamePersonaBody } from "~/features/simulator/schema";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/** POST /api/app-builder/renameTestingStep {testingStepId, name} (ours; auth, owner) → {response: {success, testingStep}}. */
export const action = signedInAction(renamePersonaBody, async ({ input, app, user }) => ({
  response: { success: true, testingStep: await renameTestingStep(app, user, input) },
}));
export const loader = methodNotAllowed;
