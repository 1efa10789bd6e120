import { createTestingStep } from "~/features/simulator/personas.server";
import { createPersonaBody } from "~/features/simulator/schema";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/** POST /api/app-builder/createTestingStep {appId, name} (ours; auth, owner) → {response: {success, testingStep}}: a test persona; its testingStepId is what the testing variants take. */
export const action = signedInAction(createPersonaBody, async ({ input, app, user }) => ({
  response: { success: true, testingStep: await createTestingStep(app, user, input) },
}));
export const loader = methodNotAllowed;
