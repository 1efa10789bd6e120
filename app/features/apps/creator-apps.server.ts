/**
 * A creator's apps: listing (recently opened first), making one from a typed idea, marking it an
 * idea, recording that it was opened, and the fields the public may see. Ownership is checked by
 * the callers through ownedApp (apps.server.ts).
 */
import { and, desc, eq, like, or, sql } from "drizzle-orm";
import { appBlueprints, apps, appVersions, users, type AppRow, type AppVersionRow, type UserRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { newAppFromIdea } from "./defaults";
import {
  creatorStorefrontSlug,
  dedupeSlug,
  draftPricing,
  hasUnpublishedChanges,
  isPubliclyVisible,
  slugOf,
} from "./rules";
import { shownContentUrl, type LandingPage, type Theme } from "~/db/app-content";

/** Recently opened first (never opened last), then recently updated. */
const ORDER = [sql`${apps.recentlyOpenedAt} IS NULL`, desc(apps.recentlyOpenedAt), desc(apps.updatedAt)] as const;

export async function creatorApps(app: AppContext, ownerId: string, { publishedOnly = false } = {}): Promise<AppRow[]> {
  const where = publishedOnly ? and(eq(apps.ownerId, ownerId), eq(apps.isPublished, true)) : eq(apps.ownerId, ownerId);
  return app.db
    .select()
    .from(apps)
    .where(where)
    .orderBy(...ORDER)
    .all();
}

export async function creatorHasAnyApp(app: AppContext, ownerId: string): Promise<boolean> {
  const row = await app.db.select({ id: apps.id }).from(apps).where(eq(apps.ownerId, ownerId)).limit(1).get();
  return !!row;
}

/** What the dashboard card shows. */
export interface AppCard {
  id: string;
  name: string;
  storefrontSlug: string;
  appSlug: string;
  isIdea: boolean;
  isPublished: boolean;
  unpublishedChanges: boolean;
  publicHref: string | null;
  builderHref: string;
  thumbnail: { title: string; subtitle: string; imageUrl: string | null; ctaLabel: string; theme: Theme };
}

export function appCard(row: AppRow): AppCard {
  const visible = isPubliclyVisible(row);
  // The thumbnail shows what the creator is working on: the draft.
  const page = row.landingPage;
  return {
    id: row.id,
    name: row.name,
    storefrontSlug: row.storefrontSlug,
    appSlug: row.appSlug,
    isIdea: row.isIdea,
    isPublished: row.isPublished,
    unpublishedChanges: row.isPublished && hasUnpublishedChanges(row),
    publicHref: visible ? `/apps/${row.storefrontSlug}/${row.appSlug}` : null,
    builderHref: `/dashboard/builder?appId=${row.id}`,
    thumbnail: {
      title: page.hero.title,
      subtitle: page.hero.subtitle,
      imageUrl: shownContentUrl(page.hero.imageUrl),
      ctaLabel: page.hero.ctaLabel,
      theme: row.theme,
    },
  };
}

/** The public fields of an app (spec 3), as the API lists it; landing page info only when asked. */
export function publicAppJson(row: AppRow, { withLandingPage = false } = {}) {
  const live = row.published;
  return {
    appId: row.id,
    storefrontSlug: row.storefrontSlug,
    appSlug: row.appSlug,
    name: row.name,
    isPublished: row.isPublished,
    publishedAt: row.publishedAt,
    theme: live?.theme ?? null,
    pricing: live?.pricing ?? null,
    ...(withLandingPage
      ? { landingPageInfo: live && live.landingPage.status !== "pending" ? live.landingPage : null }
      : {}),
  };
}

/** Everything, for the app's owner (and admins). */
export function ownerAppJson(row: AppRow, { withLandingPage = true } = {}) {
  return {
    appId: row.id,
    storefrontSlug: row.storefrontSlug,
    appSlug: row.appSlug,
    name: row.name,
    idea: row.idea,
    isIdea: row.isIdea,
    canvasSettings: row.canvasSettings,
    theme: row.theme,
    onboardingFlow: row.onboardingFlow,
    pricing: draftPricing(row),
    isPublished: row.isPublished,
    publishedAt: row.publishedAt,
    recentlyOpenedAt: row.recentlyOpenedAt,
    hasUnpublishedChanges: hasUnpublishedChanges(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(withLandingPage ? { landingPageInfo: row.landingPage } : {}),
  };
}

/** Every published, publicly visible app (admins may ask for the unpublished too). */
export async function allApps(app: AppContext, { includeUnpublished = false } = {}): Promise<AppRow[]> {
  const rows = await app.db
    .select()
    .from(apps)
    .where(includeUnpublished ? undefined : eq(apps.isPublished, true))
    .orderBy(desc(apps.publishedAt), desc(apps.updatedAt))
    .limit(500)
    .all();
  return includeUnpublished ? rows : rows.filter(isPubliclyVisible);
}

/**
 * A new app from the creator's idea: name and slugs from the idea, default theme, landing page,
 * onboarding flow and blueprint, the first versions (reason 'create'), and creatorInfo.hasApps set
 * (other keys kept). One batch: all of it or nothing. A slug taken between the read and the write
 * is retried with the next number.
 */
export async function createAppFromIdea(
  app: AppContext,
  user: Pick<UserRow, "id" | "firstName" | "lastName" | "creatorInfo">,
  idea: string,
): Promise<AppRow> {
  const content = newAppFromIdea(idea);
  const storefrontSlug = creatorStorefrontSlug(user);
  const base = slugOf(content.name);
  for (let attempt = 0; attempt < 5; attempt++) {
    const taken = await app.db
      .select({ slug: apps.appSlug })
      .from(apps)
      .where(
        and(
          eq(apps.storefrontSlug, storefrontSlug),
          or(eq(apps.appSlug, base), like(apps.appSlug, `${base.slice(0, 50)}-%`)),
        ),
      )
      .all();
    const appSlug = dedupeSlug(
      base,
      taken.map((t) => t.slug),
    );
    const id = crypto.randomUUID();
    const now = app.now;
    const { db } = app;
    const version = (kind: AppVersionRow["kind"], content: unknown) =>
      db.insert(appVersions).values({
        id: crypto.randomUUID(),
        appId: id,
        kind,
        content,
        reason: "create",
        createdBy: user.id,
        createdAt: now,
      });
    try {
      await db.batch([
        db.insert(apps).values({
          id,
          ownerId: user.id,
          storefrontSlug,
          appSlug,
          name: content.name,
          idea,
          isIdea: false,
          canvasSettings: {},
          landingPage: content.landingPage,
          theme: content.theme,
          onboardingFlow: content.onboardingFlow,
          annualDurationUnit: "years",
          isPublished: false,
          createdAt: now,
          updatedAt: now,
        }),
        db.insert(appBlueprints).values({ appId: id, content: content.blueprint, updatedAt: now }),
        version("landing_page", content.landingPage),
        version("onboarding_flow", content.onboardingFlow),
        version("theme", content.theme),
        version("blueprint", content.blueprint),
        // The creator now has apps (a flag inside the creator_info JSON, other keys kept).
        db
          .update(users)
          .set({ creatorInfo: sql`json_set(COALESCE(${users.creatorInfo}, '{}'), '$.hasApps', json('true'))` })
          .where(eq(users.id, user.id)),
      ]);
    } catch (error) {
      if (/UNIQUE/i.test(String(error)) && attempt < 4) continue;
      throw error;
    }
    const row = await app.db.select().from(apps).where(eq(apps.id, id)).get();
    if (!row) throw new Error("the new app was not stored");
    return row;
  }
  throw new Error("no free app slug");
}

export async function setIsIdea(app: AppContext, appId: string, isIdea: boolean): Promise<void> {
  await app.db.update(apps).set({ isIdea, updatedAt: app.now }).where(eq(apps.id, appId));
}

export async function markRecentlyOpened(app: AppContext, appId: string): Promise<number> {
  await app.db.update(apps).set({ recentlyOpenedAt: app.now }).where(eq(apps.id, appId));
  return app.now;
}

/** POST /api/apps/updateApp: the fields a creator may change here. */
export async function updateAppFields(
  app: AppContext,
  appId: string,
  fields: { name?: string; isIdea?: boolean; canvasSettings?: Record<string, unknown> },
): Promise<AppRow | null> {
  const set: Partial<typeof apps.$inferInsert> = { updatedAt: app.now };
  if (fields.name !== undefined) set.name = fields.name;
  if (fields.isIdea !== undefined) set.isIdea = fields.isIdea;
  if (fields.canvasSettings !== undefined) set.canvasSettings = fields.canvasSettings;
  await app.db.update(apps).set(set).where(eq(apps.id, appId));
  return (await app.db.select().from(apps).where(eq(apps.id, appId)).get()) ?? null;
}

/** The published landing page the public sees, or null (absent, unpublished or pending). */
export function publishedLandingPage(row: AppRow | null): LandingPage | null {
  return row && isPubliclyVisible(row) ? row.published!.landingPage : null;
}
