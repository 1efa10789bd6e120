import { mostRecentSimulatorItem } from "~/features/simulator/items.server";
import { mostRecentItemQuery } from "~/features/simulator/schema";
import { methodNotAllowed, signedInLoader } from "~/http/api.server";

/**
 * GET /api/app-builder/getMostRecentSimulatorItemByTypeAndAppId?appId&itemType&includeTestingSteps
 * (auth, owner) → {response: {item}}: the newest item of the type (item null when there is none);
 * items made as a persona only with includeTestingSteps=true (spec 9: false by default).
 */
export const loader = signedInLoader(mostRecentItemQuery, async ({ input, app, user }) => ({
  response: { item: await mostRecentSimulatorItem(app, user, input) },
}));
export const action = methodNotAllowed;
