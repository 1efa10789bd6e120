import { studioCheckoutAction } from "~/features/builder/api.server";
import { methodNotAllowed } from "~/platform/api.server";

/** POST /api/payments/create-studio-checkout-session (auth). */
export const action = studioCheckoutAction;
export const loader = methodNotAllowed;
