import { methodNotAllowed, signedInLoader } from "~/http/api.server";
import { openOwnedApp, versionPage } from "~/features/builder/builder.server";
import { landingHistoryQuery } from "~/features/builder/schema";

/** GET /api/app-builder/getLandingPageVersionHistory?appId (auth) → {response:{versions}} (the newest 50). */
export const loader = signedInLoader(landingHistoryQuery, async ({ input, app, user }) => {
  const row = await openOwnedApp(app, user, input.appId);
  const page = await versionPage(app, row.id, "landing_page", { limit: 50 });
  return { response: { versions: page?.versions ?? [] } };
});
export const action = methodNotAllowed;
