import { z } from "zod";
import { apiJson, methodNotAllowed, signedInLoader } from "~/http/api.server";
import { purchaseJson, userPurchases } from "~/features/purchases/purchases.server";

/** GET /api/getUserPurchases → {purchases}: newest first, refunded ones filtered out. */
export const loader = signedInLoader(z.object({}), async ({ user, app }) =>
  apiJson({ purchases: (await userPurchases(app, user.id)).map(purchaseJson) }),
);
export const action = methodNotAllowed;
