/**
 * /checkout: the order summary, the discount code, and 'Pay', which freezes the order into a
 * checkout session and hands the buyer to the payments adapter (Stripe Checkout, or our own card
 * page). Signed-out buyers are sent to sign up first, with checkout as where to come back.
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import { checkoutSessions, users, type CheckoutLine, type CheckoutSessionRow, type UserRow } from "~/db/schema";
import { paymentAttribution } from "~/features/attribution/rules";
import { withQuery } from "~/features/cart/rules";
import { comingSoonRefusal } from "~/features/catalog/rules";
import { PAYMENTS_NOT_CONFIGURED } from "~/platform/adapters/payments/messages";
import { paymentsMode, paymentsProvider } from "~/platform/adapters/payments/payments.server";
import type { AppContext } from "~/platform/context";
import { fulfilCheckout } from "./fulfil.server";
import { LOST_MESSAGES, claimSql, holdsSince, whyClaimFailed } from "./holds.server";
import type { Order } from "./order.server";
import { CHECKOUT_HOLD_MS, allocateTotal, paymentInfo, successHref } from "./rules";

/**
 * What this visitor's browser remembers for payment_info besides the attribution record: the
 * no-price offer, a VIP visit and a friend's referral. The route reads them (app/http/checkout.server.ts).
 */
export interface VisitMarks {
  noPriceOffer: boolean;
  vipVisit: boolean;
  friend: string | null;
}

export const CHECKOUT_MESSAGES = {
  emptyCart: "Your cart is empty.",
  createFailed: "Failed to create checkout session",
} as const;

export function orderView(order: Order) {
  return {
    lines: order.lines,
    alreadyOwned: order.alreadyOwned,
    totals: order.totals,
    creditCents: order.creditCents,
    discount: order.discount,
    source: order.source,
    plans: order.plans,
  };
}

export type CheckoutActionData = { formError?: string; codeError?: string };

/** Where a checkout that already exists sends the buyer: its payment page, or its receipt (Stripe's page is asked for again). */
export function continueUrl(session: CheckoutSessionRow): string | null {
  if (session.status === "complete") return successHref(session);
  if (session.provider === "local" && session.status === "open") return `/checkout/pay/${session.id}`;
  return null;
}

function toLine(item: Order["lines"][number], plans: Order["plans"]): CheckoutLine {
  const plan = plans.find((p) => p.productId === item.id);
  return {
    productId: item.id,
    kind: item.kind,
    title: item.title,
    priceCents: item.priceInfo.price,
    crossedPriceCents: item.priceInfo.crossedPrice,
    ...(plan
      ? {
          plan: {
            planId: plan.chosen.id,
            interval: plan.chosen.interval,
            recurringCents: plan.chosen.priceCents,
            trialDays: plan.trialDays,
          },
        }
      : {}),
  };
}

/**
 * The stored half of payment_info (spec 7): what the visitor's attribution record (utm_*, ref, code,
 * friend, p) and the offer and VIP cookies remember when the query does not say.
 */
export function storedPaymentInfo(app: AppContext, marks: VisitMarks): Record<string, string | null> {
  const attribution = paymentAttribution(app.attribution);
  return {
    ...attribution,
    noPriceOffer: marks.noPriceOffer ? "true" : null,
    p: marks.vipVisit ? "vip" : (attribution.p ?? null),
    friend: attribution.friend ?? marks.friend ?? null,
  };
}

/** What opening a checkout ended in: where to send the buyer, or why it could not start. */
export type Opened =
  | { ok: true; url: string; session: CheckoutSessionRow }
  | { ok: false; status: 400 | 409 | 502 | 503; formError?: string; codeError?: string };

/** The checkout an idempotency key made (whoever made it), or null. */
export async function checkoutByKey(app: AppContext, idempotencyKey: string): Promise<CheckoutSessionRow | null> {
  return (
    (await app.db.select().from(checkoutSessions).where(eq(checkoutSessions.idempotencyKey, idempotencyKey)).get()) ??
    null
  );
}

/**
 * Production without Stripe takes no payments: no checkout is opened, nothing is fulfilled (not even
 * an order that credit covers), and the buyer is told why. Checked before anything is written.
 */
export function paymentsUnavailable(app: AppContext): Opened | null {
  return paymentsMode(app.env) === "none" ? { ok: false, status: 503, formError: PAYMENTS_NOT_CONFIGURED } : null;
}

/**
 * Freezes an order into a checkout session (once per idempotency key) and opens the payment with the
 * provider; a total of 0 is fulfilled at once. Shared by the checkout page and POST /api/purchase.
 */
