import { openOwnedApp } from "~/features/builder/builder.server";
import { blueprintVersions } from "~/features/builder/blueprint.server";
import { appIdQuery } from "~/features/builder/schema";
import { signedInLoader } from "~/http/api.server";

/** GET /api/app-builder/getBlueprintVersionHistory?appId= (auth, owner) → {response: {versions}}: the newest page (20). */
export const loader = signedInLoader(appIdQuery, async ({ input, app, user }) => {
  const row = await openOwnedApp(app, user, input.appId);
  const page = await blueprintVersions(app, row.id);
  return {
    response: { versions: page?.versions ?? [], nextCursor: page?.nextCursor ?? null, hasMore: !!page?.hasMore },
  };
});
