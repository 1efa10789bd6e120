import { z } from "zod";
import { enrolledApps } from "~/features/apps/enrolled.server";
import { methodNotAllowed, signedInLoader } from "~/http/api.server";

/**
 * GET /api/users/getUserEnrolledApps (bearer token or session) → {enrolledApps: [...]}: the apps the
 * caller has a plan in or has bought, with their landing info and plan status; 401 without a caller.
 */
export const loader = signedInLoader(z.object({}).passthrough(), async ({ app, user }) => ({
  enrolledApps: await enrolledApps(app, user.id),
}));
export const action = methodNotAllowed;
