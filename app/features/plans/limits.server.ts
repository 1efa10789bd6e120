/**
 * The limits on new plans (rules.ts PLAN_LIMITS), claimed in D1 before a plan job is written: one
 * atomic claim per window (features/identity/attempts.server.ts takeAttempt), so of any number of
 * concurrent requests no more get through than a window allows. A refusal is a 'too-many'
 * ServiceError with the wait (the API answers 429 with Retry-After; the pages show its message), and
 * gives back what it had claimed in the windows before it: a refused request changes nothing.
 */
import { releaseAttempts, takeAttempt } from "~/features/identity/attempts.server";
import type { AppContext } from "~/platform/context";
import { tooMany } from "~/platform/service-error";
import { planLimitMessage, planLimitsFor, type PlanGeneration, type PlanRequester } from "./rules";

/** Claims one new plan in each of its windows; throws the refusal of the first that is full. Returns the claimed keys. */
export async function claimNewPlan(
  app: AppContext,
  requester: PlanRequester,
  generation: PlanGeneration,
): Promise<string[]> {
  const held: string[] = [];
  for (const limit of planLimitsFor(requester, generation)) {
    const waitMs = await takeAttempt(app, limit.key, limit.policy);
    if (waitMs > 0) {
      await releaseAttempts(app, held);
      throw tooMany(planLimitMessage(limit.name, waitMs), waitMs / 1000);
    }
    held.push(limit.key);
  }
  return held;
}

/** Gives a claim back: no new plan was made with it (a concurrent request made this generation's job, or the write failed). */
export const releaseNewPlan = (app: AppContext, held: string[]) => releaseAttempts(app, held);
