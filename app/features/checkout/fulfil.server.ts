/**
 * Fulfilment: a paid checkout becomes purchases, exactly once. Stripe's webhook, the success page's
 * confirmation and the local provider's card form all call fulfilCheckout, as often as they like, in
 * any order, at the same time: one D1 batch (a transaction) first closes the checkout, if it may
 * still be granted, and then spends the credit, redeems the discount, grants the membership, the
 * purchases and saves the card only for the fulfilment that closed it. Purchases are also unique per
 * checkout and product. A checkout that may not be granted (replaced, or its credit or code gone to
 * another checkout) is declined: nothing is granted, and it is closed for good.
 */
import { and, eq, ne } from "drizzle-orm";
import { checkoutSessions, savedCards, type CheckoutLine, type CheckoutSessionRow } from "~/db/schema";
import { EVENTS } from "~/features/analytics/events";
import { recordEvent } from "~/features/analytics/record.server";
import { removePurchased } from "~/features/cart/cart.server";
import { notify } from "~/features/notifications/notify.server";
import { purchaseNotificationText } from "~/features/notifications/rules";
import { sendEmail } from "~/platform/adapters/email/email.server";
import type { PaidCard } from "~/platform/adapters/payments/payments.server";
import { enrolmentFor } from "~/features/learning/rules";
import type { AppContext } from "~/platform/context";
import { periodEnd } from "~/features/subscriptions/rules";
import { LOST_MESSAGES, grantableSql, holdsSince, storedCreditSql, whyNotGrantable } from "./holds.server";
import { receiptEmail } from "./receipt";
import { allocateTotal, purchaseType } from "./rules";

const DAY_MS = 86_400_000;

export type FulfilOutcome =
  | { status: "fulfilled" | "already"; session: CheckoutSessionRow }
  /** It may not be granted: replaced by a newer checkout, or its credit or code went to another checkout. */
  | { status: "declined"; session: CheckoutSessionRow; reason: string }
  | { status: "missing" };

export async function getCheckout(app: AppContext, id: string): Promise<CheckoutSessionRow | null> {
  return (await app.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).get()) ?? null;
}

export async function checkoutByProviderSession(
  app: AppContext,
  providerSessionId: string,
): Promise<CheckoutSessionRow | null> {
  return (
    (await app.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, providerSessionId))
      .get()) ?? null
  );
}

