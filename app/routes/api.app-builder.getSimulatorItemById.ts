import { simulatorItemById } from "~/features/simulator/items.server";
import { itemByIdQuery } from "~/features/simulator/schema";
import { methodNotAllowed, signedInLoader } from "~/http/api.server";

/** GET /api/app-builder/getSimulatorItemById?itemId (auth, owner of its app) → {response: {item}}. */
export const loader = signedInLoader(itemByIdQuery, async ({ input, app, user }) => ({
  response: { item: await simulatorItemById(app, user, input.itemId) },
}));
export const action = methodNotAllowed;
