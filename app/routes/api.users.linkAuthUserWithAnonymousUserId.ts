import { z } from "zod";
import {
  ANONYMOUS_ID,
  NON_AUTH_HEADER,
  NOT_YOUR_ANONYMOUS_ID,
  anonymousIdOf,
  carriedAnonymousIds,
  linkAnonymousUser,
} from "~/features/identity/anonymous.server";
import { signedInAction } from "~/features/identity/api-auth.server";
import { moveOnboardingToUser } from "~/features/onboarding/onboarding.server";
import { apiJson, methodNotAllowed } from "~/platform/api.server";

const body = z.object({ anonymousUserId: z.string({ required_error: "anonymousUserId is required" }).trim().max(60) });

/**
 * POST /api/users/linkAuthUserWithAnonymousUserId {anonymousUserId} → {success, dataLinked, message}; linked once.
 * The visitor's onboarding answers and plans move with it (also when the id was linked before, e.g. by a cart).
 * Only the id this request carries (visitor cookie or X-Non-Auth-User-Id) is linked: another is a 403.
 */
export const action = signedInAction(body, async ({ anonymousUserId }, user, app, request) => {
  const carried = carriedAnonymousIds(request.headers.get(NON_AUTH_HEADER), anonymousIdOf(request));
  if (ANONYMOUS_ID.test(anonymousUserId) && !carried.includes(anonymousUserId)) {
    return apiJson({ success: false, message: NOT_YOUR_ANONYMOUS_ID }, { status: 403 });
  }
  const result = await linkAnonymousUser(app, anonymousUserId, user.id);
  if (result.success && !result.dataLinked && (await moveOnboardingToUser(app, anonymousUserId, user.id)) > 0) {
    return apiJson({ success: true, dataLinked: true, message: "Anonymous data linked" });
  }
  return apiJson(result, { status: result.success ? 200 : 400 });
});
export const loader = methodNotAllowed;
