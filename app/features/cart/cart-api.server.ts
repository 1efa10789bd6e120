/** The cart's JSON API (spec 7): the same cart the pages use, for the signed-in caller. */
import type { UserRow } from "~/db/schema";
import type { Offers } from "~/features/offers/offers.server";
import { comingSoonRefusal } from "~/features/catalog/rules";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { cartSellables, changeCart, readCart } from "./cart.server";
import { priceItems, sellablesByIds } from "./sellables.server";

/** GET /api/getCart → {lastUpdated, productsInCart}: the items at the caller's prices; an empty cart when there is none. */
export async function cartJson(app: AppContext, user: Pick<UserRow, "id">, offers: Offers) {
  const row = await readCart(app, user.id);
  const items = priceItems(await cartSellables(app, row), offers);
  return {
    lastUpdated: row ? new Date(row.updatedAt).toISOString() : null,
    productsInCart: items,
    offerValid: row?.offerValid ?? false,
  };
}

/**
 * POST /api/updateCart {product_ids, offer_valid, last_updated?}: the cart becomes exactly these
 * items, in order. An id that is not for sale rejects the whole update (nothing changes). With
 * last_updated, only the cart the caller read is replaced (CartChangedError otherwise). A coming-soon
 * item is refused in words (ServiceError 'conflict'), nothing changed.
 */
export async function replaceCart(
  app: AppContext,
  user: UserRow,
  productIds: string[],
  offerValid: boolean,
  lastUpdated?: string | null,
): Promise<{ unknown: string[] } | { unknown: null }> {
  const unique = [...new Set(productIds)];
  const found = await sellablesByIds(app.db, unique);
  const known = new Set(found.map((f) => f.id));
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length > 0) return { unknown };
  const soon = comingSoonRefusal(found);
  if (soon) throw new ServiceError("conflict", soon);
  const basedOn = lastUpdated === undefined ? undefined : lastUpdated === null ? null : Date.parse(lastUpdated);
  await changeCart(app, { ownerId: user.id, userId: user.id }, () => ({ items: found, offerValid }), { basedOn });
  return { unknown: null };
}
