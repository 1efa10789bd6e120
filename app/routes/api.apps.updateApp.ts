import { updateApp } from "~/features/apps/api.server";
import { methodNotAllowed } from "~/http/api.server";

/** POST /api/apps/updateApp {appId, canvasSettings} or {appId, name?, isIdea?} (auth + owner) → {response}. */
export const action = updateApp;
export const loader = methodNotAllowed;
