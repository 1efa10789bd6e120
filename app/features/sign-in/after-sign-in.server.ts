/**
 * What follows a sign-in, in one place and in this order (no area registers itself anywhere):
 * 1. the visitor's cart joins the account's (spec 4, "Cart": server items first), at every sign-in;
 * 2. the anonymous visitor this was is linked to the account, once (spec 4, "After login"); when this
 *    sign-in made the link, the visitor's onboarding answers and personalized plans hand over to the
 *    account (only the account that claims an anonymous id takes its data);
 *    the visitor's experiment variants join the account (it keeps them on any device);
 * 3. a challenge the visitor pressed "Get started" on before signing in is joined (a pending join);
 * 4. analytics identifies the person (spec 7), after the response: a sign-in never waits for it.
 * The JSON API's link (POST /api/users/linkAuthUserWithAnonymousUserId) runs step 2 alone.
 */
import { identifyLater, type SignInPlace } from "~/features/analytics/identify.server";
import { mergeVisitorCart } from "~/features/cart/cart.server";
import { joinChallenge } from "~/features/challenges/challenges.server";
import { attachAssignments } from "~/features/experiments/experiments.server";
import { claimAnonymousId, type LinkResult } from "~/features/identity/anonymous.server";
import { moveOnboardingToUser } from "~/features/onboarding/onboarding.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";

export type { SignInPlace };

/**
 * Links the anonymous id to the account once and, when this call made the link, hands the visitor's
 * onboarding and plans over to it.
 */
async function linkAnonymousData(app: AppContext, anonymousId: string, userId: string): Promise<LinkResult> {
  const claim = await claimAnonymousId(app, anonymousId, userId);
  if (claim === "already") return { success: true, dataLinked: false, message: "Already linked" };
  if (claim !== "claimed") return claim;
  const moved = await moveOnboardingToUser(app, anonymousId, userId);
  return {
    success: true,
    dataLinked: moved > 0,
    message: moved > 0 ? "Anonymous data linked" : "No anonymous data to link",
  };
}

/** Joins the challenge asked for before signing in; one that ended or went away meanwhile is let go. */
async function joinPendingChallenge(app: AppContext, userId: string, slug: string) {
  try {
    await joinChallenge(app, userId, slug);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
  }
}

/**
 * Runs what follows the user's sign-in from a browser carrying `anonymousId` (or none). Answers
 * whether the visitor's anonymous data moved to the account (the route then clears the anonymous
 * cookie, spec 4).
 */
export async function afterSignIn(
  app: AppContext,
  {
    userId,
    anonymousId,
    place,
    pendingChallenge = null,
  }: { userId: string; anonymousId: string | null; place: SignInPlace; pendingChallenge?: string | null },
): Promise<{ anonymousDataMoved: boolean }> {
  if (anonymousId) await mergeVisitorCart(app, anonymousId, userId);
  const link = anonymousId ? await linkAnonymousData(app, anonymousId, userId) : null;
  // The visitor's experiment variants join the account (unless it has its own), so it keeps them anywhere.
  if (anonymousId && (link === null || link.success)) await attachAssignments(app, anonymousId, userId);
  if (pendingChallenge) await joinPendingChallenge(app, userId, pendingChallenge);
  identifyLater(app, userId, place);
  return { anonymousDataMoved: Boolean(link?.success && link.dataLinked) };
}

/**
 * The JSON API's link (POST /api/users/linkAuthUserWithAnonymousUserId): the link, once, and the
 * visitor's onboarding answers and plans move with it, also when the id was linked before (e.g. by a
 * sign-in whose visitor had no onboarding yet).
 */
export async function linkAnonymousUser(app: AppContext, anonymousId: string, userId: string): Promise<LinkResult> {
  const result = await linkAnonymousData(app, anonymousId, userId);
  if (result.success && !result.dataLinked && (await moveOnboardingToUser(app, anonymousId, userId)) > 0)
    return { success: true, dataLinked: true, message: "Anonymous data linked" };
  return result;
}

/**
 * linkAnonymousUser as the JSON API answers it (spec 8): a refusal in its own words, and a fault the
 * product did not foresee as {success: false, message: 'Unknown error'} (its details go to the logs only).
 */
export async function linkAnonymousUserAnswer(
  app: AppContext,
  anonymousId: string,
  userId: string,
): Promise<LinkResult> {
  try {
    return await linkAnonymousUser(app, anonymousId, userId);
  } catch (error) {
    if (error instanceof ServiceError) return { success: false, message: error.message };
    console.error("sign-in: the anonymous id could not be linked", error);
    return { success: false, message: UNKNOWN_ERROR };
  }
}

/** The anonymous link's answer to a fault (spec 8). */
export const UNKNOWN_ERROR = "Unknown error";
