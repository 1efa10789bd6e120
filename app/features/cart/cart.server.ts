/**
 * The cart on the server, keyed by its owner: the signed-in user's id, or the anonymous visitor's id
 * ('anon_' + UUID). Every change reads the items, applies one of the pure rules and writes them back
 * only if nobody wrote in between (the version column), retrying a few times.
 */
import { and, eq, sql, type SQLWrapper } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { carts, type CartRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import type { Db } from "~/platform/db.server";
import { CART_MAX_ITEMS, mergeCarts, type CartEntry } from "./rules";
import { recommendationQueries, toRecommendations } from "./recommendations.server";
import { sellableQueries, sellablesByIds, toSellables, type Sellable } from "./sellables.server";

export interface CartOwner {
  ownerId: string;
  userId: string | null;
}

export class CartBusyError extends Error {
  constructor() {
    super("The cart changed too many times at once");
  }
}

/** The caller based its change on a cart that has changed since (its lastUpdated no longer matches). */
export class CartChangedError extends Error {
  constructor() {
    super("The cart changed since it was read");
  }
}

/** A change that would take the cart past CART_MAX_ITEMS: refused whole, never cut silently. */
export class CartFullError extends Error {
  constructor() {
    super(`A cart holds at most ${CART_MAX_ITEMS} items`);
  }
}

export async function readCart(app: AppContext, ownerId: string): Promise<CartRow | null> {
  return (await app.db.select().from(carts).where(eq(carts.ownerId, ownerId)).get()) ?? null;
}

/** The items of an owner's cart (an id, or a column of a query that joins users) as a column: an empty cart is null. */
export function cartItemsColumn(ownerId: SQLWrapper | string) {
  return sql<string[] | null>`(SELECT items FROM carts WHERE owner_id = ${ownerId})`.mapWith(carts.items);
}

/**
 * An owner's (an id, or an expression of one: the session's user) cart with its items as sellables
 * and the recommendations its items seed, for one batch: what the cart page reads, in one round trip
 * (`toCartPage` makes it of the results).
 */
export function cartPageQueries(
  db: Db,
  { ownerId, userId }: { ownerId: string | SQLWrapper | null; userId: string | SQLWrapper | null },
) {
  // No owner (a visitor without a cookie) has an empty cart: `= NULL` finds no row.
  const owner = ownerId ?? sql`NULL`;
  const items = sql`SELECT value FROM json_each((SELECT items FROM carts WHERE owner_id = ${owner}))`;
  return [
    db.select({ items: carts.items }).from(carts).where(eq(carts.ownerId, owner)),
    ...sellableQueries(db, items),
    ...recommendationQueries(db, { productIds: items, userId }),
  ] as const;
}

/** The cart page's items (in cart order, items no longer sold dropped) and recommendations, from `cartPageQueries`' results. */
export function toCartPage([cart, products, collections, ...picks]: BatchResponse<ReturnType<typeof cartPageQueries>>) {
  return {
    sellables: toSellables(cart[0]?.items ?? [], [products, collections]),
    recommendations: toRecommendations(picks),
  };
}

/** The cart's items as sellables, in cart order (items no longer sold are dropped). */
export async function cartSellables(app: AppContext, row: Pick<CartRow, "items"> | null): Promise<Sellable[]> {
  return row ? sellablesByIds(app.db, row.items) : [];
}

type Change = (
  items: Sellable[],
  row: CartRow | null,
) => { items: Sellable[]; buyNowProductId?: string | null; offerValid?: boolean };

const CHANGE_ATTEMPTS = 8;
/** A short random pause before another attempt, growing a little each time, so racing writers spread out. */
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
/** D1 (SQLite) refused a write because another one held the database: worth another attempt. */
const isBusy = (error: unknown) => error instanceof Error && /SQLITE_BUSY|database is locked/i.test(error.message);

/**
 * Applies a change to the owner's cart atomically; returns the cart as written. A write that loses a
 * race (or finds the database busy) reads again and retries, briefly, then gives up with
 * CartBusyError. With `basedOn` (the updatedAt the caller read, null for "no cart yet") the change
 * applies only to that very cart: any other is CartChangedError, so no one's update is lost.
 * updatedAt grows with every write, so it names one state of the cart.
 */
export async function changeCart(
  app: AppContext,
  owner: CartOwner,
  change: Change,
  { basedOn }: { basedOn?: number | null } = {},
): Promise<{ items: Sellable[]; row: CartRow }> {
  for (let attempt = 0; attempt < CHANGE_ATTEMPTS; attempt++) {
    if (attempt > 0) await pause(attempt);
    try {
      const written = await tryChange(app, owner, change, basedOn);
      if (written) return written;
    } catch (error) {
      if (!isBusy(error)) throw error;
    }
  }
  throw new CartBusyError();
}

/** One read-change-write; null when another write came in between. */
async function tryChange(
  app: AppContext,
  owner: CartOwner,
  change: Change,
  basedOn: number | null | undefined,
): Promise<{ items: Sellable[]; row: CartRow } | null> {
  const row = await readCart(app, owner.ownerId);
  if (basedOn !== undefined && (row?.updatedAt ?? null) !== basedOn) throw new CartChangedError();
  const before = await cartSellables(app, row);
  const next = change(before, row);
  if (next.items.length > CART_MAX_ITEMS && next.items.length > before.length) throw new CartFullError();
  const items = next.items;
  const values = {
    items: items.map((i) => i.id),
    buyNowProductId: next.buyNowProductId === undefined ? (row?.buyNowProductId ?? null) : next.buyNowProductId,
    offerValid: next.offerValid ?? row?.offerValid ?? false,
    updatedAt: row ? Math.max(app.now, row.updatedAt + 1) : app.now,
  };
  if (!row) {
    const [created] = await app.db
      .insert(carts)
      .values({ ownerId: owner.ownerId, userId: owner.userId, ...values, version: 1 })
      .onConflictDoNothing()
      .returning();
    return created ? { items, row: created } : null;
  }
  const [updated] = await app.db
    .update(carts)
    .set({ ...values, version: row.version + 1 })
    .where(and(eq(carts.ownerId, owner.ownerId), eq(carts.version, row.version)))
    .returning();
  return updated ? { items, row: updated } : null;
}

/**
 * At sign-in (spec 4): the visitor's cart joins the user's. Only the visitor's: it becomes the
 * user's; both: the user's items, then the visitor's not already there. The visitor's cart is then
 * gone, so signing in twice never adds anything twice.
 */
export async function mergeVisitorCart(app: AppContext, anonymousId: string, userId: string): Promise<number> {
  const visitor = await readCart(app, anonymousId);
  if (!visitor) return 0;
  const [deleted] = await app.db
    .delete(carts)
    .where(and(eq(carts.ownerId, anonymousId), eq(carts.version, visitor.version)))
    .returning();
  if (!deleted || deleted.items.length === 0) return 0;
  const visitorItems = await cartSellables(app, deleted);
  await changeCart(app, { ownerId: userId, userId }, (items, row) => ({
    // A merge never fails a sign-in: past the limit, the visitor's extra items are left out.
    items: mergeCarts(items, visitorItems).slice(0, Math.max(CART_MAX_ITEMS, items.length)),
    buyNowProductId: row?.buyNowProductId ?? deleted.buyNowProductId,
  }));
  return visitorItems.length;
}

/** How many items the user's cart will hold once this browser's visitor cart joins it (the Login routing rule). */
export async function cartCountAfterSignIn(
  app: AppContext,
  userId: string,
  anonymousId: string | null,
): Promise<number> {
  const [mine, visitor] = await Promise.all([readCart(app, userId), anonymousId ? readCart(app, anonymousId) : null]);
  return new Set([...(mine?.items ?? []), ...(visitor?.items ?? [])]).size;
}

/** After a purchase: what was bought leaves the cart (and the buy-now slot). */
export async function removePurchased(app: AppContext, userId: string, productIds: string[]): Promise<void> {
  const bought = new Set(productIds);
  const row = await readCart(app, userId);
  if (!row || !(row.items.some((id) => bought.has(id)) || (row.buyNowProductId && bought.has(row.buyNowProductId))))
    return;
  await changeCart(app, { ownerId: userId, userId }, (items, current) => ({
    items: items.filter((i) => !bought.has(i.id)),
    buyNowProductId: current?.buyNowProductId && bought.has(current.buyNowProductId) ? null : undefined,
  }));
}

/** Sign-out clears the visitor-side cart of this browser (spec 4), never the user's own. */
export async function clearVisitorCart(app: AppContext, anonymousId: string | null): Promise<void> {
  if (anonymousId) await app.db.delete(carts).where(eq(carts.ownerId, anonymousId));
}

export type { CartEntry };
