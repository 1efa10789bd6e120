/**
 * The cart's rules (spec 4 "Cart", spec 5 credit): pure functions over cart items, shared by the
 * server (which keeps the cart) and the browser (optimistic updates, the local mirror).
 */

export const CART_STORAGE_KEY = "studio_cartitems";
/** More than this many items is not a cart anyone means to have. */
export const CART_MAX_ITEMS = 50;

export interface CartEntry {
  id: string;
  /** Non-empty subscriptionSlug: a membership product, which never shares the cart. */
  isSubscription: boolean;
}

/** Add: drops any item with the same id and every subscription item, then appends. */
export function addItem<T extends CartEntry>(items: T[], item: T): T[] {
  return [...items.filter((i) => i.id !== item.id && !i.isSubscription), item];
}

/** Add and remove anything else: the cart becomes that one item. */
export function addOnly<T extends CartEntry>(_items: T[], item: T): T[] {
  return [item];
}

/** Add all: appends a list (ids already in the cart are not added twice). */
export function addAll<T extends CartEntry>(items: T[], list: T[]): T[] {
  const seen = new Set(items.map((i) => i.id));
  const out = [...items];
  for (const item of list) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    out.push(item);
  }
  return out;
}

export function removeItem<T extends CartEntry>(items: T[], id: string): T[] {
  return items.filter((i) => i.id !== id);
}

/**
 * At sign-in: the server's items, then the visitor's items whose id is not on the server. When only
 * one side has items, that side is the cart.
 */
export function mergeCarts<T extends { id: string }>(server: T[], local: T[]): T[] {
  const onServer = new Set(server.map((i) => i.id));
  return [...server, ...local.filter((i) => !onServer.has(i.id))];
}

/** The product CTA (spec 2): a subscription replaces the whole cart; anything else is added. */
export function ctaAdd<T extends CartEntry>(items: T[], item: T): T[] {
  return item.isSubscription ? addOnly(items, item) : addItem(items, item);
}

export interface PricedEntry {
  priceInfo: { price: number; crossedPrice: number | null };
}

export interface CartTotals {
  /** What the items cost at the prices shown, in cents. */
  subtotal: number;
  /** The regular prices' sum, when some item is on offer (else equal to subtotal). */
  regular: number;
  discount: number;
  credit: number;
  total: number;
}

/** Spec 5: the credit applied is the credit, unless the cart total is smaller, then the total. Never negative. */
export function creditApplied(creditCents: number, totalCents: number): number {
  return Math.max(0, Math.min(Math.round(creditCents), Math.round(totalCents)));
}

/** Totals summed in integer cents: subtotal, then the discount code, then the credit. */
export function cartTotals(items: PricedEntry[], { creditCents = 0, discountCents = 0 } = {}): CartTotals {
  const subtotal = items.reduce((sum, i) => sum + Math.round(i.priceInfo.price), 0);
  const regular = items.reduce((sum, i) => sum + Math.round(i.priceInfo.crossedPrice ?? i.priceInfo.price), 0);
  const discount = Math.max(0, Math.min(Math.round(discountCents), subtotal));
  const credit = creditApplied(creditCents, subtotal - discount);
  return { subtotal, regular, discount, credit, total: subtotal - discount - credit };
}

/** Monthly credit is kept in dollars (getMonthlyCreditForUser); the cart works in cents. */
export function creditCents(monthlyCreditDollars: unknown): number {
  return typeof monthlyCreditDollars === "number" && Number.isFinite(monthlyCreditDollars) && monthlyCreditDollars > 0
    ? Math.round(monthlyCreditDollars * 100)
    : 0;
}

export interface DiscountRule {
  percentOff: number | null;
  amountOffCents: number | null;
}

/** A discount code's amount on a subtotal, in cents: percent (rounded) or a fixed amount, never more than the subtotal. */
export function discountAmount(rule: DiscountRule, subtotalCents: number): number {
  const off =
    rule.percentOff !== null ? Math.round((subtotalCents * rule.percentOff) / 100) : (rule.amountOffCents ?? 0);
  return Math.max(0, Math.min(off, subtotalCents));
}

/** The page's query carried to cart and checkout links (spec 2: /cart?{query}). */
export function withQuery(path: string, search: string): string {
  const query = search.startsWith("?") ? search.slice(1) : search;
  return query ? `${path}?${query}` : path;
}
