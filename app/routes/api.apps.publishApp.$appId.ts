import { publishAction } from "~/features/builder/api.server";
import { methodNotAllowed } from "~/platform/api.server";

/** POST /api/apps/publishApp/{appId} (auth): needs an active studio tier. */
export const action = publishAction;
export const loader = methodNotAllowed;
