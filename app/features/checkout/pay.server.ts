/**
 * The embedded payment provider's card page, as a service: which local checkout a buyer may pay, and
 * paying it with a test card. A decline is recorded on the checkout; a success runs the same
 * fulfilment as Stripe's webhook. The route (app/routes/checkout_.pay.$id) owns the page, the 404
 * outside development, the redirects and the toasts.
 */
import { and, eq, ne } from "drizzle-orm";
import { checkoutSessions, type CheckoutSessionRow, type UserRow } from "~/db/schema";
import { EVENTS } from "~/features/analytics/events";
import { recordEvent } from "~/features/analytics/record.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { fulfilCheckout, getCheckout } from "./fulfil.server";
import { staleCheckout } from "./order.server";
import { cancelHref, parseExpiry, successHref, testCardOutcome } from "./rules";

/** A checkout the buyer can no longer pay here: where to send them instead, and why (a toast). */
export interface Closed {
  kind: "closed";
  href: string;
  toast: { kind: "info" | "error"; title: string; description: string } | null;
}

const CLOSED_DESCRIPTION = "This checkout was closed; nothing was charged. Review your order.";

/**
 * The buyer's own open local checkout, or where to go when it is paid (its receipt) or has closed
 * (back to checkout, with why). Anyone else's, or a Stripe one, is not found.
 */
export async function localCheckoutFor(
  app: AppContext,
  user: UserRow,
  id: string,
): Promise<{ kind: "open"; session: CheckoutSessionRow } | Closed> {
  const session = await getCheckout(app, id);
  if (!session || session.userId !== user.id || session.provider !== "local")
    throw new ServiceError("not-found", "No such checkout");
  if (session.status === "complete") return { kind: "closed", href: successHref(session), toast: null };
  if (session.status === "expired")
    return {
      kind: "closed",
      href: cancelHref(session),
      toast: {
        kind: "info",
        title: session.lastError ?? "This checkout has closed.",
        description: "Nothing was charged. Review your order and pay again.",
      },
    };
  return { kind: "open", session };
}

/** The card page's view of an open checkout (never more than the page shows). */
export function payPageView(session: CheckoutSessionRow, user: UserRow) {
  return {
    session: {
      id: session.id,
      lines: session.lines,
      subtotalCents: session.subtotalCents,
      discountCents: session.discountCents,
      discountCode: session.discountCode,
      creditCents: session.creditCents,
      totalCents: session.totalCents,
      lastError: session.lastError,
    },
    cancelHref: cancelHref(session),
    email: user.email,
  };
}

export type PayOutcome =
  | Closed
  | { kind: "card-declined"; field: "number" | "expiry" | null; message: string }
  | { kind: "paid"; href: string };

/**
 * Pays an open local checkout with a test card (already shape-checked by the card form's schema).
 * A checkout whose order went stale (a price, the credit or a code changed) is closed uncharged.
 */
export async function payLocalCheckout(
  app: AppContext,
  session: CheckoutSessionRow,
  card: { number: string; expiry: string },
): Promise<PayOutcome> {
  const stale = await staleCheckout(app, session);
  if (stale) {
    await app.db
      .update(checkoutSessions)
      .set({ status: "expired", voidedAt: app.now, lastError: stale })
      .where(and(eq(checkoutSessions.id, session.id), ne(checkoutSessions.status, "complete")));
    return {
      kind: "closed",
      href: cancelHref(session),
      toast: { kind: "error", title: stale, description: CLOSED_DESCRIPTION },
    };
  }
  const expiry = parseExpiry(card.expiry)!;
  const outcome = testCardOutcome({ number: card.number, ...expiry }, new Date(app.now));
  if (!outcome.ok) {
    await app.db
      .update(checkoutSessions)
      .set({ lastError: outcome.message })
      .where(eq(checkoutSessions.id, session.id));
    recordEvent(
      app,
      EVENTS.paymentSubmitFailure,
      { userId: session.userId },
      { checkoutSessionId: session.id, error: outcome.message, provider: "local" },
    );
    return { kind: "card-declined", field: outcome.field, message: outcome.message };
  }
  recordEvent(
    app,
    EVENTS.paymentSubmitSuccess,
    { userId: session.userId },
    { checkoutSessionId: session.id, provider: "local" },
  );
  const fulfilled = await fulfilCheckout(app, session.id, {
    card: { brand: outcome.brand, last4: outcome.last4, ...expiry },
  });
  if (fulfilled.status === "declined")
    // It lost its credit or code to another checkout in the last moment: the card is not charged.
    return {
      kind: "closed",
      href: cancelHref(session),
      toast: { kind: "error", title: fulfilled.reason, description: CLOSED_DESCRIPTION },
    };
  return { kind: "paid", href: successHref(session) };
}
