import { createCheckoutSession } from "~/features/apps/api.server";
import { methodNotAllowed } from "~/http/api.server";

/** POST /api/payments/create-checkout-session {userId, storefrontSlug, appSlug, priceOptionId, successUrl, cancelUrl, metadata} → {url, sessionId}. */
export const action = createCheckoutSession;
export const loader = methodNotAllowed;
