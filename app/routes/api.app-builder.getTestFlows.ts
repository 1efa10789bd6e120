import { testFlowsQuery } from "~/features/simulator/schema";
import { listTestFlows } from "~/features/simulator/test-flows.server";
import { methodNotAllowed, signedInLoader } from "~/http/api.server";

/** GET /api/app-builder/getTestFlows?appId&loadAllForApp (auth, owner) → {response: {testFlows}}: the caller's flows, or everyone's with loadAllForApp=true. */
export const loader = signedInLoader(testFlowsQuery, async ({ input, app, user }) => ({
  response: { testFlows: await listTestFlows(app, user, input) },
}));
export const action = methodNotAllowed;
