import { queryOf } from "~/platform/redirect";
import { ButtonLink } from "~/ui/Button";
import { Modal } from "~/ui/Modal";
import { formatCents } from "~/platform/format";
import type { ShownPrice } from "~/features/offers/rules";
import { MembershipUnread } from "~/features/subscriptions/components/MembershipUnread";
import type { ProductCta } from "../cta";
import { withQuery } from "../rules";
import { CartButton } from "./CartButton";

/**
 * The product CTA of a class, collection or school page: 'Buy now' (a subscription replaces the
 * cart, anything else joins it; then checkout, or the sign-up form first when signed out) and 'Add to
 * cart'. Owners see a way to their library instead; a visitor whose membership could not be read sees
 * spec 8's 'Failed to fetch subscription status' and a way to try again.
 */
export function BuyButtons({
  cta,
  title,
  price,
  buyLabel = "Buy now",
  buyIntent = "cta",
  canAddToCart = true,
}: {
  cta: ProductCta;
  title: string;
  price: ShownPrice;
  buyLabel?: string;
  buyIntent?: "cta" | "buy-now";
  canAddToCart?: boolean;
}) {
  const hasActiveOrTrialSubscription = cta.member;
  if (cta.owned) {
    return (
      <div className="buy-buttons">
        <p className="buy-buttons__owned">
          {buyIntent === "cta" && !canAddToCart ? "You are a member." : "You own this."}
        </p>
        <ButtonLink to="/library" size="large">
          Go to your library
        </ButtonLink>
      </div>
    );
  }
  // Their membership could not be read: no offer to buy what it may already give them.
  if (cta.member === null) {
    return (
      <div className="buy-buttons">
        <MembershipUnread retryHref={cta.page} />
      </div>
    );
  }
  const cartHref = withQuery("/cart", queryOf(cta.page));
  return (
    <div className="buy-buttons">
      {hasActiveOrTrialSubscription && canAddToCart ? (
        <p className="buy-buttons__owned">Included in your membership.</p>
      ) : null}
      <CartButton intent={buyIntent} productIds={[cta.productId]} page={cta.page} size="large">
        {buyLabel}
      </CartButton>
      {canAddToCart ? (
        cta.inCart ? (
          <ButtonLink to={cartHref} variant="secondary" size="large">
            In your cart
          </ButtonLink>
        ) : (
          <CartButton intent="add" productIds={[cta.productId]} page={cta.page} variant="secondary" size="large">
            Add to cart
          </CartButton>
        )
      ) : null}
      <Modal open={cta.added} closeHref={cta.page} title="Added to your cart" slideUp>
        <div className="added-dialog">
          <p>
            <strong>{title}</strong> is in your cart at {formatCents(price.price)}.
          </p>
          <div className="added-dialog__actions">
            <ButtonLink to={cartHref} autoFocus>
              View cart
            </ButtonLink>
            <ButtonLink to={cta.page} variant="secondary" preventScrollReset>
              Keep browsing
            </ButtonLink>
          </div>
        </div>
      </Modal>
    </div>
  );
}
