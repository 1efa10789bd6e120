import { z } from "zod";
import { signedInLoader } from "~/features/identity/api-auth.server";
import { purchaseJson, userPurchases } from "~/features/purchases/purchases.server";
import { apiJson, methodNotAllowed } from "~/platform/api.server";

/** GET /api/getUserPurchases → {purchases}: newest first, refunded ones filtered out. */
export const loader = signedInLoader(z.object({}), async (_input, user, app) =>
  apiJson({ purchases: (await userPurchases(app, user.id)).map(purchaseJson) }),
);
export const action = methodNotAllowed;