export async function fulfilCheckout(
  app: AppContext,
  id: string,
  options: { card?: PaidCard | null; stripeCustomerId?: string | null; stripeSubscriptionId?: string | null } = {},
  retried = false,
): Promise<FulfilOutcome> {
  const { card = null, stripeCustomerId = null, stripeSubscriptionId = null } = options;
  const session = await getCheckout(app, id);
  if (!session) return { status: "missing" };
  if (session.status === "complete") return { status: "already", session };

  const DB = app.bindings.DB;
  // The first statement closes the checkout, only if it may still be granted (not voided, its credit
  // and its code still its own: see holds.server.ts), and stamps it with this fulfilment's id. Every
  // later statement grants only while that stamp is there, so a declined or repeated fulfilment grants
  // nothing, and a failure anywhere rolls the whole batch back. The id is a fresh UUID, inlined.
  const fulfilmentId = crypto.randomUUID();
  const whileOpen = `EXISTS (SELECT 1 FROM checkout_sessions WHERE id = ?1 AND fulfilment_id = '${fulfilmentId}')`;
  const amounts = allocateTotal(
    session.lines.map((l) => l.priceCents),
    session.totalCents,
  );
  const statements: D1PreparedStatement[] = [
    DB.prepare(
      `UPDATE checkout_sessions AS c SET status = 'complete', completed_at = ?2, last_error = NULL, fulfilment_id = ?3
       WHERE c.id = ?1 AND c.status <> 'complete' AND ${grantableSql("?4")} RETURNING id`,
    ).bind(id, app.now, fulfilmentId, holdsSince(app)),
  ];
  if (session.creditCents > 0) {
    // Spent here, and never below zero: the credit must still cover it (the claim made sure it does).
    statements.push(
      DB.prepare(
        `UPDATE users SET monthly_credit_info = json_set(coalesce(monthly_credit_info, '{}'), '$.monthlyCredit',
           round((coalesce(json_extract(monthly_credit_info, '$.monthlyCredit'), 0) * 100 - ?3)) / 100.0)
         WHERE id = ?2 AND ${storedCreditSql("?2")} >= ?3 AND ${whileOpen}`,
      ).bind(id, session.userId, session.creditCents),
    );
  }
  if (session.discountCode) {
    statements.push(
      DB.prepare(`UPDATE discount_codes SET redemptions = redemptions + 1 WHERE code = ?2 AND ${whileOpen}`).bind(
        id,
        session.discountCode,
      ),
    );
  }
  session.lines.forEach((line, i) => {
    if (line.kind === "subscription") {
      // A membership: trialing until the trial ends (the first charge), else active for one period.
      const interval = line.plan?.interval ?? "year";
      const trialEndsAt = line.plan && line.plan.trialDays > 0 ? app.now + line.plan.trialDays * DAY_MS : null;
      const periodEndsAt = trialEndsAt ?? periodEnd(app.now, interval);
      statements.push(
        DB.prepare(
          `INSERT INTO subscriptions (id, user_id, product_id, checkout_session_id, provider, provider_subscription_id, plan_id, interval, price_cents, status, trial_ends_at, current_period_end, created_at)
           SELECT ?2, ?3, ?4, ?1, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13 WHERE ${whileOpen}
           ON CONFLICT DO NOTHING`,
        ).bind(
          id,
          crypto.randomUUID(),
          session.userId,
          line.productId,
          session.provider,
          stripeSubscriptionId,
          line.plan?.planId ?? null,
          interval,
          line.plan?.recurringCents ?? line.priceCents,
          trialEndsAt ? "trialing" : "active",
          trialEndsAt,
          periodEndsAt,
          app.now,
        ),
        DB.prepare(`UPDATE users SET membership_status = 'active' WHERE id = ?2 AND ${whileOpen}`).bind(
          id,
          session.userId,
        ),
      );
      if (amounts[i] > 0) {
        statements.push(
          DB.prepare(
            `INSERT INTO invoices (id, subscription_id, user_id, amount_cents, status, period_start, period_end, provider_invoice_id, created_at)
             SELECT ?2, s.id, s.user_id, ?3, 'paid', ?4, s.current_period_end, ?1 || ':first', ?4 FROM subscriptions s WHERE s.checkout_session_id = ?1 AND ${whileOpen}
             ON CONFLICT DO NOTHING`,
          ).bind(id, crypto.randomUUID(), amounts[i], app.now),
        );
      }
    }
    if (line.kind === "studio-tier" || line.kind === "app-plan")
      statements.push(planStatement(app, id, session.userId, line, whileOpen));
    statements.push(
      DB.prepare(
        `INSERT INTO purchases (id, user_id, product_id, kind, checkout_session_id, amount_cents, purchased_at)
         SELECT ?2, ?3, ?4, ?5, ?1, ?6, ?7 WHERE ${whileOpen} ON CONFLICT (checkout_session_id, product_id) DO NOTHING`,
      ).bind(id, crypto.randomUUID(), session.userId, line.productId, line.kind, amounts[i], app.now),
    );
  });
  statements.push(...(await enrolmentStatements(app, session.userId, session.lines, whileOpen, id)));
  if (card) statements.push(saveCardStatement(app, session.userId, card, { checkoutId: id, fulfilmentId }));
  if (stripeCustomerId)
    statements.push(
      DB.prepare(`UPDATE users SET stripe_customer_id = ?2 WHERE id = ?1 AND stripe_customer_id IS NULL`).bind(
        session.userId,
        stripeCustomerId,
      ),
    );

  const results = await DB.batch(statements);
  // Only the call that closed it sees a row come back.
  const closedNow = (results[0]?.results.length ?? 0) > 0;
  if (!closedNow) {
    const outcome = await notGranted(app, id, session, retried);
    // What it carried came free between the batch and the look (another checkout closed): once more.
    return outcome ?? fulfilCheckout(app, id, options, true);
  }
  const after = (await getCheckout(app, id)) ?? session;

  // Once per checkout (only the call that closed it gets here): purchase success with its type.
  recordEvent(
    app,
    EVENTS.purchaseSuccess,
    { userId: session.userId },
    {
      checkoutSessionId: id,
      type: purchaseType(session.lines.map((l) => l.kind)),
      productIds: session.lines.map((l) => l.productId),
      totalCents: session.totalCents,
      ...session.paymentInfo,
    },
  );
  await removePurchased(
    app,
    session.userId,
    session.lines.map((l) => l.productId),
  ).catch(() => undefined);
  // The buyer's bell (and any open tab, live); keyed by checkout, so it can never be doubled.
  await notify(app, {
    userId: session.userId,
    kind: "purchase",
    ...purchaseNotificationText(session.lines),
    link: purchaseLink(session),
    dedupeKey: `purchase:${id}`,
  }).catch((error: unknown) => console.error("notifications: purchase notification failed", error));
  await sendReceiptOnce(app, after);
  return { status: "fulfilled", session: after };
}

