import { openOwnedApp } from "~/features/builder/builder.server";
import { helpForBlueprint } from "~/features/builder/blueprint.server";
import { appIdQuery } from "~/features/builder/schema";
import { signedInLoader } from "~/http/api.server";

/** GET /api/app-builder/getBlueprintHelpForApp?appId= (auth, owner) → {response: {missing, thin, nextStep}}: an AI generation. */
export const loader = signedInLoader(appIdQuery, async ({ input, app, user }) => {
  const row = await openOwnedApp(app, user, input.appId);
  return { response: await helpForBlueprint(app, row, user) };
});
