import { checkUnpublishedLoader } from "~/features/builder/api.server";
import { methodNotAllowed } from "~/platform/api.server";

/** GET /api/apps/checkUnpublishedChanges/{appId} (auth). */
export const loader = checkUnpublishedLoader;
export const action = methodNotAllowed;
