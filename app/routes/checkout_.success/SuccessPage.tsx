import type { CheckoutLine } from "~/db/schema";
import { PaymentLines } from "~/features/checkout/components/PaymentLines";
import { ButtonLink } from "~/ui/Button";
import { Icon } from "~/ui/icons";

export interface SuccessPageData {
  session: {
    id: string;
    status: "open" | "complete" | "expired";
    lines: CheckoutLine[];
    totalCents: number;
    creditCents: number;
    discountCents: number;
    discountCode: string | null;
  };
  email: string;
}

/** After paying: the receipt on screen, or, while a payment is still being confirmed, a page that says so and offers a refresh. */
export function SuccessPage({ session, email }: SuccessPageData) {
  if (session.status !== "complete") {
    return (
      <div className="container pay-page">
        <div className="pay-card" role="status">
          <h1>We are confirming your payment</h1>
          <p>
            This usually takes a few seconds. Your purchase is safe: it will appear in your library as soon as the
            payment is confirmed.
          </p>
          <ButtonLink to={`/checkout/success?session_id=${session.id}`} size="large">
            Check again
          </ButtonLink>
        </div>
      </div>
    );
  }
  const hasMembership = session.lines.some((l) => l.kind === "subscription");
  return (
    <div className="container pay-page">
      <div className="pay-card success-card">
        <Icon name="check" size={48} aria-hidden="true" className="success-card__icon" />
        <h1>Thank you! Your purchase is complete</h1>
        <p>
          {hasMembership ? "Your membership is active. " : ""}A receipt is on its way to {email}.
        </p>
        <PaymentLines session={session} showTotal />
        <div className="added-dialog__actions">
          <ButtonLink to="/library" size="large">
            Go to your library
          </ButtonLink>
          <ButtonLink to="/classes" variant="secondary" size="large">
            Explore Classes
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