export async function openCheckout(
  app: AppContext,
  marks: VisitMarks,
  user: UserRow,
  order: Order,
  args: { idempotencyKey: string; url: URL },
): Promise<Opened> {
  const { idempotencyKey, url } = args;
  const unavailable = paymentsUnavailable(app);
  if (unavailable) return unavailable;
  const existing = await checkoutByKey(app, idempotencyKey);
  if (existing && existing.userId !== user.id)
    return { ok: false, status: 409, formError: "Reload the page and try again." };
  if (existing?.status === "expired") return { ok: false, status: 409, formError: "Reload the page and try again." };
  if (existing) {
    const next = continueUrl(existing);
    if (next) return { ok: true, url: next, session: existing };
  }
  if (order.lines.length === 0) return { ok: false, status: 400, formError: CHECKOUT_MESSAGES.emptyCart };
  const soon = comingSoonRefusal(order.lines);
  if (soon) return { ok: false, status: 409, formError: soon };
  if (order.discount?.problem) return { ok: false, status: 400, codeError: order.discount.problem };

  const provider = paymentsProvider(app);
  let session = existing;
  if (!session) {
    const claimed = await claimCheckout(app, marks, user, order, { idempotencyKey, url, provider: provider.name });
    if (!claimed.ok) {
      // Two clicks raced: the other one made the checkout; follow it.
      const made = await checkoutByKey(app, idempotencyKey);
      const next = made && made.userId === user.id ? continueUrl(made) : null;
      if (next && made) return { ok: true, url: next, session: made };
      if (made) return { ok: false, status: 409, formError: "Reload the page and try again." };
      // Someone else took the code's last use, or the credit was spent, since the page was shown.
      const why = await whyClaimFailed(app, user.id, claimed.code, claimed.creditCents);
      return "codeError" in why
        ? { ok: false, status: 400, codeError: why.codeError }
        : { ok: false, status: 409, formError: why.formError };
    }
    session = claimed.session;
  }

  // Credit and discounts cover everything: nothing to pay, so no provider is involved. A membership
  // still needs a card for what comes after its trial, so it goes to the provider even at 0.
  if (session.totalCents === 0 && !session.lines.some((l) => l.plan)) {
    const outcome = await fulfilCheckout(app, session.id);
    if (outcome.status === "declined") return { ok: false, status: 409, formError: outcome.reason };
    return { ok: true, url: `/checkout/success?session_id=${session.id}`, session };
  }
  return handToProvider(app, user, session, {
    successUrl: `${url.origin}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${url.origin}${withQuery("/checkout", url.search)}`,
  });
}

/**
 * Opens the payment for a checkout with the provider and remembers the provider's session; a
 * provider failure closes the checkout with 'Failed to create checkout session'. Shared by the cart's
 * checkout and the direct ones (app plans, studio tiers).
 */
export async function handToProvider(
  app: AppContext,
  user: UserRow,
  session: CheckoutSessionRow,
  urls: { successUrl: string; cancelUrl: string },
): Promise<Opened> {
  try {
    const started = await paymentsProvider(app).createCheckout(app, {
      session,
      customer: {
        userId: user.id,
        email: user.email,
        name: `${user.firstName} ${user.lastName}`.trim(),
        stripeCustomerId: user.stripeCustomerId,
      },
      ...urls,
      // The provider stops taking payment when the checkout stops holding its credit and code.
      expiresAt: session.createdAt + CHECKOUT_HOLD_MS,
      amounts: allocateTotal(
        session.lines.map((l) => l.priceCents),
        session.totalCents,
      ),
    });
    await app.db
      .update(checkoutSessions)
      .set({ providerSessionId: started.providerSessionId })
      .where(eq(checkoutSessions.id, session.id));
    if (started.stripeCustomerId && !user.stripeCustomerId)
      await app.db.update(users).set({ stripeCustomerId: started.stripeCustomerId }).where(eq(users.id, user.id));
    return { ok: true, url: started.url, session };
  } catch (error) {
    console.error("checkout: the payment provider failed", error);
    await app.db
      .update(checkoutSessions)
      .set({ status: "expired", lastError: CHECKOUT_MESSAGES.createFailed })
      .where(eq(checkoutSessions.id, session.id));
    return { ok: false, status: 502, formError: CHECKOUT_MESSAGES.createFailed };
  }
}

/**
 * One open checkout per buyer: an older one (another tab) is replaced, so the same class, credit or
 * code cannot be paid for twice. A replaced checkout is voided: it is never fulfilled, even if its
 * payment arrives, and what it held is free again.
 */
export async function closeOtherCheckouts(app: AppContext, userId: string, keepId: string) {
  const others = await app.db
    .update(checkoutSessions)
    .set({ status: "expired", voidedAt: app.now, lastError: LOST_MESSAGES.replaced })
    .where(
      and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, "open"), ne(checkoutSessions.id, keepId)),
    )
    .returning();
  await expireWithProvider(app, others);
}

/** Tells the provider that checkouts replaced here may not be paid any more (Stripe expires its session). */
async function expireWithProvider(app: AppContext, sessions: CheckoutSessionRow[]) {
  const provider = paymentsProvider(app);
  for (const other of sessions)
    if (other.provider === provider.name)
      await provider.expire(app, other).catch((error) => console.error("checkout: could not expire", other.id, error));
}

