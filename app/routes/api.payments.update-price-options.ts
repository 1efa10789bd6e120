import { updatePriceOptionsAction } from "~/features/builder/api.server";
import { methodNotAllowed } from "~/platform/api.server";

/** POST /api/payments/update-price-options (auth; prices in cents). */
export const action = updatePriceOptionsAction;
export const loader = methodNotAllowed;
