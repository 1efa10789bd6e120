import { purchaseProducts } from "~/features/checkout/purchase-api.server";
import { purchaseSchema } from "~/features/checkout/schema";
import { jsonError, methodNotAllowed, signedInAction } from "~/http/api.server";
import { readOffers } from "~/http/offers.server";
import { visitMarksOf } from "~/http/checkout.server";

/** POST /api/purchase {payment_info, product_id} → {success, status, checkoutSessionId, url, totalCents}. */
export const action = signedInAction(purchaseSchema, async ({ input, app, request, user }) => {
  const visit = {
    offers: readOffers(app, request, user),
    marks: visitMarksOf(request),
    origin: new URL(request.url).origin,
    idempotencyKey: request.headers.get("Idempotency-Key"),
  };
  const result = await purchaseProducts(app, visit, user, [input.product_id], input.payment_info);
  if (!result.ok) return jsonError(result.status, result.message);
  const { ok: _ok, ...answer } = result;
  return answer;
});
export const loader = methodNotAllowed;
