import { ownExample } from "~/features/builder/blueprint.server";
import { exampleQuery } from "~/features/builder/schema";
import { signedInLoader } from "~/http/api.server";

/** GET /api/app-builder/getBlueprintExampleById?exampleId= (auth, its app's owner) → {response: {example}}. */
export const loader = signedInLoader(exampleQuery, async ({ input, app, user }) => ({
  response: { example: await ownExample(app, user, input.exampleId) },
}));
