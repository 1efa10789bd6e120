import { simulatorItemsForApp } from "~/features/simulator/items.server";
import { itemsForAppQuery } from "~/features/simulator/schema";
import { methodNotAllowed, signedInLoader } from "~/http/api.server";

/**
 * GET /api/app-builder/getSimulatorItemsForApp?appId&page&limit&types&includeTestingSteps (auth,
 * owner) → {response: {items, hasMore, total}}: newest first, page 1 and 10 a page by default (at
 * most 50), persona items only with includeTestingSteps=true; when the read fails, empty items,
 * hasMore false and total 0 (spec 8).
 */
export const loader = signedInLoader(itemsForAppQuery, async ({ input, app, user }) => ({
  response: await simulatorItemsForApp(app, user, input),
}));
export const action = methodNotAllowed;
