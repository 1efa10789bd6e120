import { createTestFlowBody } from "~/features/simulator/schema";
import { createTestFlow } from "~/features/simulator/test-flows.server";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/** POST /api/app-builder/createTestFlow {appId, title} (auth, owner) → {response: {success, testFlow}}: a flow with no steps yet. */
export const action = signedInAction(createTestFlowBody, async ({ input, app, user }) => ({
  response: { success: true, testFlow: await createTestFlow(app, user, input) },
}));
export const loader = methodNotAllowed;
