import { updateTestFlowBody } from "~/features/simulator/schema";
import { updateTestFlow } from "~/features/simulator/test-flows.server";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/** POST /api/app-builder/updateTestFlow/{testFlowId} {title?, steps?} (auth, owner) → {response: {success, testFlow}}. */
export const action = signedInAction(updateTestFlowBody, async ({ input, app, user, params }) => ({
  response: {
    success: true,
    testFlow: await updateTestFlow(app, user, (params.testFlowId ?? "").slice(0, 64), input),
  },
}));
export const loader = methodNotAllowed;
