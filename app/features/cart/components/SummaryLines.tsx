import { formatCents } from "~/platform/format";
import type { CartTotals } from "../rules";

/** Subtotal, offer savings, discount, credit and total, as a definition list (also used by checkout). */
export function SummaryLines({
  totals,
  creditCents,
  signedIn,
  discountCode,
}: {
  totals: CartTotals;
  creditCents: number;
  signedIn: boolean;
  discountCode?: string | null;
}) {
  const savings = totals.regular - totals.subtotal;
  return (
    <dl className="summary-lines">
      {savings > 0 ? (
        <>
          <div>
            <dt>Regular price</dt>
            <dd>
              <s>{formatCents(totals.regular)}</s>
            </dd>
          </div>
          <div className="summary-lines__saving">
            <dt>Offer savings</dt>
            <dd>−{formatCents(savings)}</dd>
          </div>
        </>
      ) : null}
      <div>
        <dt>Subtotal</dt>
        <dd>{formatCents(totals.subtotal)}</dd>
      </div>
      {totals.discount > 0 ? (
        <div className="summary-lines__saving">
          <dt>Discount{discountCode ? ` (${discountCode})` : ""}</dt>
          <dd>−{formatCents(totals.discount)}</dd>
        </div>
      ) : null}
      <div className="summary-lines__credit">
        <dt>Monthly credit</dt>
        <dd>
          {creditCents > 0 ? `−${formatCents(totals.credit)}` : signedIn ? formatCents(0) : "Sign in to use yours"}
        </dd>
      </div>
      <div className="summary-lines__total">
        <dt>Total</dt>
        <dd>{formatCents(totals.total)}</dd>
      </div>
    </dl>
  );
}
