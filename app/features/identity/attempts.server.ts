/**
 * Attempt counters for brute-force protection, in D1. A failure is one upsert statement (SQLite
 * runs it atomically), so concurrent attempts never lose a count; never KV, whose writes race.
 */
import { eq, sql } from "drizzle-orm";
import { attemptCounters } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { attemptWaitMs, type AttemptPolicy } from "./rules";

/** Milliseconds before the next attempt on this key is allowed (0: go ahead). */
export async function waitBeforeAttempt(app: AppContext, key: string, policy: AttemptPolicy): Promise<number> {
  const counter = await app.db.select().from(attemptCounters).where(eq(attemptCounters.key, key)).get();
  return attemptWaitMs(counter ?? null, app.now, policy);
}

/** Counts one failure; a failure after a quiet period starts the count again. */
export async function recordFailure(app: AppContext, key: string, policy: AttemptPolicy): Promise<void> {
  await app.db
    .insert(attemptCounters)
    .values({ key, failures: 1, lastFailureAt: app.now })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        failures: sql`CASE WHEN ${app.now} - ${attemptCounters.lastFailureAt} >= ${policy.quietMs} THEN 1 ELSE ${attemptCounters.failures} + 1 END`,
        lastFailureAt: app.now,
      },
    });
}

export async function clearFailures(app: AppContext, key: string): Promise<void> {
  await app.db.delete(attemptCounters).where(eq(attemptCounters.key, key));
}

/**
 * For limits on every use rather than on failures (user lookups, code sending): counts this use and
 * answers the wait that applies to it. 0 means the use is allowed.
 */
export async function takeAttempt(app: AppContext, key: string, policy: AttemptPolicy): Promise<number> {
  const wait = await waitBeforeAttempt(app, key, policy);
  if (wait > 0) return wait;
  await recordFailure(app, key, policy);
  return 0;
}

/** Whole seconds to tell a person to wait. */
export const waitSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
