import { jsonError, methodNotAllowed, signedInLoader } from "~/http/api.server";
import { openOwnedApp, versionPage } from "~/features/builder/builder.server";
import { builderMessages } from "~/features/builder/rules";
import { versionHistoryQuery } from "~/features/builder/schema";

/**
 * GET /api/app-builder/getLandingPageVersionHistory?appId&limit&cursor (auth) → {response: {versions,
 * nextCursor, hasMore}}: paged like the onboarding flow's, 20 at a time, back to the first version.
 */
export const loader = signedInLoader(versionHistoryQuery, async ({ input, app, user }) => {
  const row = await openOwnedApp(app, user, input.appId);
  const page = await versionPage(app, row.id, "landing_page", { limit: input.limit, cursor: input.cursor });
  if (!page) return jsonError(400, builderMessages.cursorInvalid);
  return { ...page, response: page };
});
export const action = methodNotAllowed;
