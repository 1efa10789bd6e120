/**
 * Checkouts that do not come from the cart: an end user buying an app's plan
 * (POST /api/payments/create-checkout-session) and a creator buying a studio tier
 * (POST /api/payments/create-studio-checkout-session). Same checkout_sessions table, same payments
 * adapter, same card page and the same exactly-once fulfilment as the cart; only the line and the
 * pages to return to differ.
 */
import { eq } from "drizzle-orm";
import { checkoutSessions, type CheckoutLine, type CheckoutSessionRow, type UserRow } from "~/db/schema";
import { paymentsProvider } from "~/platform/adapters/payments/payments.server";
import type { AppContext } from "~/platform/context";
import {
  closeOtherCheckouts,
  confirmWithProvider,
  continueUrl,
  handToProvider,
  paymentsUnavailable,
  storedPaymentInfo,
  type Opened,
  type VisitMarks,
} from "./checkout.server";
import { fulfilCheckout, getCheckout } from "./fulfil.server";
import { paymentInfo } from "./rules";

export interface DirectCheckout {
  line: CheckoutLine;
  /** Same-site paths (a leading '/'); the checkout's id is added to the success path as session_id. */
  successPath: string;
  cancelPath: string;
  /** The same key twice opens one checkout (a double click, a retried request). */
  idempotencyKey: string;
}

/** Where the buyer asked from: the address (its origin and payment_info query) and what their browser remembers. */
export interface CheckoutVisit {
  url: URL;
  marks: VisitMarks;
}

export async function openDirectCheckout(
  app: AppContext,
  visit: CheckoutVisit,
  user: UserRow,
  input: DirectCheckout,
): Promise<Opened> {
  const unavailable = paymentsUnavailable(app);
  if (unavailable) return unavailable;
  const { url } = visit;
  const existing = await app.db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.idempotencyKey, input.idempotencyKey))
    .get();
  if (existing) {
    const next = existing.userId === user.id && existing.status !== "expired" ? continueUrl(existing) : null;
    return next
      ? { ok: true, url: next, session: existing }
      : { ok: false, status: 409, formError: "Reload the page and try again." };
  }
  const provider = paymentsProvider(app);
  const [session] = await app.db
    .insert(checkoutSessions)
    .values({
      id: crypto.randomUUID(),
      userId: user.id,
      provider: provider.name,
      idempotencyKey: input.idempotencyKey,
      source: "direct",
      lines: [input.line],
      subtotalCents: input.line.priceCents,
      totalCents: input.line.priceCents,
      paymentInfo: paymentInfo(url.searchParams, storedPaymentInfo(app, visit.marks)),
      query: "",
      successPath: input.successPath,
      cancelPath: input.cancelPath,
      createdAt: app.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!session) {
    const made = await app.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.idempotencyKey, input.idempotencyKey))
      .get();
    const next = made && made.userId === user.id ? continueUrl(made) : null;
    return next && made
      ? { ok: true, url: next, session: made }
      : { ok: false, status: 409, formError: "Reload the page and try again." };
  }
  await closeOtherCheckouts(app, user.id, session.id);
  if (session.totalCents === 0) {
    await fulfilCheckout(app, session.id);
    return { ok: true, url: continueUrl({ ...session, status: "complete" }) ?? input.successPath, session };
  }
  const success = new URL(input.successPath, url.origin);
  return handToProvider(app, user, session, {
    // Stripe fills in {CHECKOUT_SESSION_ID}; the page returned to confirms the payment with it.
    successUrl: `${success.origin}${success.pathname}${success.search ? `${success.search}&` : "?"}session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: new URL(input.cancelPath, url.origin).toString(),
  });
}

/**
 * The page a direct checkout returns to calls this with its session_id: a Stripe checkout whose
 * webhook has not arrived yet is asked about and fulfilled here, so the buyer never waits on it.
 * Only the buyer's own checkout is looked at.
 */
export async function confirmDirectCheckout(
  app: AppContext,
  userId: string,
  sessionId: string,
): Promise<CheckoutSessionRow | null> {
  const session = await getCheckout(app, sessionId);
  if (!session || session.userId !== userId) return null;
  return confirmWithProvider(app, session);
}
