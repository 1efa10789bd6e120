/**
 * Reading apps and checking who may change them: the one place every creator-app area (builder,
 * onboarding, plans, public pages, the JSON API) asks. Ownership is checked here, on the server:
 * a creator may touch only their own apps; admins may act on any (asUserEmail / asUserId).
 */
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { appBlueprints, apps, creatorStudioSubscriptions, studioTiers, type AppRow, type UserRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";

export async function appById(app: AppContext, appId: string): Promise<AppRow | null> {
  return (await app.db.select().from(apps).where(eq(apps.id, appId)).get()) ?? null;
}

export async function appBySlugs(app: AppContext, storefrontSlug: string, appSlug: string): Promise<AppRow | null> {
  return (
    (await app.db
      .select()
      .from(apps)
      .where(and(eq(apps.storefrontSlug, storefrontSlug), eq(apps.appSlug, appSlug)))
      .get()) ?? null
  );
}

/**
 * The app by its slugs with its blueprint's usual plan length, in one query: what the public pages
 * promise ("Reach your goal by …") is the length its plans are made with, not a fixed default.
 */
export async function publicAppBySlugs(
  app: AppContext,
  storefrontSlug: string,
  appSlug: string,
): Promise<(AppRow & { programWeeks: number | null }) | null> {
  const found = await app.db
    .select({
      row: apps,
      weeks: sql<unknown>`json_extract(${appBlueprints.content}, '$.defaultProgramLengthWeeks')`,
    })
    .from(apps)
    .leftJoin(appBlueprints, eq(appBlueprints.appId, apps.id))
    .where(and(eq(apps.storefrontSlug, storefrontSlug), eq(apps.appSlug, appSlug)))
    .get();
  if (!found) return null;
  const weeks = Number(found.weeks);
  return { ...found.row, programWeeks: Number.isInteger(weeks) && weeks >= 1 && weeks <= 52 ? weeks : null };
}

export type OwnedApp = { ok: true; row: AppRow } | { ok: false; status: 404 | 403; error: string };

export const APP_ACCESS_MESSAGES = {
  notFound: "App not found",
  notYours: "You do not have access to this app",
} as const;

/** The app when `user` owns it (or is an admin); a 404 for no such app, a 403 for someone else's. */
export async function ownedApp(
  app: AppContext,
  user: Pick<UserRow, "id" | "isAdmin">,
  appId: string,
): Promise<OwnedApp> {
  const row = await appById(app, appId);
  if (!row) return { ok: false, status: 404, error: APP_ACCESS_MESSAGES.notFound };
  if (row.ownerId !== user.id && !user.isAdmin) return { ok: false, status: 403, error: APP_ACCESS_MESSAGES.notYours };
  return { ok: true, row };
}

/** A studio tier is what publishing needs: the creator's active, unexpired studio subscription, if any. */
export async function activeStudioTier(
  app: AppContext,
  userId: string,
): Promise<{
  tierSlug: string;
  tierName: string;
  maxPublishedApps: number;
  aiGenerationsPerDay: number;
  appAiUnitsPerDay: number;
  currentPeriodEnd: number;
} | null> {
  const row = await app.db
    .select({
      tierSlug: creatorStudioSubscriptions.tierSlug,
      tierName: studioTiers.name,
      maxPublishedApps: studioTiers.maxPublishedApps,
      aiGenerationsPerDay: studioTiers.aiGenerationsPerDay,
      appAiUnitsPerDay: studioTiers.appAiUnitsPerDay,
      currentPeriodEnd: creatorStudioSubscriptions.currentPeriodEnd,
    })
    .from(creatorStudioSubscriptions)
    .innerJoin(studioTiers, eq(studioTiers.slug, creatorStudioSubscriptions.tierSlug))
    .where(
      and(
        eq(creatorStudioSubscriptions.userId, userId),
        eq(creatorStudioSubscriptions.status, "active"),
        gt(creatorStudioSubscriptions.currentPeriodEnd, app.now),
      ),
    )
    .orderBy(desc(studioTiers.maxPublishedApps))
    .limit(1)
    .get();
  return row ?? null;
}

/** The two slugs an address names an app by ({slug1}/{slug2}), bounded. */
export const slugPair = (params: Record<string, string | undefined>) => ({
  s1: (params.slug1 ?? "").slice(0, 120),
  s2: (params.slug2 ?? "").slice(0, 120),
});

/** Whether the user may see an app's drafts: its owner, or an admin. */
export const isOwnerOrAdmin = (user: UserRow | null, ownerId: string) =>
  !!user && (user.id === ownerId || user.isAdmin);
