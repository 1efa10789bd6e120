/**
 * What an open checkout holds: its monthly credit and its use of a discount code. Pressing Pay claims
 * both in the same D1 statement that makes the checkout, so two buyers (or two tabs) racing for the
 * last use of a code or for one credit cannot both get it: D1 runs one statement, and one batch, at a
 * time. A hold is not a counter that could leak: it is the checkout itself, counted while it is
 * open, not voided and younger than CHECKOUT_HOLD_MS. It ends when the checkout completes (the
 * credit is spent and the use redeemed in the fulfilment batch), expires, is replaced, or simply
 * grows older than the hold. Fulfilment grants only what the checkout may still have: see
 * grantableSql.
 */
import type { AppContext } from "~/platform/context";
import { CHECKOUT_HOLD_MS, DISCOUNT_MESSAGES } from "./rules";

/** The user's stored credit in cents, as monthlyCreditCents reads it: a positive number of dollars, else 0. */
export function storedCreditSql(userId: string): string {
  const value = `json_extract(u.monthly_credit_info, '$.monthlyCredit')`;
  return `(SELECT CASE WHEN json_type(u.monthly_credit_info, '$.monthlyCredit') IN ('integer', 'real') AND ${value} > 0
            THEN CAST(round(${value} * 100) AS INTEGER) ELSE 0 END FROM users u WHERE u.id = ${userId})`;
}

/** Checkout `o` holds what it carries: open, not voided, and started less than the hold ago (`since`). */
const holding = (since: string) => `(o.status = 'open' AND o.voided_at IS NULL AND o.created_at > ${since})`;

/**
 * Whether the discount code `code` may go to one more checkout: not past its limit counting the uses
 * redeemed and the uses held by other checkouts (`others` says which), and not past its per-buyer limit.
 */
function codeWithinLimitsSql(code: string, userId: string, since: string, others: string, mine: string): string {
  return `(d.max_redemptions IS NULL OR d.redemptions + (SELECT count(*) FROM checkout_sessions o WHERE o.discount_code = ${code} AND ${others} AND ${holding(since)}) < d.max_redemptions)
      AND (d.max_redemptions_per_user IS NULL OR (SELECT count(*) FROM checkout_sessions o WHERE o.discount_code = ${code} AND o.user_id = ${userId} AND ${mine}) < d.max_redemptions_per_user)`;
}

/**
 * The claim made when Pay is pressed, for a new checkout of user `userId` with `creditCents` of credit
 * and discount code `code` (SQL expressions, usually parameters). The buyer's own open checkouts are
 * left out: the same batch replaces them, which gives their holds back.
 */
export function claimSql(p: { userId: string; code: string; creditCents: string; now: string; since: string }): string {
  return `(${p.creditCents} = 0 OR ${storedCreditSql(p.userId)} >= ${p.creditCents})
    AND (${p.code} IS NULL OR EXISTS (SELECT 1 FROM discount_codes d WHERE d.code = ${p.code} AND (d.expires_at IS NULL OR d.expires_at > ${p.now})
      AND ${codeWithinLimitsSql(p.code, p.userId, p.since, `o.user_id <> ${p.userId}`, `o.status = 'complete'`)}))`;
}

/**
 * Whether checkout `c` may be granted now: not voided, its credit still there once every other hold on
 * the buyer's credit is set aside, and its code within its limits without it. A checkout that holds
 * (the usual case) always passes; one that expired unpaid and was paid late passes only if nobody
 * took what it carried meanwhile.
 */
export function grantableSql(since: string): string {
  const credit = `(c.credit_cents = 0 OR ${storedCreditSql("c.user_id")}
      - (SELECT coalesce(sum(o.credit_cents), 0) FROM checkout_sessions o WHERE o.user_id = c.user_id AND o.id <> c.id AND ${holding(since)}) >= c.credit_cents)`;
  const code = `(c.discount_code IS NULL OR NOT EXISTS (SELECT 1 FROM discount_codes d WHERE d.code = c.discount_code
      AND NOT (${codeWithinLimitsSql("c.discount_code", "c.user_id", since, "o.id <> c.id", `o.id <> c.id AND (o.status = 'complete' OR ${holding(since)})`)})))`;
  return `(c.voided_at IS NULL AND ${credit} AND ${code})`;
}

export const holdsSince = (app: AppContext) => app.now - CHECKOUT_HOLD_MS;

