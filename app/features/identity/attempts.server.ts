/**
 * Attempt counters for brute-force protection, in D1; never KV, whose writes race. Every attempt is
 * claimed before anything secret is looked at, in ONE statement (an upsert whose update only happens
 * while the policy allows it, RETURNING the count): of any number of concurrent attempts, exactly as
 * many as the policy allows get through, and the others are refused without being checked.
 */
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { attemptCounters } from "~/db/schema";
import type { Client } from "~/platform/client.server";
import { LOCAL_CLIENT } from "~/platform/client.server";
import type { AppContext } from "~/platform/context";
import { claimBackoff, claimWindow } from "./sql.server";
import {
  CLIENT_FAILURE_POLICY,
  EMAIL_CEILING_POLICY,
  GLOBAL_FAILURE_POLICY,
  attemptWaitMs,
  isWindowPolicy,
  type AttemptPolicy,
  type WindowPolicy,
} from "./rules";

type Claim = { ok: true; failures: number } | { ok: false; waitMs: number };

/** Counts one attempt if the policy allows it now (atomically); otherwise changes nothing and says how long to wait. */
async function claimAttempt(app: AppContext, key: string, policy: AttemptPolicy | WindowPolicy): Promise<Claim> {
  const claimed = isWindowPolicy(policy)
    ? await claimWindow(app.bindings.DB, key, app.now, policy)
    : await claimBackoff(app.bindings.DB, key, app.now, policy);
  if (claimed) return { ok: true, failures: claimed.failures };
  return { ok: false, waitMs: await currentWait(app, key, policy) };
}

/** The wait a counter imposes now, without counting anything; at least a second once refused (the row may have moved on). */
async function currentWait(app: AppContext, key: string, policy: AttemptPolicy | WindowPolicy): Promise<number> {
  const counter = await app.db.select().from(attemptCounters).where(eq(attemptCounters.key, key)).get();
  return attemptWaitMs(counter ?? null, app.now, policy) || 1000;
}

/**
 * For limits on every use rather than on failures (user lookups, code sending): counts this use and
 * answers the wait that applies to it. 0 means the use is allowed.
 */
export async function takeAttempt(app: AppContext, key: string, policy: AttemptPolicy | WindowPolicy): Promise<number> {
  const claim = await claimAttempt(app, key, policy);
  return claim.ok ? 0 : claim.waitMs;
}

/**
 * Gives back one counted use of each key: the use was claimed, but nothing was done with it after
 * all (another window refused, or a concurrent request did the work). Never below zero.
 */
export async function releaseAttempts(app: AppContext, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await app.db
    .update(attemptCounters)
    .set({ failures: sql`${attemptCounters.failures} - 1` })
    .where(and(inArray(attemptCounters.key, keys), gt(attemptCounters.failures, 0)));
}

/** What a secret is checked for: each has its own lockout per subject (an email or a user id). */
export type CheckScope = "login" | "reset-code" | "confirm-code" | "mfa" | "sign-in-code";

const GLOBAL_KEY = "failures:all";
const clientKey = (client: Client) => `failures:${client.key}`;

/** The subject's lockout counter: per subject and client in production, per subject locally (one client). */
const lockoutKey = (scope: CheckScope, subject: string, client: Client = LOCAL_CLIENT) =>
  client.trusted ? `${scope}:${subject}|${client.key}` : `${scope}:${subject}`;
const ceilingKey = (scope: CheckScope, subject: string) => `${scope}-all:${subject}`;

export type HeldCheck = { release: string[]; clear: string[] };

/**
 * Claims one check of a secret for `subject` from `client`, before the secret is looked at: the
 * client's window, the product's window, the subject's lockout (rules.ts) and, in production, the
 * subject's ceiling across clients. The first that refuses ends it (what was claimed stays counted:
 * the attempt did not succeed). On success the caller hands the result to checkSucceeded.
 */
export async function claimCheck(
  app: AppContext,
  scope: CheckScope,
  subject: string,
  client: Client,
  policy: AttemptPolicy,
): Promise<{ ok: true; held: HeldCheck } | { ok: false; waitMs: number }> {
  for (const [key, windowPolicy] of [
    [clientKey(client), CLIENT_FAILURE_POLICY],
    [GLOBAL_KEY, GLOBAL_FAILURE_POLICY],
  ] as const) {
    const claim = await claimAttempt(app, key, windowPolicy);
    if (!claim.ok) return claim;
  }
  const lockout = lockoutKey(scope, subject, client);
  const own = await claimAttempt(app, lockout, policy);
  if (!own.ok) return own;
  const clear = [lockout];
  if (client.trusted) {
    const ceiling = ceilingKey(scope, subject);
    clear.push(ceiling);
    // Only a client's free attempts count towards the shared ceiling; its later ones must only fit under it.
    if (own.failures <= policy.free) {
      const shared = await claimAttempt(app, ceiling, EMAIL_CEILING_POLICY);
      if (!shared.ok) return shared;
    } else {
      const counter = await app.db.select().from(attemptCounters).where(eq(attemptCounters.key, ceiling)).get();
      const waitMs = attemptWaitMs(counter ?? null, app.now, EMAIL_CEILING_POLICY);
      if (waitMs > 0) return { ok: false, waitMs };
    }
  }
  return { ok: true, held: { release: [clientKey(client), GLOBAL_KEY], clear } };
}

/** The secret was right: the windows get their count back and the subject's lockout is cleared. */
export async function checkSucceeded(app: AppContext, held: HeldCheck): Promise<void> {
  const statements = [
    ...held.release.map((key) =>
      app.db
        .update(attemptCounters)
        .set({ failures: sql`${attemptCounters.failures} - 1` })
        .where(and(eq(attemptCounters.key, key), gt(attemptCounters.failures, 0))),
    ),
    ...held.clear.map((key) => app.db.delete(attemptCounters).where(eq(attemptCounters.key, key))),
  ];
  if (statements.length > 0) await app.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
}

/** Clears a subject's lockout for a client (a password reset clears the sign-in lockout it ends). */
export async function clearLockout(
  app: AppContext,
  scope: CheckScope,
  subject: string,
  client: Client = LOCAL_CLIENT,
): Promise<void> {
  const keys = [lockoutKey(scope, subject, client), ...(client.trusted ? [ceilingKey(scope, subject)] : [])];
  await app.db.delete(attemptCounters).where(inArray(attemptCounters.key, keys));
}

/** Whole seconds to tell a person to wait. */
export const waitSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
