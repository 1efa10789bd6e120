import { z } from "zod";
import { apiJson, methodNotAllowed, signedInLoader } from "~/http/api.server";
import { findUserId, SUBSCRIPTION_MESSAGES, userSubscriptions } from "~/features/subscriptions/subscriptions.server";
import { jsonError } from "~/platform/http.server";

const query = z.object({
  asUserEmail: z.string().trim().email("asUserEmail must be an email address").optional(),
  asUserId: z.string().trim().min(1).max(64).optional(),
});

/**
 * GET /api/payments/user-studio-subscriptions[?asUserEmail=|asUserId=] → {subscriptions, hasActiveSubscription}.
 * Looking at someone else is for admins only (checked here, on the server). A failed read is an
 * empty list and no active subscription, as spec 8 says.
 */
export const loader = signedInLoader(query, async ({ input: { asUserEmail, asUserId }, user, app }) => {
  let userId = user.id;
  if (asUserEmail || asUserId) {
    if (!user.isAdmin) return jsonError(403, "Only admins may look at another user's subscriptions");
    const found = await findUserId(app, { email: asUserEmail, id: asUserId });
    if (!found) return jsonError(404, "No such user");
    userId = found;
  }
  try {
    return apiJson(await userSubscriptions(app, userId));
  } catch (error) {
    console.error("user-studio-subscriptions: read failed", error);
    return apiJson({ subscriptions: [], hasActiveSubscription: false, message: SUBSCRIPTION_MESSAGES.fetchFailed });
  }
});
export const action = methodNotAllowed;
