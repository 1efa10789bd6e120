/** The receipt email: what was bought, what it cost (offer, discount and credit shown), and how it was paid. */
import type { CheckoutSessionRow } from "~/db/schema";
import type { EmailMessage } from "~/platform/adapters/email/email.server";
import { formatCents } from "~/platform/format";
import { escapeHtml } from "~/platform/html";

export function receiptEmail(args: {
  productName: string;
  to: string;
  firstName: string;
  session: CheckoutSessionRow;
  card: { brand: string; last4: string } | null;
}): EmailMessage {
  const { session, productName } = args;
  const rows: [string, string][] = session.lines.map((l) => [l.title, formatCents(l.priceCents)]);
  if (session.discountCents > 0)
    rows.push([`Discount (${session.discountCode})`, `−${formatCents(session.discountCents)}`]);
  if (session.creditCents > 0) rows.push(["Monthly credit", `−${formatCents(session.creditCents)}`]);
  rows.push(["Total paid", formatCents(session.totalCents)]);
  const paidWith = args.card
    ? `Paid with ${args.card.brand} ending in ${args.card.last4}.`
    : session.totalCents === 0
      ? "Nothing to pay: your credit and discounts covered it."
      : "";
  const order = `Order ${session.id.slice(0, 8).toUpperCase()}`;
  const text = [
    `Hi ${args.firstName},`,
    "",
    `Thank you for your purchase. ${order}:`,
    "",
    ...rows.map(([a, b]) => `${a}: ${b}`),
    "",
    paidWith,
    "",
    `Your classes are waiting in your library.`,
    `— ${productName}`,
  ].join("\n");
  const html = `<p>Hi ${escapeHtml(args.firstName)},</p>
<p>Thank you for your purchase. ${escapeHtml(order)}:</p>
<table role="presentation" cellpadding="6" style="border-collapse:collapse">${rows.map(([a, b], i) => `<tr${i === rows.length - 1 ? ' style="font-weight:bold;border-top:1px solid #ccc"' : ""}><td>${escapeHtml(a)}</td><td style="text-align:right">${escapeHtml(b)}</td></tr>`).join("")}</table>
<p>${escapeHtml(paidWith)}</p>
<p>Your classes are waiting in your library.</p>
<p>— ${escapeHtml(productName)}</p>`;
  return { to: args.to, subject: `Your ${productName} receipt`, text, html };
}
