import { updateExample } from "~/features/builder/blueprint.server";
import { exampleChange } from "~/features/builder/schema";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/** PATCH /api/app-builder/blueprint-examples/{exampleId} {content, title} (auth, its app's owner) → {response: {example}}. */
export const action = signedInAction(
  exampleChange,
  async ({ input, app, user, params }) => ({
    response: { success: true, example: await updateExample(app, user, (params.exampleId ?? "").slice(0, 64), input) },
  }),
  { method: "PATCH" },
);
export const loader = methodNotAllowed;
