import { useFetchers } from "@remix-run/react";
import { PriceTag } from "~/features/catalog/components/PriceTag";
import { ProductGrid } from "~/features/catalog/components/ProductCard";
import type { ProductCardView } from "~/features/catalog/card";
import { OfferNote } from "~/features/offers/components/OfferNote";
import { ButtonLink } from "~/ui/Button";
import { Icon } from "~/ui/icons";
import { cartTotals, withQuery, type CartTotals } from "~/features/cart/rules";
import type { CartItem } from "~/features/cart/sellables.server";
import { CartButton } from "~/features/cart/components/CartButton";
import { ItemRow } from "~/features/cart/components/ItemRow";
import { SummaryLines } from "~/features/cart/components/SummaryLines";

export interface CartPageData {
  items: CartItem[];
  totals: CartTotals;
  creditCents: number;
  recommendations: ProductCardView[];
  signedIn: boolean;
  /** The page's query ('?p=vip'), carried to checkout. */
  query: string;
  now: number;
}

/** /cart: the items, what they add up to (offer savings and credit shown), checkout, and what else to look at. */
export function CartPage({
  items: allItems,
  totals: serverTotals,
  creditCents,
  recommendations,
  signedIn,
  query,
  now,
}: CartPageData) {
  const page = withQuery("/cart", query);
  // With JavaScript, items being removed leave the list at once (the server's answer follows). They
  // are hidden, not unmounted: a fetcher whose form unmounts would never follow its redirect, and the
  // page would keep the old cart.
  const leaving = new Set<string>();
  let emptying = false;
  for (const f of useFetchers()) {
    if (f.formAction !== "/cart" || !f.formData) continue;
    if (f.formData.get("intent") === "remove") for (const id of f.formData.getAll("productId")) leaving.add(String(id));
    if (f.formData.get("intent") === "empty") emptying = true;
  }
  const isLeaving = (id: string) => emptying || leaving.has(id);
  const items = allItems.filter((i) => !isLeaving(i.id));
  const count = items.length;
  const totals = items.length === allItems.length ? serverTotals : cartTotals(items, { creditCents });
  return (
    <div className="container cart-page">
      <h1>
        Your cart <span className="muted">({count === 1 ? "1 item" : `${count} items`})</span>
      </h1>
      {count === 0 ? (
        <section className="cart-empty" aria-labelledby="cart-empty-title">
          <Icon name="cart" size={48} aria-hidden="true" className="cart-empty__icon" />
          <h2 id="cart-empty-title">Your cart is empty</h2>
          <p className="muted">Find a class you love and it will wait for you here.</p>
          <ButtonLink to="/classes" size="large">
            Explore Classes
          </ButtonLink>
        </section>
      ) : null}
      {allItems.length > 0 ? (
        <div className="cart-layout" hidden={count === 0}>
          <section aria-labelledby="cart-items-title">
            <h2 id="cart-items-title" className="visually-hidden">
              Items
            </h2>
            <ul className="cart-items">
              {allItems.map((item) => (
                <ItemRow
                  key={item.id}
                  item={item}
                  hidden={isLeaving(item.id)}
                  end={
                    <CartButton
                      intent="remove"
                      productIds={[item.id]}
                      page={page}
                      variant="transparent"
                      size="small"
                      label={`Remove ${item.title}`}
                    >
                      Remove
                    </CartButton>
                  }
                >
                  <PriceTag price={item.priceInfo.price} crossedPrice={item.priceInfo.crossedPrice} />
                  <OfferNote endsAt={item.priceInfo.offerEndsAt} now={now} />
                </ItemRow>
              ))}
            </ul>
            <CartButton intent="empty" page={page} variant="transparent" size="small">
              Empty cart
            </CartButton>
          </section>
          <aside className="cart-summary" aria-labelledby="cart-summary-title">
            <h2 id="cart-summary-title">Order summary</h2>
            <SummaryLines totals={totals} creditCents={creditCents} signedIn={signedIn} />
            <ButtonLink to={withQuery("/checkout", query)} size="large" className="cart-summary__checkout">
              Check out
            </ButtonLink>
            {!signedIn ? (
              <p className="muted cart-summary__note">You will sign in or create an account before paying.</p>
            ) : null}
          </aside>
        </div>
      ) : null}
      {recommendations.length > 0 ? (
        <section className="cart-recommendations" aria-labelledby="cart-recommendations-title">
          <h2 id="cart-recommendations-title">You might also like</h2>
          <ProductGrid products={recommendations} />
        </section>
      ) : null}
    </div>
  );
}
