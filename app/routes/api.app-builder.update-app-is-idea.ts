import { updateAppIsIdea } from "~/features/apps/api.server";
import { methodNotAllowed } from "~/http/api.server";

/** POST /api/app-builder/update-app-is-idea {appId, isIdea} (owner). */
export const action = updateAppIsIdea;
export const loader = methodNotAllowed;
