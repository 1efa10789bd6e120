import { simulatorItemsByTestingStep } from "~/features/simulator/items.server";
import { itemsByStepQuery } from "~/features/simulator/schema";
import { methodNotAllowed, signedInLoader } from "~/http/api.server";

/**
 * GET /api/app-builder/getSimulatorItemsByTestingStepId?testingStepId&types={comma list} (auth,
 * owner of the persona's app) → {response: {items}}: newest first; items [] when the read fails (spec 8).
 */
export const loader = signedInLoader(itemsByStepQuery, async ({ input, app, user }) => ({
  response: await simulatorItemsByTestingStep(app, user, input),
}));
export const action = methodNotAllowed;
