import { saveTestingInfoBody } from "~/features/simulator/schema";
import { saveTestingOnboardingInfo } from "~/features/simulator/testing-info.server";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/saveTestingOnboardingInfo {appId, testingStepId, info} (auth, owner) →
 * {response: {success, appId, testingStepId, info, updatedAt}}: replaces the persona's answers,
 * checked against the draft onboarding's questions (a key it does not ask is a 400).
 */
export const action = signedInAction(saveTestingInfoBody, async ({ input, app, user }) => ({
  response: { success: true, ...(await saveTestingOnboardingInfo(app, user, input)) },
}));
export const loader = methodNotAllowed;
