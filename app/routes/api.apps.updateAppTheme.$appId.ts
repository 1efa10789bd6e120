import { updateThemeAction } from "~/features/builder/api.server";
import { methodNotAllowed } from "~/platform/api.server";

/** POST /api/apps/updateAppTheme/{appId} (auth). */
export const action = updateThemeAction;
export const loader = methodNotAllowed;
