import { openOwnedApp } from "~/features/builder/builder.server";
import { examplesOf } from "~/features/builder/blueprint.server";
import { examplesQuery } from "~/features/builder/schema";
import { signedInLoader } from "~/http/api.server";

/** GET /api/app-builder/getBlueprintExamplesForApp?appId&type (auth, owner) → {response: {examples}}, newest first. */
export const loader = signedInLoader(examplesQuery, async ({ input, app, user }) => {
  const row = await openOwnedApp(app, user, input.appId);
  return { response: { examples: await examplesOf(app, row.id, input.type) } };
});
