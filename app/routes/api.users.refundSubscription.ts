import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";
import { refundSchema } from "~/features/subscriptions/schema";
import { refund } from "~/features/subscriptions/subscription-actions.server";

/** POST /api/users/refundSubscription {subscriptionId, reason, feedback} → {success, message}. */
export const action = signedInAction(refundSchema, async ({ input, user, app }) => {
  const result = await refund(app, user.id, input);
  return apiJson(result, { status: result.success ? 200 : 400 });
});
export const loader = methodNotAllowed;
