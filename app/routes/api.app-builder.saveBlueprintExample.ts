import { openOwnedApp } from "~/features/builder/builder.server";
import { saveExample } from "~/features/builder/blueprint.server";
import { saveExampleBody } from "~/features/builder/schema";
import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";

/** POST /api/app-builder/saveBlueprintExample {appId, type, title, content} (auth, owner) → 201 {response: {example}}. */
export const action = signedInAction(saveExampleBody, async ({ input, app, user }) => {
  const row = await openOwnedApp(app, user, input.appId);
  const example = await saveExample(app, row, user, { type: input.type, title: input.title, content: input.content });
  return apiJson({ response: { success: true, example } }, { status: 201 });
});
export const loader = methodNotAllowed;
