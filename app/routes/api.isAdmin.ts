import { z } from "zod";
import { requestUser } from "~/features/identity/tokens.server";
import { apiJson, apiLoader, methodNotAllowed } from "~/platform/api.server";

/** GET /api/isAdmin: whether the signed-in user is an admin, decided on the server (visitors: false). */
export const loader = apiLoader(z.object({}), async (_input, app, request) => {
  const user = await requestUser(app, request);
  return apiJson({ isAdmin: Boolean(user?.isAdmin) });
});
export const action = methodNotAllowed;
