/**
 * A creator's apps: listing (recently opened first), the statements that make a new one (its build
 * is a job: features/builder/build-app.server.ts), marking it an
 * idea, recording that it was opened, and the fields the public may see. Ownership is checked by
 * the callers through ownedApp (apps.server.ts).
 */
import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { appBlueprints, apps, appVersions, users, type AppRow, type UserRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { creatorStorefrontSlug, draftPricing, hasUnpublishedChanges, isPubliclyVisible, SLUG_MAX } from "./rules";
import { shownContentUrl, type LandingPage, type NewAppContent, type Theme } from "~/db/app-content";

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

/**
 * Records that the person started an app (a build, a brainstorm, an idea draft): the first time
 * only, for one batch with the start itself. The header then links to /dashboard (users.startedAppAt).
 */
export function appStartedStatement(app: AppContext, userId: string) {
  return app.db
    .update(users)
    .set({ startedAppAt: app.now })
    .where(and(eq(users.id, userId), isNull(users.startedAppAt)));
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

/** The first free app slug for `base` in the creator's storefront: base, base-2, base-3… */
/**
 * The first of base, base-2, base-3 … (dedupeSlug's names) not taken in the storefront, chosen by
 * SQL inside the statement that makes the app row: D1 runs one statement at a time, so two builds
 * of the same name can never pick the same slug, and no build fails on the unique constraint.
 */
export function freeAppSlugSql(storefrontSlug: string, base: string) {
  const candidate = sql`CASE WHEN n.i = 1 THEN ${base} ELSE rtrim(substr(${base}, 1, ${SLUG_MAX} - length('-' || n.i)), '-') || '-' || n.i END`;
  return sql`(WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
    SELECT ${candidate} FROM n
    WHERE NOT EXISTS (SELECT 1 FROM ${apps} WHERE ${apps.storefrontSlug} = ${storefrontSlug} AND ${apps.appSlug} = ${candidate})
    LIMIT 1)`;
}

/** The ids a new app is written with, chosen when its build is queued, so a second write is a no-op. */
export interface NewAppIds {
  appId: string;
  versionIds: Record<"landing_page" | "onboarding_flow" | "theme" | "blueprint", string>;
}

export const newAppIds = (): NewAppIds => ({
  appId: crypto.randomUUID(),
  versionIds: {
    landing_page: crypto.randomUUID(),
    onboarding_flow: crypto.randomUUID(),
    theme: crypto.randomUUID(),
    blueprint: crypto.randomUUID(),
  },
});

/**
 * The statements that make a new app: the app (its name, slugs, theme, landing page, onboarding
 * flow), its blueprint, the first versions (reason 'create') and creatorInfo.hasApps set (other keys
 * kept). For one batch, so it is all or nothing; every insert is keyed by ids chosen up front, so the
 * same statements run twice make one app.
 */
export function newAppStatements(
  app: AppContext,
  owner: Pick<UserRow, "id" | "firstName" | "lastName" | "creatorInfo">,
  ids: NewAppIds,
  { idea, appSlug, content }: { idea: string; appSlug: string | SQL; content: NewAppContent },
) {
  const now = app.now;
  const { db } = app;
  const version = (kind: keyof NewAppIds["versionIds"], value: unknown) =>
    db
      .insert(appVersions)
      .values({
        id: ids.versionIds[kind],
        appId: ids.appId,
        kind,
        content: value,
        reason: "create",
        createdBy: owner.id,
        createdAt: now,
      })
      .onConflictDoNothing({ target: appVersions.id });
  return [
    db
      .insert(apps)
      .values({
        id: ids.appId,
        ownerId: owner.id,
        storefrontSlug: creatorStorefrontSlug(owner),
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
      })
      .onConflictDoNothing({ target: apps.id }),
    db
      .insert(appBlueprints)
      .values({ appId: ids.appId, content: content.blueprint, updatedAt: now })
      .onConflictDoNothing({ target: appBlueprints.appId }),
    version("landing_page", content.landingPage),
    version("onboarding_flow", content.onboardingFlow),
    version("theme", content.theme),
    version("blueprint", content.blueprint),
    // The creator now has apps (a flag inside the creator_info JSON, other keys kept).
    db
      .update(users)
      .set({ creatorInfo: sql`json_set(COALESCE(${users.creatorInfo}, '{}'), '$.hasApps', json('true'))` })
      .where(eq(users.id, owner.id)),
  ] as const;
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
