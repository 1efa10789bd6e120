import { z } from "zod";
import { publicAppBySlugs } from "~/features/apps/apps.server";
import { PAYMENT_MESSAGES, markHeldPlan } from "~/features/apps/payment-options";
import { activeAppPlan, paymentOptionsFor } from "~/features/apps/payment-options.server";
import { apiJson, apiLoader } from "~/http/api.server";

/** The spec's failure: {status, error: 'Failed to fetch payment options'}. */
const failed = (status: 404 | 503) =>
  apiJson({ status: status === 404 ? "not found" : "error", error: PAYMENT_MESSAGES.fetchFailed }, { status });

const query = z.object({ user_id: z.string().max(200).optional() });

/**
 * GET /api/payments/payment-options/{storefrontSlug}/{appSlug}?user_id= → {status:'success', response}
 * from the app's published pricing. user_id marks the plan that user holds, only when it is the
 * caller themself: whether someone else holds a plan is theirs to tell, so any other id is ignored.
 */
export const loader = apiLoader(query, async ({ app, params, input, visitor }) => {
  try {
    const row = await publicAppBySlugs(
      app,
      (params.storefrontSlug ?? "").slice(0, 120),
      (params.appSlug ?? "").slice(0, 120),
    );
    const response = row ? paymentOptionsFor(app, row) : null;
    if (!row || !response) return failed(404);
    if (!input.user_id) return { status: "success", response };
    const user = (await visitor()).user;
    const held = user?.id === input.user_id ? await activeAppPlan(app, row.id, user.id) : null;
    return { status: "success", response: markHeldPlan(response, row.id, held) };
  } catch (error) {
    console.error("payments: payment options failed", error);
    return failed(503);
  }
});
