import { openOwnedApp } from "~/features/builder/builder.server";
import { suggestionsFor } from "~/features/builder/blueprint.server";
import { appIdQuery, suggestionsContext } from "~/features/builder/schema";
import { jsonError, methodNotAllowed, queryObject, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/getEditorPlusButtonSuggestions?appId= {afterItemId?, text?} (auth, owner) →
 * {response: {sections: [{title, items: [{id, title, icon, content}]}]}}, content in Markdown: an AI
 * generation. (The client falls back to the spec's default sections when this fails.)
 */
export const action = signedInAction(
  suggestionsContext,
  async ({ input, app, user, request }) => {
    const query = appIdQuery.safeParse(queryObject(new URL(request.url)));
    if (!query.success) return jsonError(400, query.error.issues[0]?.message ?? "appId is required");
    const row = await openOwnedApp(app, user, query.data.appId);
    return { response: { sections: await suggestionsFor(app, row, user, input) } };
  },
  { body: "optional" },
);
export const loader = methodNotAllowed;
