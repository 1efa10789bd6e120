import { jsonError, methodNotAllowed, signedInLoader } from "~/http/api.server";
import { studioPaymentOptions } from "~/features/builder/builder.server";
import { builderMessages } from "~/features/builder/rules";
import { noQuery } from "~/features/builder/schema";

/** GET /api/payments/studio-payment-options (auth) → {status:'success', tiers, response:{tiers}}; 'Failed to fetch studio payment options' on a failed read. */
export const loader = signedInLoader(noQuery, async ({ app }) => {
  try {
    const tiers = await studioPaymentOptions(app);
    return { status: "success", tiers, response: { tiers } };
  } catch (error) {
    console.error("studio-payment-options: read failed", error);
    return jsonError(500, builderMessages.studioOptionsFailed);
  }
});
export const action = methodNotAllowed;
