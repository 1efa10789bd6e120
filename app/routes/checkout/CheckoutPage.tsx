import { Form, Link, useNavigation } from "@remix-run/react";
import type { CartTotals } from "~/features/cart/rules";
import type { CartItem } from "~/features/cart/sellables.server";
import { SummaryLines } from "~/features/cart/components/SummaryLines";
import { ItemRow } from "~/features/cart/components/ItemRow";
import { PriceTag } from "~/features/catalog/components/PriceTag";
import { formatCents } from "~/platform/format";
import { Button, ButtonLink } from "~/ui/Button";
import { TextInput } from "~/ui/TextInput";
import { PlanPicker } from "~/features/subscriptions/components/PlanPicker";
import type { PlanChoice } from "~/features/subscriptions/plans.server";
import type { CheckoutActionData } from "~/features/checkout/checkout.server";
import { PAYMENTS_NOT_CONFIGURED } from "~/platform/adapters/payments/messages";

export interface CheckoutPageData {
  lines: CartItem[];
  alreadyOwned: CartItem[];
  totals: CartTotals;
  creditCents: number;
  discount: { code: string; problem: string | null } | null;
  source: "cart" | "buy-now";
  plans: PlanChoice[];
  query: string;
  idempotencyKey: string;
  /** "none": a production deploy without Stripe, which takes no payments. */
  provider: "local" | "stripe" | "none";
  email: string;
}

/** /checkout: what is being bought, the discount code, the totals with credit, and Pay. */
export function CheckoutPage({ data, actionData }: { data: CheckoutPageData; actionData?: CheckoutActionData }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/checkout");
  const paying = busy && navigation.formData?.get("intent") === "pay";
  const { lines, alreadyOwned, totals, creditCents, discount, query } = data;
  const codeError = actionData?.codeError ?? discount?.problem ?? null;
  const action = `/checkout${query}`;
  const plansFor = (productId: string) => data.plans.find((p) => p.productId === productId);
  return (
    <div className="container cart-page checkout-page">
      <h1>Checkout</h1>
      {alreadyOwned.length > 0 ? (
        <p className="checkout-notice" role="status">
          Already in your library, so not charged again: {alreadyOwned.map((i) => i.title).join(", ")}.
        </p>
      ) : null}
      {lines.length === 0 ? (
        <section className="cart-empty" aria-labelledby="checkout-empty-title">
          <h2 id="checkout-empty-title">Nothing to pay for</h2>
          <p className="muted">Your cart is empty. Add a class and come back.</p>
          <ButtonLink to="/classes" size="large">
            Explore Classes
          </ButtonLink>
        </section>
      ) : (
        <div className="cart-layout">
          <section aria-labelledby="checkout-items-title">
            <h2 id="checkout-items-title">{data.source === "buy-now" ? "Buying now" : "Your order"}</h2>
            <ul className="cart-items">
              {lines.map((item) => (
                <ItemRow
                  key={item.id}
                  item={item}
                  compact
                  end={<PriceTag price={item.priceInfo.price} crossedPrice={item.priceInfo.crossedPrice} />}
                >
                  {plansFor(item.id) ? <PlanPicker choice={plansFor(item.id)!} query={query} /> : null}
                </ItemRow>
              ))}
            </ul>
            {data.source === "cart" ? (
              <p>
                <Link to={`/cart${query}`}>Edit your cart</Link>
              </p>
            ) : null}
            <Form method="post" action={action} className="discount-form" preventScrollReset>
              <input type="hidden" name="intent" value="apply-code" />
              <TextInput
                label="Discount code"
                name="code"
                defaultValue={discount?.code ?? ""}
                autoComplete="off"
                maxLength={40}
                error={codeError}
                alwaysShowError
              />
              <Button
                type="submit"
                variant="secondary"
                loading={busy && navigation.formData?.get("intent") === "apply-code"}
              >
                Apply
              </Button>
            </Form>
            {discount && !discount.problem ? (
              <Form method="post" action={action} className="discount-form__applied">
                <input type="hidden" name="intent" value="remove-code" />
                <span>
                  Code <strong>{discount.code}</strong> applied.
                </span>
                <Button type="submit" variant="transparent" size="small">
                  Remove code
                </Button>
              </Form>
            ) : null}
          </section>
          <aside className="cart-summary" aria-labelledby="checkout-summary-title">
            <h2 id="checkout-summary-title">Order summary</h2>
            <SummaryLines totals={totals} creditCents={creditCents} signedIn discountCode={discount?.code} />
            {data.provider === "none" ? (
              <p className="auth-form__error" role="alert">
                {PAYMENTS_NOT_CONFIGURED}
              </p>
            ) : (
              <>
                <Form method="post" action={action}>
                  <input type="hidden" name="intent" value="pay" />
                  <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
                  {actionData?.formError ? (
                    <p className="auth-form__error" role="alert">
                      {actionData.formError}
                    </p>
                  ) : null}
                  <Button type="submit" size="large" className="cart-summary__checkout" loading={paying}>
                    {data.plans.some((p) => p.trialDays > 0) && totals.total === 0
                      ? "Start free trial"
                      : totals.total === 0
                        ? "Complete purchase"
                        : `Pay ${formatCents(totals.total)}`}
                  </Button>
                </Form>
                <p className="muted cart-summary__note">
                  {data.provider === "stripe"
                    ? "You will pay on Stripe's secure checkout page."
                    : "Test mode: no real card is charged."}{" "}
                  Receipt to {data.email}.
                </p>
              </>
            )}
          </aside>
        </div>
      )}
    </div>
  );
}