export const LOST_MESSAGES = {
  replaced: "A newer checkout replaced this one.",
  credit: "Your monthly credit has changed since this checkout began.",
  expired: "This checkout has expired.",
} as const;

/**
 * Why checkout `id` may not be granted now (null when it may): the reason a buyer reads. Read-only;
 * the pay page asks before charging, and fulfilment asks after its batch declined the checkout.
 */
export async function whyNotGrantable(app: AppContext, id: string): Promise<string | null> {
  const since = holdsSince(app);
  const DB = app.bindings.DB;
  const row = await DB.prepare(
    `SELECT c.voided_at AS voidedAt, c.last_error AS lastError,
       (c.credit_cents = 0 OR ${storedCreditSql("c.user_id")} - (SELECT coalesce(sum(o.credit_cents), 0) FROM checkout_sessions o WHERE o.user_id = c.user_id AND o.id <> c.id AND ${holding("?2")}) >= c.credit_cents) AS creditOk,
       (SELECT d.max_redemptions_per_user IS NOT NULL AND (SELECT count(*) FROM checkout_sessions o WHERE o.discount_code = d.code AND o.user_id = c.user_id AND o.id <> c.id AND (o.status = 'complete' OR ${holding("?2")})) >= d.max_redemptions_per_user
          FROM discount_codes d WHERE d.code = c.discount_code) AS usedByBuyer,
       ${grantableSql("?2")} AS grantable
     FROM checkout_sessions c WHERE c.id = ?1`,
  )
    .bind(id, since)
    .first<{
      voidedAt: number | null;
      lastError: string | null;
      creditOk: number;
      usedByBuyer: number | null;
      grantable: number;
    }>();
  if (!row || row.grantable) return null;
  if (row.voidedAt !== null) return row.lastError ?? LOST_MESSAGES.replaced;
  if (!row.creditOk) return LOST_MESSAGES.credit;
  if (row.usedByBuyer) return DISCOUNT_MESSAGES.perUser;
  return DISCOUNT_MESSAGES.usedUp;
}

/** Why a claim at Pay failed, for the buyer: the code (with its message) or the credit. */
export async function whyClaimFailed(
  app: AppContext,
  userId: string,
  code: string | null,
  creditCents: number,
): Promise<{ codeError: string } | { formError: string }> {
  const DB = app.bindings.DB;
  if (creditCents > 0) {
    const stored = await DB.prepare(`SELECT ${storedCreditSql("?1")} AS cents`)
      .bind(userId)
      .first<{ cents: number }>();
    if ((stored?.cents ?? 0) < creditCents) return { formError: LOST_MESSAGES.credit };
  }
  if (code) {
    const rule = await DB.prepare(
      `SELECT expires_at AS expiresAt, max_redemptions_per_user AS perUser, (SELECT count(*) FROM checkout_sessions o WHERE o.discount_code = ?1 AND o.user_id = ?2 AND o.status = 'complete') AS mine FROM discount_codes WHERE code = ?1`,
    )
      .bind(code, userId)
      .first<{ expiresAt: number | null; perUser: number | null; mine: number }>();
    if (!rule) return { codeError: DISCOUNT_MESSAGES.unknown };
    if (rule.expiresAt !== null && rule.expiresAt <= app.now) return { codeError: DISCOUNT_MESSAGES.expired };
    if (rule.perUser !== null && rule.mine >= rule.perUser) return { codeError: DISCOUNT_MESSAGES.perUser };
    return { codeError: DISCOUNT_MESSAGES.usedUp };
  }
  return { formError: LOST_MESSAGES.credit };
}

/**
 * The uses of a code taken by other buyers' checkouts (redeemed or held) and by this buyer (redeemed),
 * for the checkout page: a code whose last use another buyer holds is shown as fully redeemed.
 */
export async function codeUses(
  app: AppContext,
  code: string,
  userId: string,
): Promise<{ taken: number; mine: number }> {
  const row = await app.bindings.DB.prepare(
    `SELECT d.redemptions + (SELECT count(*) FROM checkout_sessions o WHERE o.discount_code = d.code AND o.user_id <> ?2 AND ${holding("?3")}) AS taken,
            (SELECT count(*) FROM checkout_sessions o WHERE o.discount_code = d.code AND o.user_id = ?2 AND o.status = 'complete') AS mine
     FROM discount_codes d WHERE d.code = ?1`,
  )
    .bind(code, userId, holdsSince(app))
    .first<{ taken: number; mine: number }>();
  return row ?? { taken: 0, mine: 0 };
}
