/**
 * Onboarding on the server (creator-app-builder spec 2, 3, 7): whose answers these are (the
 * signed-in user, or the anonymous visitor's 'anon_' id from the cookie or X-Non-Auth-User-Id),
 * which flow applies (the PUBLISHED flow for the public; the DRAFT flow for the app's owner
 * previewing with a testingStepId), and the onboarding_states rows: save, read, complete, and move
 * to an account at sign-in.
 */
import { and, eq, sql } from "drizzle-orm";
import {
  anonymousLinks,
  onboardingStates,
  personalizedPlans,
  testingSteps,
  type AppRow,
  type UserRow,
} from "~/db/schema";
import { appBySlugs, ownedApp } from "~/features/apps/apps.server";
import { onboardingFlowSchema, type OnboardingFlow } from "~/db/app-content";
import { NOT_YOUR_ANONYMOUS_ID, carriedAnonymousIds } from "~/features/identity/anonymous.server";
import type { AppContext } from "~/platform/context";
import {
  ANONYMOUS_SUBJECT,
  BUILDER_PREVIEW_STEP,
  onboardingMessages,
  readPagesInfo,
  TESTING_STEP_ID,
  type Answers,
  type PagesInfo,
} from "./rules";

/** Who is answering: a user id or an 'anon_' id. userId is set when signed in. */
export interface Caller {
  subject: string;
  user: UserRow | null;
  anonymousId: string | null;
  /** Every anonymous id the request itself carries (cookie and header): the only ones it may link. */
  anonymousIds: string[];
}

export type Failure = { ok: false; status: 400 | 401 | 403 | 404; error: string };

/** What a request says about its caller, read by the route (app/http/onboarding.server.ts). */
export interface CallerClaim {
  /** The signed-in user (bearer token, else session cookie), or null. */
  user: UserRow | null;
  /** The X-Non-Auth-User-Id header, trimmed, or null. */
  header: string | null;
  /** The well-formed anonymous id of the visitor cookie, or null. */
  cookie: string | null;
}

/**
 * The caller of the JSON API: the signed-in user, else the anonymous id of the X-Non-Auth-User-Id
 * header (which must be well formed) or of the cookie.
 */
export function apiCaller(claim: CallerClaim): { ok: true; caller: Caller } | Failure {
  const { user, header, cookie } = claim;
  const anonymousIds = carriedAnonymousIds(header, cookie);
  if (user)
    return {
      ok: true,
      caller: {
        subject: user.id,
        user,
        anonymousId: header && ANONYMOUS_SUBJECT.test(header) ? header : cookie,
        anonymousIds,
      },
    };
  if (header) {
    if (!ANONYMOUS_SUBJECT.test(header)) return { ok: false, status: 400, error: onboardingMessages.badAnonymousId };
    return { ok: true, caller: { subject: header, user: null, anonymousId: header, anonymousIds } };
  }
  if (cookie) return { ok: true, caller: { subject: cookie, user: null, anonymousId: cookie, anonymousIds } };
  return { ok: false, status: 401, error: onboardingMessages.noSubject };
}

export interface FlowTarget {
  row: AppRow;
  flow: OnboardingFlow;
  /** '' for real users; the creator's preview step otherwise. */
  testingStepId: string;
}

/**
 * The app and the flow to use. Without a testing step: the published snapshot's flow (404 when the
 * app is not published). With one: only the app's owner (or an admin), and the draft flow.
 */
export async function flowTarget(
  app: AppContext,
  storefrontSlug: string,
  appSlug: string,
  testing: { testingStepId: string; user: UserRow | null } | null,
): Promise<{ ok: true; target: FlowTarget } | Failure> {
  const row = await appBySlugs(app, storefrontSlug, appSlug);
  if (!row) return { ok: false, status: 404, error: onboardingMessages.appNotFound };
  if (testing) {
    if (!TESTING_STEP_ID.test(testing.testingStepId))
      return { ok: false, status: 400, error: onboardingMessages.badTestingStep };
    if (!testing.user) return { ok: false, status: 401, error: "User is not authenticated" };
    const owned = await ownedApp(app, testing.user, row.id);
    if (!owned.ok) return owned;
    if (!(await isTestingStepOf(app, row.id, testing.testingStepId)))
      return { ok: false, status: 404, error: onboardingMessages.unknownTestingStep };
    const draft = onboardingFlowSchema.safeParse(row.onboardingFlow);
    if (!draft.success) return { ok: false, status: 404, error: onboardingMessages.noFlow };
    return { ok: true, target: { row, flow: draft.data, testingStepId: testing.testingStepId } };
  }
  if (!row.isPublished || !row.published) return { ok: false, status: 404, error: onboardingMessages.appNotFound };
  const published = onboardingFlowSchema.safeParse(row.published.onboardingFlow);
  if (!published.success) return { ok: false, status: 404, error: onboardingMessages.noFlow };
  return { ok: true, target: { row, flow: published.data, testingStepId: "" } };
}

