import { z } from "zod";
import { apiJson, methodNotAllowed, signedInLoader } from "~/http/api.server";
import { SUBSCRIPTION_MESSAGES, userSubscriptions } from "~/features/subscriptions/subscriptions.server";

/** GET /api/subscription → {status: 'success', subscription} (the newest, or null); {status: 'error', message} when it cannot be read. */
export const loader = signedInLoader(z.object({}), async ({ user, app }) => {
  try {
    const { subscriptions } = await userSubscriptions(app, user.id);
    return apiJson({ status: "success", subscription: subscriptions[0] ?? null });
  } catch (error) {
    console.error("subscription: read failed", error);
    return apiJson(
      { status: "error", message: SUBSCRIPTION_MESSAGES.fetchFailed, subscription: null },
      { status: 503 },
    );
  }
});
export const action = methodNotAllowed;
