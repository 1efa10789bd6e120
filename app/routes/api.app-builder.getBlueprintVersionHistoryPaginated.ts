import { openOwnedApp } from "~/features/builder/builder.server";
import { blueprintVersions } from "~/features/builder/blueprint.server";
import { builderMessages } from "~/features/builder/rules";
import { versionHistoryQuery } from "~/features/builder/schema";
import { jsonError, signedInLoader } from "~/http/api.server";

/** GET /api/app-builder/getBlueprintVersionHistoryPaginated?appId&limit&cursor (auth, owner) → {versions, nextCursor, hasMore} (also under 'response'); 20 a page. */
export const loader = signedInLoader(versionHistoryQuery, async ({ input, app, user }) => {
  const row = await openOwnedApp(app, user, input.appId);
  const page = await blueprintVersions(app, row.id, { limit: input.limit, cursor: input.cursor });
  if (!page) return jsonError(400, builderMessages.cursorInvalid);
  return { ...page, response: page };
});