/**
 * classesEnrolled (spec 3): each class bought starts now with a suggested finish (a lesson a week);
 * a class enrolled before keeps its dates.
 */
async function enrolmentStatements(
  app: AppContext,
  userId: string,
  lines: { productId: string; kind: string }[],
  whileOpen: string,
  checkoutId: string,
) {
  const classIds = lines.filter((l) => l.kind === "class").map((l) => l.productId);
  if (classIds.length === 0) return [];
  const { results } = await app.bindings.DB.prepare(
    `SELECT id, lesson_count AS lessonCount FROM products WHERE id IN (SELECT value FROM json_each(?1))`,
  )
    .bind(JSON.stringify(classIds))
    .all<{ id: string; lessonCount: number }>();
  return results.map((p) => {
    const path = `$."${p.id}"`;
    return app.bindings.DB.prepare(
      `UPDATE users SET classes_enrolled = json_set(coalesce(classes_enrolled, '{}'), ?3, json(?4))
       WHERE id = ?2 AND json_extract(coalesce(classes_enrolled, '{}'), ?3) IS NULL AND ${whileOpen}`,
    ).bind(checkoutId, userId, path, JSON.stringify(enrolmentFor(p.lessonCount, app.now)));
  });
}

/**
 * A studio tier (the creator may publish) or an app plan (the end user has the app), active for one
 * period of its interval. One per checkout: the unique checkout_session_id makes a repeat a no-op.
 */
function planStatement(app: AppContext, checkoutId: string, userId: string, line: CheckoutLine, whileOpen: string) {
  const interval = line.interval ?? "month";
  const ends = periodEnd(app.now, interval);
  if (line.kind === "studio-tier") {
    return app.bindings.DB.prepare(
      `INSERT INTO creator_studio_subscriptions (id, user_id, tier_slug, price_option_id, checkout_session_id, interval, price_cents, status, current_period_end, created_at)
       SELECT ?2, ?3, ?4, ?5, ?1, ?6, ?7, 'active', ?8, ?9 WHERE ${whileOpen} ON CONFLICT DO NOTHING`,
    ).bind(
      checkoutId,
      crypto.randomUUID(),
      userId,
      line.tierSlug ?? "",
      line.productId,
      interval,
      line.priceCents,
      ends,
      app.now,
    );
  }
  return app.bindings.DB.prepare(
    `INSERT INTO app_subscriptions (id, app_id, user_id, price_option_id, checkout_session_id, interval, price_cents, status, current_period_end, created_at)
     SELECT ?2, ?3, ?4, ?5, ?1, ?6, ?7, 'active', ?8, ?9 WHERE ${whileOpen} ON CONFLICT DO NOTHING`,
  ).bind(
    checkoutId,
    crypto.randomUUID(),
    line.appId ?? "",
    userId,
    line.productId,
    interval,
    line.priceCents,
    ends,
    app.now,
  );
}

