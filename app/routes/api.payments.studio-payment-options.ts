import { studioOptionsLoader } from "~/features/builder/api.server";
import { methodNotAllowed } from "~/platform/api.server";

/** GET /api/payments/studio-payment-options (auth): the studio tiers with their price options. */
export const loader = studioOptionsLoader;
export const action = methodNotAllowed;
