import { updateRecentlyOpened } from "~/features/apps/api.server";
import { methodNotAllowed } from "~/http/api.server";

/** POST /api/app-builder/updateRecentlyOpened?appId= (owner), no body. */
export const action = updateRecentlyOpened;
export const loader = methodNotAllowed;
