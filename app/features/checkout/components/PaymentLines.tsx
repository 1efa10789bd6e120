import type { CheckoutLine } from "~/db/schema";
import { formatCents } from "~/platform/format";

/** A frozen checkout's lines, discount and credit (the card page and the receipt page), and optionally the total paid. */
export function PaymentLines({
  session,
  showTotal = false,
}: {
  session: {
    lines: CheckoutLine[];
    discountCents: number;
    discountCode: string | null;
    creditCents: number;
    totalCents: number;
  };
  showTotal?: boolean;
}) {
  return (
    <ul className="pay-lines">
      {session.lines.map((line) => (
        <li key={line.productId}>
          <span>{line.title}</span>
          <span>{formatCents(line.priceCents)}</span>
        </li>
      ))}
      {session.discountCents > 0 ? (
        <li>
          <span>Discount ({session.discountCode})</span>
          <span>−{formatCents(session.discountCents)}</span>
        </li>
      ) : null}
      {session.creditCents > 0 ? (
        <li>
          <span>Monthly credit</span>
          <span>−{formatCents(session.creditCents)}</span>
        </li>
      ) : null}
      {showTotal ? (
        <li className="pay-lines__total">
          <span>Total paid</span>
          <span>{formatCents(session.totalCents)}</span>
        </li>
      ) : null}
    </ul>
  );
}
