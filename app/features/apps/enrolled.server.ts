/**
 * GET /api/users/getUserEnrolledApps (spec 7) and the learner dashboard's 'Apps you use': the apps
 * a user has a personalized plan in or has bought a plan of, with each one's landing information and
 * where the user stands (plan ready, being made, or none yet; whether they hold a paid plan).
 */
import { and, eq, inArray } from "drizzle-orm";
import { apps, appSubscriptions, personalizedPlans, purchases } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { appPaths } from "./payment-options.server";
import { parsePriceOptionId } from "./payment-options";
import { enrolledPlanStatus, type EnrolledPlanStatus } from "./rules";

export interface EnrolledApp {
  appId: string;
  name: string;
  storefrontSlug: string;
  appSlug: string;
  /** The published landing page's hero title and subtitle. */
  headline: string;
  subtitle: string;
  /** The landing page's hero picture (null when it has none). */
  coverImageUrl: string | null;
  /** The app's theme colour, for a tile without a picture. */
  primaryColor: string;
  planStatus: EnrolledPlanStatus;
  /** Holds a paid plan of the app that has not run out. */
  hasPaidPlan: boolean;
  /** Where the user goes next: their plan's today page when it is ready, else the landing page. */
  href: string;
  landingUrl: string;
}

export async function enrolledApps(app: AppContext, userId: string): Promise<EnrolledApp[]> {
  const [plans, subs, bought] = await Promise.all([
    app.db
      .select({
        appId: personalizedPlans.appId,
        status: personalizedPlans.status,
        updatedAt: personalizedPlans.updatedAt,
      })
      .from(personalizedPlans)
      .where(and(eq(personalizedPlans.subject, userId), eq(personalizedPlans.testingStepId, ""))),
    app.db
      .select({
        appId: appSubscriptions.appId,
        status: appSubscriptions.status,
        currentPeriodEnd: appSubscriptions.currentPeriodEnd,
        createdAt: appSubscriptions.createdAt,
      })
      .from(appSubscriptions)
      .where(eq(appSubscriptions.userId, userId)),
    app.db
      .select({ productId: purchases.productId, purchasedAt: purchases.purchasedAt })
      .from(purchases)
      .where(and(eq(purchases.userId, userId), eq(purchases.kind, "app-plan"))),
  ]);
  // The latest thing that happened with each app orders the list (most recent first).
  const latest = new Map<string, number>();
  const touch = (appId: string, at: number) => latest.set(appId, Math.max(latest.get(appId) ?? 0, at));
  for (const p of plans) touch(p.appId, p.updatedAt);
  for (const s of subs) touch(s.appId, s.createdAt);
  for (const b of bought) {
    const option = parsePriceOptionId(b.productId);
    if (option) touch(option.appId, b.purchasedAt);
  }
  if (latest.size === 0) return [];
  const rows = await app.db
    .select()
    .from(apps)
    .where(inArray(apps.id, [...latest.keys()]));
  const out: EnrolledApp[] = [];
  for (const row of rows) {
    const published = row.published;
    // An app taken down (or never published) has no page to send anyone to.
    if (!row.isPublished || !published) continue;
    const plan = plans.find((p) => p.appId === row.id) ?? null;
    const hasPaidPlan = subs.some((s) => s.appId === row.id && s.status === "active" && s.currentPeriodEnd > app.now);
    const planStatus = enrolledPlanStatus(plan?.status ?? null);
    const paths = appPaths(row.storefrontSlug, row.appSlug);
    out.push({
      appId: row.id,
      name: row.name,
      storefrontSlug: row.storefrontSlug,
      appSlug: row.appSlug,
      headline: published.landingPage.hero.title,
      subtitle: published.landingPage.hero.subtitle,
      coverImageUrl: published.landingPage.hero.imageUrl ?? null,
      primaryColor: published.theme.primaryColor,
      planStatus,
      hasPaidPlan,
      href: planStatus === "plan ready" ? `${paths.landing}/today` : paths.landing,
      landingUrl: paths.landing,
    });
  }
  return out.sort((a, b) => (latest.get(b.appId) ?? 0) - (latest.get(a.appId) ?? 0) || a.name.localeCompare(b.name));
}
