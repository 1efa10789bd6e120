import { z } from "zod";
import { apiLoader, methodNotAllowed } from "~/http/api.server";

/** GET /api/checkIsAdmin (the same check under its other name): whether the signed-in user is an admin, decided on the server (visitors: false). */
export const loader = apiLoader(z.object({}), async ({ visitor }) => {
  const { user } = await visitor();
  return { isAdmin: Boolean(user?.isAdmin) };
});
export const action = methodNotAllowed;
