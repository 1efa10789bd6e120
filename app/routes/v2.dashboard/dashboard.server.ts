/**
 * /v2/dashboard for learners: continue watching, the membership's state, the class schedule
 * (classesEnrolled) and recommendations from what they own.
 */
import { creatorAppsSection } from "~/features/apps/dashboard.server";
import { enrolledApps } from "~/features/apps/enrolled.server";
import { dashboardChallenges } from "~/features/challenges/challenges.server";
import { recommendations } from "~/features/cart/recommendations.server";
import { toCard } from "~/features/catalog/card";
import { requireUser } from "~/http/visitor.server";
import { offersFor, withOfferCookies } from "~/http/offers.server";
import { libraryQueries, toLibrary } from "~/features/learning/library.server";
import { userSubscriptions } from "~/features/subscriptions/subscriptions.server";
import type { AppContext } from "~/platform/context";
import { hasActiveClass, hasAnyClass } from "~/features/learning/rules";

/** How many classes 'Continue watching' shows. */
const CONTINUE_LIMIT = 3;

export async function loadLearnerDashboard(app: AppContext, request: Request) {
  const user = await requireUser(app, request, { redirectTo: "/v2/dashboard", status: 302 });
  const [library, subs] = await Promise.all([
    app.db.batch(libraryQueries(app.db, user.id)),
    // A failed read is not "no membership": the panel says so and offers to try again.
    userSubscriptions(app, user.id).catch((error: unknown) => {
      console.error("dashboard: the subscriptions could not be read", error);
      return null;
    }),
  ]);
  const member =
    subs?.subscriptions.find((s) => s.status === "active" || s.status === "trialing" || s.status === "past_due") ??
    null;
  const { classes } = toLibrary(library, { member: Boolean(member) });
  const [picks, offers, creator, challenges, appsYouUse] = await Promise.all([
    recommendations(app, { productIds: [], useAllPurchases: true, userId: user.id, limit: 4 }),
    offersFor(app, request),
    // New-dashboard creators see their apps above the learner content.
    user.creatorInfo?.hasNewDashboardAccess ? creatorAppsSection(app, user) : Promise.resolve(null),
    dashboardChallenges(app, user.id),
    enrolledApps(app, user.id),
  ]);

  const enrolled = user.classesEnrolled ?? {};
  const activeIds = Object.entries(enrolled)
    .filter(([, c]) => Date.parse(c.classEndDate) >= app.now)
    .map(([id]) => id);
  return withOfferCookies(offers, {
    firstName: user.firstName,
    continueWatching: classes.filter((c) => c.percent < 100).slice(0, CONTINUE_LIMIT),
    classCount: classes.length,
    membership: !subs
      ? ("unread" as const)
      : member
        ? {
            status: member.status,
            interval: member.interval,
            trialDaysRemaining: member.trialDaysRemaining,
            currentPeriodEnd: member.currentPeriodEnd,
            cancelAtPeriodEnd: member.cancelAtPeriodEnd,
          }
        : null,
    schedule: {
      hasActiveClass: hasActiveClass(enrolled, app.now),
      hasAnyClass: hasAnyClass(enrolled),
      active: classes
        .filter((c) => activeIds.includes(c.id))
        .map((c) => ({ title: c.title, href: c.continueHref ?? c.href, endsAt: enrolled[c.id]!.classEndDate })),
    },
    recommendations: offers.priced(picks.map(toCard)),
    challenges,
    now: app.now,
    creator,
    appsYouUse,
  });
}
