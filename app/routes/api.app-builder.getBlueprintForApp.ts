import { openOwnedApp } from "~/features/builder/builder.server";
import { blueprintOf } from "~/features/builder/blueprint.server";
import { blueprintMessages } from "~/features/builder/rules";
import { appIdQuery } from "~/features/builder/schema";
import { jsonError, signedInLoader } from "~/http/api.server";

/** GET /api/app-builder/getBlueprintForApp?appId= (auth, owner) → {response: {appId, blueprint, updatedAt}}. */
export const loader = signedInLoader(appIdQuery, async ({ input, app, user }) => {
  const row = await openOwnedApp(app, user, input.appId);
  const found = await blueprintOf(app, row.id);
  if (!found) return jsonError(404, blueprintMessages.noBlueprint);
  return { response: { appId: row.id, blueprint: found.blueprint, updatedAt: found.updatedAt } };
});
