import { methodNotAllowed, signedInLoader } from "~/http/api.server";
import { openOwnedApp, unpublishedChanges } from "~/features/builder/builder.server";
import { noQuery } from "~/features/builder/schema";

/** GET /api/apps/checkUnpublishedChanges/{appId} (auth) → {response:{hasUnpublishedChanges, isPublished, publishedAt, changed}}. */
export const loader = signedInLoader(noQuery, async ({ app, user, params }) => {
  const row = await openOwnedApp(app, user, params.appId ?? "");
  return { response: unpublishedChanges(row) };
});
export const action = methodNotAllowed;
