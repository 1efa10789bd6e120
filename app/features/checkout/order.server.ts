/**
 * The order a checkout is for, worked out on the server from the cart (or the buy-now product), this
 * visitor's prices (the countdown offer), the discount code and the monthly credit. The checkout page
 * shows it and 'Pay' charges it: both call this, so what the buyer sees is what they pay.
 */
import { eq } from "drizzle-orm";
import { discountCodes, type CheckoutSessionRow, type UserRow } from "~/db/schema";
import { cartSellables, readCart } from "~/features/cart/cart.server";
import { monthlyCreditCents } from "~/features/cart/credit.server";
import { cartTotals, discountAmount, type CartTotals } from "~/features/cart/rules";
import { priceItems, sellablesByIds, type CartItem } from "~/features/cart/sellables.server";
import type { Offers } from "~/features/offers/offers.server";
import { ownedProductIds } from "~/features/purchases/purchases.server";
import { choosePlans, type PlanChoice } from "~/features/subscriptions/plans.server";
import type { AppContext } from "~/platform/context";
import { LOST_MESSAGES, codeUses, holdsSince, whyNotGrantable } from "./holds.server";
import { discountProblem } from "./rules";

export interface Order {
  source: "cart" | "buy-now";
  lines: CartItem[];
  /** In the cart but already owned: left out of the order, never charged twice. */
  alreadyOwned: CartItem[];
  totals: CartTotals;
  creditCents: number;
  discount: { code: string; problem: string | null } | null;
  /** Membership lines: the plan options and the one chosen (?plan=year|month); its price is what is due today. */
  plans: PlanChoice[];
  offers: Offers;
}

export const normaliseCode = (raw: string | null | undefined) => (raw ?? "").trim().toUpperCase().slice(0, 40);

/** The order for the cart, or for the buy-now product (?buyNow=1), or for explicit product ids (the purchase API). */
export async function buildOrder(
  app: AppContext,
  offers: Offers,
  user: UserRow,
  search: URLSearchParams,
  productIds?: string[],
): Promise<Order> {
  const row = productIds ? null : await readCart(app, user.id);
  const buyNow = productIds ? null : search.get("buyNow") === "1" && row?.buyNowProductId ? row.buyNowProductId : null;
  const sellables = productIds
    ? await sellablesByIds(app.db, productIds)
    : buyNow
      ? await sellablesByIds(app.db, [buyNow])
      : await cartSellables(app, row);
  const priced = priceItems(sellables, offers);
  const owned = await ownedProductIds(
    app,
    user.id,
    priced.map((i) => i.id),
  );
  const plans = await choosePlans(
    app,
    user.id,
    priced.filter((i) => i.isSubscription).map((i) => i.id),
    search.get("plan"),
  );
  // A membership costs its plan's price, or nothing today during a free trial.
  const lines = priced
    .filter((i) => !owned.has(i.id))
    .map((i) => {
      const plan = plans.get(i.id);
      return plan
        ? {
            ...i,
            priceInfo: {
              price: plan.trialDays > 0 ? 0 : plan.chosen.priceCents,
              crossedPrice: null,
              offerEndsAt: null,
            },
          }
        : i;
    });
  const alreadyOwned = priced.filter((i) => owned.has(i.id));

  const code = normaliseCode(search.get("code"));
  let discount: Order["discount"] = null;
  let discountCents = 0;
  if (code) {
    const rule = await app.db.select().from(discountCodes).where(eq(discountCodes.code, code)).get();
    const problem = discountProblem(rule ?? null, app.now, rule ? await codeUses(app, code, user.id) : undefined);
    discount = { code, problem };
    if (rule && !problem)
      discountCents = discountAmount(
        rule,
        lines.reduce((sum, l) => sum + l.priceInfo.price, 0),
      );
  }
  const creditCents = monthlyCreditCents(user);
  return {
    source: buyNow || productIds ? "buy-now" : "cart",
    lines,
    alreadyOwned,
    totals: cartTotals(lines, { creditCents, discountCents }),
    creditCents,
    discount,
    plans: [...plans.values()].filter((p) => lines.some((l) => l.id === p.productId)),
    offers,
  };
}

export const STALE_MESSAGES = {
  owned: "Part of this order is already in your library.",
  credit: LOST_MESSAGES.credit,
} as const;

/**
 * Just before the card is charged: may the order frozen at 'Pay' still be paid? Another tab may have
 * bought a class meanwhile, the checkout may have been replaced or held its credit and code past the
 * hour. Returns why not. Fulfilment checks the credit and the code again, atomically.
 */
export async function staleCheckout(app: AppContext, session: CheckoutSessionRow): Promise<string | null> {
  const owned = await ownedProductIds(
    app,
    session.userId,
    session.lines.map((l) => l.productId),
  );
  if (owned.size > 0) return STALE_MESSAGES.owned;
  if (session.createdAt <= holdsSince(app)) return LOST_MESSAGES.expired;
  return whyNotGrantable(app, session.id);
}
