import { z } from "zod";
import { listTestingSteps } from "~/features/simulator/personas.server";
import { methodNotAllowed, signedInLoader } from "~/http/api.server";

/** GET /api/app-builder/getTestingSteps?appId (ours; auth, owner) → {response: {testingSteps}}: the app's test personas, oldest first. */
export const loader = signedInLoader(
  z.object({ appId: z.string({ required_error: "appId is required" }).trim().min(1, "appId is required").max(64) }),
  async ({ input, app, user }) => ({ response: { testingSteps: await listTestingSteps(app, user, input.appId) } }),
);
export const action = methodNotAllowed;
