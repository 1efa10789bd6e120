import { methodNotAllowed, signedInAction } from "~/http/api.server";
import { invalidInput, openOwnedApp, saveTheme } from "~/features/builder/builder.server";
import { unwrapContent } from "~/features/builder/rules";
import { contentBody } from "~/features/builder/schema";

/** POST /api/apps/updateAppTheme/{appId} {theme | ...theme} (auth) → {response:{theme, versionId}}. */
export const action = signedInAction(contentBody, async ({ input, app, user, params }) => {
  const row = await openOwnedApp(app, user, params.appId ?? "");
  const saved = await saveTheme(app, row, user, unwrapContent(input, ["theme"]));
  if (!saved.ok) throw invalidInput(saved.errors);
  return { response: { success: true, theme: saved.value, versionId: saved.versionId } };
});
export const loader = methodNotAllowed;
