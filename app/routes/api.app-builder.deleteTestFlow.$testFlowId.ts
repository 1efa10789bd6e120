import { z } from "zod";
import { deleteTestFlow } from "~/features/simulator/test-flows.server";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/** DELETE /api/app-builder/deleteTestFlow/{testFlowId} (auth, owner) → {response: {success, deleted}}. */
export const action = signedInAction(
  z.object({}),
  async ({ app, user, params }) => ({
    response: { success: true, ...(await deleteTestFlow(app, user, (params.testFlowId ?? "").slice(0, 64))) },
  }),
  { method: "DELETE", body: "ignored" },
);
export const loader = methodNotAllowed;
