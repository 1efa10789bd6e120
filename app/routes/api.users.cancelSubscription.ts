import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";
import { cancelSchema } from "~/features/subscriptions/schema";
import { cancelSubscription } from "~/features/subscriptions/subscription-actions.server";

/** POST /api/users/cancelSubscription {subscriptionId, reason, feedback, shouldUnenroll = true} → {success, message}. */
export const action = signedInAction(cancelSchema, async ({ input, user, app }) => {
  const result = await cancelSubscription(app, user.id, input);
  return apiJson(result, { status: result.success ? 200 : 400 });
});
export const loader = methodNotAllowed;
