import { z } from "zod";
import {
  ANONYMOUS_ID,
  NON_AUTH_HEADER,
  NOT_YOUR_ANONYMOUS_ID,
  carriedAnonymousIds,
} from "~/features/identity/anonymous.server";
import { linkAnonymousUserAnswer, UNKNOWN_ERROR } from "~/features/sign-in/after-sign-in.server";
import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";

const body = z.object({ anonymousUserId: z.string({ required_error: "anonymousUserId is required" }).trim().max(60) });

/**
 * POST /api/users/linkAuthUserWithAnonymousUserId {anonymousUserId} → {success, dataLinked, message}; linked once.
 * The visitor's onboarding answers and plans move with it (also when the id was linked before, e.g. by a cart).
 * Only the id this request carries (visitor cookie or X-Non-Auth-User-Id) is linked: another is a 403.
 */
export const action = signedInAction(body, async ({ input: { anonymousUserId }, user, app, request, visitor }) => {
  const carried = carriedAnonymousIds(request.headers.get(NON_AUTH_HEADER), (await visitor()).anonymousId);
  if (ANONYMOUS_ID.test(anonymousUserId) && !carried.includes(anonymousUserId)) {
    return apiJson({ success: false, message: NOT_YOUR_ANONYMOUS_ID }, { status: 403 });
  }
  const result = await linkAnonymousUserAnswer(app, anonymousUserId, user.id);
  return apiJson(result, { status: result.success ? 200 : result.message === UNKNOWN_ERROR ? 500 : 400 });
});
export const loader = methodNotAllowed;