/**
 * Pressing Pay: one D1 batch makes the checkout only if what it carries is still there (the credit,
 * the code within its limits: holds.server.ts claimSql), and replaces the buyer's other open
 * checkouts only if it was made. D1 runs one batch at a time, so of buyers racing for the last use of
 * a code, or tabs racing for one credit, exactly one claim wins.
 */
async function claimCheckout(
  app: AppContext,
  marks: VisitMarks,
  user: UserRow,
  order: Order,
  args: { idempotencyKey: string; url: URL; provider: CheckoutSessionRow["provider"] },
): Promise<{ ok: true; session: CheckoutSessionRow } | { ok: false; code: string | null; creditCents: number }> {
  const id = crypto.randomUUID();
  const code = order.discount && !order.discount.problem && order.totals.discount > 0 ? order.discount.code : null;
  const lines = order.lines.map((line) => toLine(line, order.plans));
  const DB = app.bindings.DB;
  const [made, replaced] = await DB.batch<{ id: string }>([
    DB.prepare(
      `INSERT INTO checkout_sessions (id, user_id, provider, idempotency_key, status, source, lines, subtotal_cents, discount_code, discount_cents, credit_cents, total_cents, payment_info, query, created_at)
       SELECT ?1, ?2, ?3, ?4, 'open', ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14
       WHERE ${claimSql({ userId: "?2", code: "?8", creditCents: "?10", now: "?14", since: "?15" })}
       ON CONFLICT DO NOTHING RETURNING id`,
    ).bind(
      id,
      user.id,
      args.provider,
      args.idempotencyKey,
      order.source,
      JSON.stringify(lines),
      order.totals.subtotal,
      code,
      order.totals.discount,
      order.totals.credit,
      order.totals.total,
      JSON.stringify(paymentInfo(args.url.searchParams, storedPaymentInfo(app, marks))),
      args.url.search,
      app.now,
      holdsSince(app),
    ),
    DB.prepare(
      `UPDATE checkout_sessions SET status = 'expired', voided_at = ?3, last_error = ?4
       WHERE user_id = ?2 AND status = 'open' AND id <> ?1 AND EXISTS (SELECT 1 FROM checkout_sessions WHERE id = ?1) RETURNING id`,
    ).bind(id, user.id, app.now, LOST_MESSAGES.replaced),
  ]);
  if (made.results.length === 0) return { ok: false, code, creditCents: order.totals.credit };
  const replacedIds = replaced.results.map((r) => r.id);
  if (replacedIds.length > 0)
    await expireWithProvider(
      app,
      await app.db.select().from(checkoutSessions).where(inArray(checkoutSessions.id, replacedIds)),
    );
  const session = await app.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).get();
  if (!session) throw new Error(`checkout ${id} was made but cannot be read`);
  return { ok: true, session };
}

/**
 * A Stripe checkout still open when its buyer is back: ask Stripe whether it was paid and fulfil it
 * now, so a late webhook never keeps anyone waiting. Anything else is returned as it is.
 */
export async function confirmWithProvider(app: AppContext, session: CheckoutSessionRow): Promise<CheckoutSessionRow> {
  if (session.status !== "open" || session.provider !== "stripe" || !session.providerSessionId) return session;
  try {
    const paid = await paymentsProvider(app).retrieve(app, session.providerSessionId);
    if (paid.paid) {
      const outcome = await fulfilCheckout(app, session.id, { card: paid.card });
      if (outcome.status === "declined") return await refundDeclined(app, outcome.session);
      if (outcome.status !== "missing") return outcome.session;
    }
  } catch (error) {
    console.error("checkout: could not confirm with the provider", error);
  }
  return session;
}

/**
 * A checkout the provider was paid for but fulfilment declined (replaced by a newer one, or its credit
 * or code went to another checkout in the moment before it closed): the whole payment goes back. The
 * refund carries an idempotency key, so a retried webhook never refunds twice; a provider failure
 * throws, so the webhook answers 500 and Stripe retries.
 */
export async function refundDeclined(app: AppContext, session: CheckoutSessionRow): Promise<CheckoutSessionRow> {
  const provider = paymentsProvider(app);
  const reason = session.lastError ?? LOST_MESSAGES.replaced;
  if (session.provider !== provider.name) {
    // Paid through a provider that is no longer configured: someone must refund it by hand.
    console.error(
      "checkout: a declined checkout was paid through a provider that is not configured; refund it there",
      session.id,
      session.provider,
    );
    const lastError = `${reason} The payment must be refunded in ${session.provider === "stripe" ? "Stripe" : "the payment provider"}.`;
    await app.db.update(checkoutSessions).set({ lastError }).where(eq(checkoutSessions.id, session.id));
    return { ...session, lastError };
  }
  if (session.totalCents > 0) await provider.refund(app, session, session.totalCents);
  const lastError = `${reason} The payment was refunded.`;
  await app.db.update(checkoutSessions).set({ lastError }).where(eq(checkoutSessions.id, session.id));
  return { ...session, lastError };
}