/** Saves the card; inside a fulfilment, only if that fulfilment granted the checkout. */
function saveCardStatement(
  app: AppContext,
  userId: string,
  card: PaidCard,
  grantedBy: { checkoutId: string; fulfilmentId: string } | null = null,
) {
  return app.bindings.DB.prepare(
    `INSERT INTO saved_cards (user_id, brand, last4, exp_month, exp_year, updated_at)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE ?7 IS NULL OR EXISTS (SELECT 1 FROM checkout_sessions WHERE id = ?7 AND fulfilment_id = ?8)
     ON CONFLICT (user_id) DO UPDATE SET brand = excluded.brand, last4 = excluded.last4, exp_month = excluded.exp_month, exp_year = excluded.exp_year, updated_at = excluded.updated_at`,
  ).bind(
    userId,
    card.brand,
    card.last4,
    card.expMonth,
    card.expYear,
    app.now,
    grantedBy?.checkoutId ?? null,
    grantedBy?.fulfilmentId ?? null,
  );
}

/**
 * The batch closed nothing: the checkout was complete already, or may not be granted. A declined one
 * is closed for good (expired and voided, with the reason), so no later retry grants it either; the
 * caller tells the buyer nothing was charged, or refunds what the provider took.
 */
async function notGranted(
  app: AppContext,
  id: string,
  before: CheckoutSessionRow,
  retried: boolean,
): Promise<FulfilOutcome | null> {
  const now = (await getCheckout(app, id)) ?? before;
  if (now.status === "complete") return { status: "already", session: now };
  const why = await whyNotGrantable(app, id);
  if (!why && !retried) return null;
  const reason = why ?? LOST_MESSAGES.replaced;
  await app.db
    .update(checkoutSessions)
    .set({ status: "expired", voidedAt: now.voidedAt ?? app.now, lastError: reason })
    .where(and(eq(checkoutSessions.id, id), ne(checkoutSessions.status, "complete")));
  const after = (await getCheckout(app, id)) ?? now;
  if (after.status === "complete") return { status: "already", session: after };
  return { status: "declined", session: after, reason };
}

/** The card a user paid with (getCardData), when it is learnt after fulfilment (a webhook). */
export async function saveCard(app: AppContext, userId: string, card: PaidCard) {
  await saveCardStatement(app, userId, card).run();
}

/** The receipt goes out once per checkout, whoever fulfils it and however often. */
async function sendReceiptOnce(app: AppContext, session: CheckoutSessionRow) {
  const claimed = await app.bindings.DB.prepare(
    `UPDATE checkout_sessions SET receipt_sent_at = ?2 WHERE id = ?1 AND receipt_sent_at IS NULL RETURNING user_id`,
  )
    .bind(session.id, app.now)
    .first<{ user_id: string }>();
  if (!claimed) return;
  const user = await app.bindings.DB.prepare(`SELECT email, first_name FROM users WHERE id = ?1`)
    .bind(session.userId)
    .first<{ email: string; first_name: string }>();
  if (!user) return;
  const card = await app.bindings.DB.prepare(`SELECT brand, last4 FROM saved_cards WHERE user_id = ?1`)
    .bind(session.userId)
    .first<{ brand: string; last4: string }>();
  try {
    await sendEmail(
      app,
      receiptEmail({ productName: app.env.PRODUCT_NAME, to: user.email, firstName: user.first_name, session, card }),
    );
  } catch {
    // A receipt that fails to send is not a lost purchase; allow another attempt later.
    await app.bindings.DB.prepare(`UPDATE checkout_sessions SET receipt_sent_at = NULL WHERE id = ?1`)
      .bind(session.id)
      .run();
  }
}

/** Where the purchase notification points: the library for classes, else the page the checkout returns to. */
function purchaseLink(session: CheckoutSessionRow): string {
  if (session.lines.some((l) => l.kind === "class" || l.kind === "collection")) return "/library";
  return session.successPath?.split("?")[0] ?? "/library";
}

/** The card the user last paid with (brand, last four, expiry), or undefined. */
export function savedCardOf(app: AppContext, userId: string) {
  return app.db.select().from(savedCards).where(eq(savedCards.userId, userId)).get();
}
