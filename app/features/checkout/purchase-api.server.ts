/**
 * POST /api/purchase and /api/purchaseItems: a programmatic checkout for products (not the cart).
 * The answer says where to pay (the provider's page), or that it is already complete when credit and
 * discounts cover it. An Idempotency-Key header makes retries return the same checkout, also after it
 * was paid or completed (its products owned by then).
 */
import type { UserRow } from "~/db/schema";
import type { Offers } from "~/features/offers/offers.server";
import type { AppContext } from "~/platform/context";
import { randomHex } from "~/platform/crypto.server";
import { checkoutByKey, openCheckout, type VisitMarks } from "./checkout.server";
import { buildOrder } from "./order.server";
import { PAYMENT_INFO_KEYS } from "./rules";
import { sellablesByIds } from "~/features/cart/sellables.server";

/** A purchase the API refuses: its status and message (the route answers with the one error body). */
export interface PurchaseRefused {
  ok: false;
  status: 400 | 404 | 409 | 502 | 503;
  message: string;
}

/**
 * `visit`: what the caller's request carries: their offers, what their cookies remember, the site's origin and the
 * Idempotency-Key header (null without one).
 */
export async function purchaseProducts(
  app: AppContext,
  visit: { offers: Offers; marks: VisitMarks; origin: string; idempotencyKey: string | null },
  user: UserRow,
  productIds: string[],
  info: Record<string, unknown>,
) {
  const unique = [...new Set(productIds)];
  const known = new Set((await sellablesByIds(app.db, unique)).map((s) => s.id));
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length > 0)
    return { ok: false, status: 404, message: `Not for sale: ${unknown.join(", ")}` } satisfies PurchaseRefused;
  // payment_info's fields travel like the page's query: the same keys, the same rules.
  const url = new URL("/checkout", visit.origin);
  const byField = new Map(PAYMENT_INFO_KEYS.map(([query, field]) => [field, query]));
  for (const [field, value] of Object.entries(info)) {
    const key = byField.get(field) ?? (PAYMENT_INFO_KEYS.some(([q]) => q === field) ? field : null);
    if (key && value !== null && value !== undefined && String(value).trim()) url.searchParams.set(key, String(value));
  }
  const order = await buildOrder(app, visit.offers, user, url.searchParams, unique);
  const header = visit.idempotencyKey;
  const idempotencyKey = header && /^[A-Za-z0-9_-]{16,64}$/.test(header) ? header : randomHex(16);
  // A retry of a call that already made its checkout gets that checkout, even once what it bought is owned.
  const made = header ? await checkoutByKey(app, idempotencyKey) : null;
  if (order.lines.length === 0 && made?.userId !== user.id)
    return { ok: false, status: 409, message: "You already own everything in this purchase" } satisfies PurchaseRefused;
  const opened = await openCheckout(app, visit.marks, user, order, { idempotencyKey, url });
  if (!opened.ok)
    return {
      ok: false,
      status: opened.status,
      message: opened.codeError ?? opened.formError ?? "Failed to create checkout session",
    } satisfies PurchaseRefused;
  const complete = opened.session.status === "complete" || opened.url.startsWith("/checkout/success");
  const bought = new Set(opened.session.lines.map((line) => line.productId));
  return {
    ok: true as const,
    success: true,
    status: complete ? "complete" : "pending",
    checkoutSessionId: opened.session.id,
    url: new URL(opened.url, visit.origin).toString(),
    totalCents: opened.session.totalCents,
    // What the checkout itself bought is not "already owned", on a retry either.
    alreadyOwned: order.alreadyOwned.filter((i) => !bought.has(i.id)).map((i) => i.id),
  };
}
