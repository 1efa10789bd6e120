import { z } from "zod";
import { linkAnonymousUser } from "~/features/identity/anonymous.server";
import { signedInAction } from "~/features/identity/api-auth.server";
import { apiJson, methodNotAllowed } from "~/platform/api.server";

const body = z.object({ anonymousUserId: z.string({ required_error: "anonymousUserId is required" }).trim().max(60) });

/** POST /api/users/linkAuthUserWithAnonymousUserId {anonymousUserId} → {success, dataLinked, message}; linked once. */
export const action = signedInAction(body, async ({ anonymousUserId }, user, app) => {
  const result = await linkAnonymousUser(app, anonymousUserId, user.id);
  return apiJson(result, { status: result.success ? 200 : 400 });
});
export const loader = methodNotAllowed;