/**
 * A preview's step id is the builder's Preview or one of the app's personas (testing_steps): any
 * other string would open a store of answers and plans nobody can see or clean up.
 */
async function isTestingStepOf(app: AppContext, appId: string, testingStepId: string): Promise<boolean> {
  if (testingStepId === BUILDER_PREVIEW_STEP) return true;
  const step = await app.db
    .select({ id: testingSteps.id })
    .from(testingSteps)
    .where(and(eq(testingSteps.id, testingStepId), eq(testingSteps.appId, appId)))
    .get();
  return Boolean(step);
}

export interface OnboardingState {
  userState: Answers;
  pagesInfo: PagesInfo;
  finalUserState: Answers | null;
  completedAt: number | null;
}

export async function readState(
  app: AppContext,
  appId: string,
  subject: string,
  testingStepId: string,
): Promise<OnboardingState | null> {
  const row = await app.db
    .select()
    .from(onboardingStates)
    .where(
      and(
        eq(onboardingStates.appId, appId),
        eq(onboardingStates.subject, subject),
        eq(onboardingStates.testingStepId, testingStepId),
      ),
    )
    .get();
  if (!row) return null;
  return {
    userState: row.userState ?? {},
    pagesInfo: readPagesInfo(row.pagesInfo),
    finalUserState: row.finalUserState ?? null,
    completedAt: row.completedAt ?? null,
  };
}

const userIdOf = (subject: string) => (subject.startsWith("anon_") ? null : subject);

/** Saves the answers and where the visitor is (one row per app, subject and testing step). */
export async function saveState(
  app: AppContext,
  appId: string,
  subject: string,
  testingStepId: string,
  userState: Answers,
  pagesInfo: Record<string, unknown>,
): Promise<void> {
  await app.db
    .insert(onboardingStates)
    .values({
      appId,
      subject,
      testingStepId,
      userId: userIdOf(subject),
      userState,
      pagesInfo,
      createdAt: app.now,
      updatedAt: app.now,
    })
    .onConflictDoUpdate({
      target: [onboardingStates.appId, onboardingStates.subject, onboardingStates.testingStepId],
      set: { userState, pagesInfo, updatedAt: app.now },
    });
}

/** Completion: the final answers and pagesInfo stored, the onboarding marked completed. */
export async function completeState(
  app: AppContext,
  appId: string,
  subject: string,
  testingStepId: string,
  finalUserState: Answers,
  pagesInfo: Record<string, unknown>,
): Promise<void> {
  await app.db
    .insert(onboardingStates)
    .values({
      appId,
      subject,
      testingStepId,
      userId: userIdOf(subject),
      userState: finalUserState,
      pagesInfo,
      finalUserState,
      completedAt: app.now,
      createdAt: app.now,
      updatedAt: app.now,
    })
    .onConflictDoUpdate({
      target: [onboardingStates.appId, onboardingStates.subject, onboardingStates.testingStepId],
      set: { userState: finalUserState, pagesInfo, finalUserState, completedAt: app.now, updatedAt: app.now },
    });
}

/**
 * Moves an anonymous visitor's onboarding answers and plans to their account, in one batch. Where
 * the account already had its own for the same app, the visitor's newer ones replace them (the
 * visitor just took the onboarding). Returns how many rows moved.
 */
