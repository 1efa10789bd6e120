import { z } from "zod";
import { publicAppBySlugs } from "~/features/apps/apps.server";
import { PAYMENT_MESSAGES } from "~/features/apps/payment-options";
import { paymentOptionsFor } from "~/features/apps/payment-options.server";
import { apiJson, apiLoader } from "~/http/api.server";

/** The spec's failure: {status, error: 'Failed to fetch payment options'}. */
const failed = (status: 404 | 503) =>
  apiJson({ status: status === 404 ? "not found" : "error", error: PAYMENT_MESSAGES.fetchFailed }, { status });

/** GET /api/payments/payment-options/{storefrontSlug}/{appSlug}?user_id= → {status:'success', response} from the app's published pricing. */
export const loader = apiLoader(z.object({}), async ({ app, params }) => {
  try {
    const row = await publicAppBySlugs(
      app,
      (params.storefrontSlug ?? "").slice(0, 120),
      (params.appSlug ?? "").slice(0, 120),
    );
    const response = row ? paymentOptionsFor(app, row) : null;
    if (!response) return failed(404);
    return { status: "success", response };
  } catch (error) {
    console.error("payments: payment options failed", error);
    return failed(503);
  }
});
