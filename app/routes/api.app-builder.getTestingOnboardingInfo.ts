import { testingInfoQuery } from "~/features/simulator/schema";
import { getTestingOnboardingInfo } from "~/features/simulator/testing-info.server";
import { methodNotAllowed, signedInLoader } from "~/http/api.server";

/** GET /api/app-builder/getTestingOnboardingInfo?appId&testingStepId (auth, owner) → {response: {appId, testingStepId, info, updatedAt}}: a persona's answers ({} before any). */
export const loader = signedInLoader(testingInfoQuery, async ({ input, app, user }) => ({
  response: await getTestingOnboardingInfo(app, user, input),
}));
export const action = methodNotAllowed;