export async function moveOnboardingToUser(
  app: AppContext,
  anonymousId: string,
  userId: string,
  email: string | null = null,
): Promise<number> {
  if (!ANONYMOUS_SUBJECT.test(anonymousId)) return 0;
  const { db } = app;
  const now = app.now;
  const [, states, , plans] = await db.batch([
    // The account's own rows for an app the visitor also answered give way to the visitor's.
    db
      .delete(onboardingStates)
      .where(
        and(
          eq(onboardingStates.subject, userId),
          sql`(${onboardingStates.appId}, ${onboardingStates.testingStepId}) IN (SELECT app_id, testing_step_id FROM onboarding_states WHERE subject = ${anonymousId})`,
        ),
      ),
    db
      .update(onboardingStates)
      .set({ subject: userId, userId, email: sql`coalesce(${email}, ${onboardingStates.email})`, updatedAt: now })
      .where(eq(onboardingStates.subject, anonymousId))
      .returning({ appId: onboardingStates.appId }),
    db
      .delete(personalizedPlans)
      .where(
        and(
          eq(personalizedPlans.subject, userId),
          sql`(${personalizedPlans.appId}, ${personalizedPlans.testingStepId}) IN (SELECT app_id, testing_step_id FROM personalized_plans WHERE subject = ${anonymousId})`,
        ),
      ),
    db
      .update(personalizedPlans)
      .set({ subject: userId, updatedAt: now })
      .where(eq(personalizedPlans.subject, anonymousId))
      .returning({ id: personalizedPlans.id }),
  ]);
  return states.length + plans.length;
}

/**
 * POST /api/users/linkOnboardingWithEmail: the visitor's onboarding (nonAuthUserId, else the
 * caller's anonymous id) gets the email; when the caller is signed in with that email, the
 * onboarding and plan move to the account. Only an id the request itself carries (cookie or
 * X-Non-Auth-User-Id) is touched: another visitor's id in the body is refused, signed in or not.
 */
export async function linkOnboardingWithEmail(
  app: AppContext,
  caller: Caller,
  appId: string,
  { email, nonAuthUserId }: { email: string; nonAuthUserId?: string | null },
): Promise<{ ok: true; linked: boolean; moved: number } | Failure> {
  const anonymousId = nonAuthUserId ?? caller.anonymousId;
  if (!anonymousId || !ANONYMOUS_SUBJECT.test(anonymousId))
    return { ok: false, status: 400, error: onboardingMessages.badAnonymousId };
  if (!caller.anonymousIds.includes(anonymousId)) return { ok: false, status: 403, error: NOT_YOUR_ANONYMOUS_ID };
  const normalized = email.trim().toLowerCase();
  if (caller.user && caller.user.email.toLowerCase() === normalized) {
    const link = await app.db
      .select({ userId: anonymousLinks.userId })
      .from(anonymousLinks)
      .where(eq(anonymousLinks.anonymousId, anonymousId))
      .get();
    if (link && link.userId !== caller.user.id)
      return { ok: false, status: 403, error: "This anonymous id belongs to another account" };
    if (!link)
      await app.db
        .insert(anonymousLinks)
        .values({ anonymousId, userId: caller.user.id, linkedAt: app.now })
        .onConflictDoNothing();
    const moved = await moveOnboardingToUser(app, anonymousId, caller.user.id, normalized);
    return { ok: true, linked: true, moved };
  }
  // Not signed in as that email: the onboarding only remembers the email (it links at sign-in).
  await app.db
    .update(onboardingStates)
    .set({ email: normalized, updatedAt: app.now })
    .where(and(eq(onboardingStates.subject, anonymousId), eq(onboardingStates.appId, appId)));
  return { ok: true, linked: false, moved: 0 };
}

/**
 * A signed-in user back from signing in during onboarding: the anonymous cookie's onboarding moves
 * to them when that id is theirs (or nobody's). The sign-in itself already moved it when it could;
 * this covers an id linked earlier (a cart) whose onboarding came after.
 */
export async function adoptAnonymousOnboarding(
  app: AppContext,
  anonymousId: string | null,
  user: UserRow,
): Promise<void> {
  if (!anonymousId) return;
  const [state, plan] = await Promise.all([
    app.db
      .select({ appId: onboardingStates.appId })
      .from(onboardingStates)
      .where(eq(onboardingStates.subject, anonymousId))
      .limit(1)
      .get(),
    app.db
      .select({ id: personalizedPlans.id })
      .from(personalizedPlans)
      .where(eq(personalizedPlans.subject, anonymousId))
      .limit(1)
      .get(),
  ]);
  if (!state && !plan) return;
  await linkOnboardingWithEmail(app, { subject: user.id, user, anonymousId, anonymousIds: [anonymousId] }, "", {
    email: user.email,
    nonAuthUserId: anonymousId,
  }).catch(() => undefined);
}
