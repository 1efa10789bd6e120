/**
 * POST /api/purchase and /api/purchaseItems: a programmatic checkout for products (not the cart).
 * The answer says where to pay (the provider's page), or that it is already complete when credit and
 * discounts cover it. An Idempotency-Key header makes retries return the same checkout.
 */
import type { UserRow } from "~/db/schema";
import { apiJson } from "~/platform/api.server";
import type { AppContext } from "~/platform/context";
import { randomHex } from "~/platform/crypto.server";
import { jsonError } from "~/platform/http.server";
import { openCheckout } from "./checkout.server";
import { buildOrder } from "./order.server";
import { PAYMENT_INFO_KEYS } from "./rules";
import { sellablesByIds } from "~/features/cart/sellables.server";

export async function purchaseProducts(
  app: AppContext,
  request: Request,
  user: UserRow,
  productIds: string[],
  info: Record<string, unknown>,
) {
  const unique = [...new Set(productIds)];
  const known = new Set((await sellablesByIds(app.db, unique)).map((s) => s.id));
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length > 0) return jsonError(404, `Not for sale: ${unknown.join(", ")}`);
  // payment_info's fields travel like the page's query: the same keys, the same rules.
  const url = new URL("/checkout", request.url);
  const byField = new Map(PAYMENT_INFO_KEYS.map(([query, field]) => [field, query]));
  for (const [field, value] of Object.entries(info)) {
    const key = byField.get(field) ?? (PAYMENT_INFO_KEYS.some(([q]) => q === field) ? field : null);
    if (key && value !== null && value !== undefined && String(value).trim()) url.searchParams.set(key, String(value));
  }
  const order = await buildOrder(app, request, user, url.searchParams, unique);
  if (order.lines.length === 0) return jsonError(409, "You already own everything in this purchase");
  const header = request.headers.get("Idempotency-Key");
  const idempotencyKey = header && /^[A-Za-z0-9_-]{16,64}$/.test(header) ? header : randomHex(16);
  const opened = await openCheckout(app, request, user, order, { idempotencyKey, url });
  if (!opened.ok)
    return jsonError(opened.status, opened.codeError ?? opened.formError ?? "Failed to create checkout session");
  const complete = opened.session.status === "complete" || opened.url.startsWith("/checkout/success");
  return apiJson({
    success: true,
    status: complete ? "complete" : "pending",
    checkoutSessionId: opened.session.id,
    url: new URL(opened.url, request.url).toString(),
    totalCents: opened.session.totalCents,
    alreadyOwned: order.alreadyOwned.map((i) => i.id),
  });
}
