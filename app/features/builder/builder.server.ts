/**
 * The app builder's services (creator-app-builder spec 2 "/dashboard/builder", 4, 7): saving the
 * landing page, theme and onboarding flow (each save a new app_versions row, in one batch with the
 * draft), version history with restore, pricing in cents, the unpublished-changes check, studio
 * tiers and their checkout, and publishing. The page's actions and the JSON API both call these;
 * the app is opened through openOwnedApp (its owner or an admin), which refuses with a ServiceError.
 */
import { draftPricing } from "~/features/apps/rules";
import { forgetPublishedApp } from "~/features/apps/landing.server";
import { and, count, desc, eq, lt, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  apps,
  appVersions,
  studioTierPrices,
  studioTiers,
  type AppRow,
  type AppVersionRow,
  type UserRow,
} from "~/db/schema";
import { activeStudioTier, ownedApp } from "~/features/apps/apps.server";
import {
  landingPageSchema,
  onboardingFlowSchema,
  themeSchema,
  type LandingPage,
  type OnboardingFlow,
  type Pricing,
  type PublishedSnapshot,
  type Theme,
} from "~/db/app-content";
import type { DirectCheckout } from "~/features/checkout/direct.server";
import type { Statement } from "~/features/jobs/jobs.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import {
  builderMessages,
  changedParts,
  cleanFlow,
  decodeCursor,
  draftSnapshot,
  encodeCursor,
  errorMap,
  flowIssues,
  tierOffer,
  VERSION_PAGE_SIZE,
  type ChangedPart,
} from "./rules";

/** The app `appId` when `user` owns it (admins pass): else a ServiceError, not-found (404) or forbidden (403). */
export async function openOwnedApp(app: AppContext, user: Pick<UserRow, "id" | "isAdmin">, appId: string) {
  const found = await ownedApp(app, user, appId);
  if (!found.ok) throw new ServiceError(found.status === 404 ? "not-found" : "forbidden", found.error);
  return found.row;
}

/** Opening one's own app records it as recently opened (the dashboard lists apps by it). */
export async function markRecentlyOpened(app: AppContext, row: AppRow, user: Pick<UserRow, "id">) {
  if (row.ownerId === user.id) await app.db.update(apps).set({ recentlyOpenedAt: app.now }).where(eq(apps.id, row.id));
}

export type VersionKind = AppVersionRow["kind"];
export type Saved<T> = { ok: true; value: T; versionId: string } | { ok: false; errors: Record<string, string> };

export function draftOf(row: AppRow): PublishedSnapshot {
  return {
    landingPage: row.landingPage,
    theme: row.theme,
    onboardingFlow: row.onboardingFlow,
    pricing: draftPricing(row),
  };
}

const column = { landing_page: "landingPage", theme: "theme", onboarding_flow: "onboardingFlow" } as const;
type EditableKind = keyof typeof column;

/**
 * A draft write and its new version, in one batch: both or neither. `draft` is the statement that
 * makes the content current (an apps column, or the app's blueprint row).
 */
export async function writeVersioned(
  app: AppContext,
  draft: Statement,
  version: {
    appId: string;
    userId: string;
    kind: VersionKind;
    content: unknown;
    reason: "save" | "restore";
    restoredFrom?: string | null;
  },
): Promise<string> {
  const versionId = crypto.randomUUID();
  await app.db.batch([draft, versionInsert(app, versionId, version)]);
  return versionId;
}

/** The app_versions row of a write; a second insert of the same id writes nothing (a job's rerun). */
function versionInsert(
  app: AppContext,
  id: string,
  version: {
    appId: string;
    userId: string;
    kind: VersionKind;
    content: unknown;
    reason: "save" | "restore";
    restoredFrom?: string | null;
  },
): Statement {
  return app.db
    .insert(appVersions)
    .values({
      id,
      appId: version.appId,
      kind: version.kind,
      content: version.content,
      reason: version.reason,
      restoredFrom: version.restoredFrom ?? null,
      createdBy: version.userId,
      createdAt: app.now,
    })
    .onConflictDoNothing();
}

/**
 * A landing-page save as statements, for a job to batch with its completion: the draft column is
 * written only while the version `versionId` does not exist yet, so a rerun of the job writes nothing.
 */
export function landingPageSaveStatements(
  app: AppContext,
  appId: string,
  userId: string,
  page: LandingPage,
  versionId: string,
): Statement[] {
  const content = landingPageSchema.parse({ ...page, status: "ready" });
  return [
    app.db
      .update(apps)
      .set({ landingPage: content, updatedAt: app.now })
      .where(
        and(eq(apps.id, appId), sql`NOT EXISTS (SELECT 1 FROM ${appVersions} WHERE ${appVersions.id} = ${versionId})`),
      ),
    versionInsert(app, versionId, { appId, userId, kind: "landing_page", content, reason: "save" }),
  ];
}

/** The draft column and a new version. */
function writeWithVersion(
  app: AppContext,
  row: AppRow,
  userId: string,
  kind: EditableKind,
  content: unknown,
  reason: "save" | "restore",
  restoredFrom: string | null = null,
): Promise<string> {
  const draft = app.db
    .update(apps)
    .set({ [column[kind]]: content, updatedAt: app.now })
    .where(eq(apps.id, row.id));
  return writeVersioned(app, draft, { appId: row.id, userId, kind, content, reason, restoredFrom });
}

/** Saves the landing page (validated; a save makes a 'pending' page 'ready'). */
export async function saveLandingPage(
  app: AppContext,
  row: AppRow,
  user: Pick<UserRow, "id">,
  input: unknown,
): Promise<Saved<LandingPage>> {
  const candidate = input && typeof input === "object" ? { ...(input as object), status: "ready" } : input;
  const parsed = landingPageSchema.safeParse(candidate);
  if (!parsed.success) return { ok: false, errors: errorMap(parsed.error.issues) };
  const versionId = await writeWithVersion(app, row, user.id, "landing_page", parsed.data, "save");
  return { ok: true, value: parsed.data, versionId };
}

export async function saveTheme(
  app: AppContext,
  row: AppRow,
  user: Pick<UserRow, "id">,
  input: unknown,
): Promise<Saved<Theme>> {
  const parsed = themeSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: errorMap(parsed.error.issues) };
  const theme = {
    ...parsed.data,
    primaryColor: parsed.data.primaryColor.toLowerCase(),
    accentColor: parsed.data.accentColor.toLowerCase(),
    backgroundColor: parsed.data.backgroundColor.toLowerCase(),
    textColor: parsed.data.textColor.toLowerCase(),
  };
  const versionId = await writeWithVersion(app, row, user.id, "theme", theme, "save");
  return { ok: true, value: theme, versionId };
}

/** The flow checked by onboardingFlowSchema and the builder's extra rules (unique ids and keys, skip rules). */
function validateFlow(
  input: unknown,
): { ok: true; flow: OnboardingFlow } | { ok: false; errors: Record<string, string> } {
  const parsed = onboardingFlowSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: errorMap(parsed.error.issues) };
  const flow = cleanFlow(parsed.data);
  const issues = flowIssues(flow);
  if (issues.length > 0) return { ok: false, errors: errorMap(issues) };
  return { ok: true, flow };
}

export async function saveOnboardingFlow(
  app: AppContext,
  row: AppRow,
  user: Pick<UserRow, "id">,
  input: unknown,
): Promise<Saved<OnboardingFlow>> {
  const checked = validateFlow(input);
  if (!checked.ok) return checked;
  const versionId = await writeWithVersion(app, row, user.id, "onboarding_flow", checked.flow, "save");
  return { ok: true, value: checked.flow, versionId };
}

// ---------------------------------------------------------------- versions

export interface VersionView {
  versionId: string;
  kind: VersionKind;
  reason: AppVersionRow["reason"];
  restoredFrom: string | null;
  createdBy: string | null;
  createdAt: number;
  content: unknown;
}

const view = (v: AppVersionRow): VersionView => ({
  versionId: v.id,
  kind: v.kind,
  reason: v.reason,
  restoredFrom: v.restoredFrom,
  createdBy: v.createdBy,
  createdAt: v.createdAt,
  content: v.content,
});

export type VersionPage = { versions: VersionView[]; nextCursor: string | null; hasMore: boolean };

/** A page of an app's versions of one kind, newest first, keyset-paginated on (created_at, id). Null for a bad cursor. */
export async function versionPage(
  app: AppContext,
  appId: string,
  kind: VersionKind,
  { limit = VERSION_PAGE_SIZE, cursor }: { limit?: number; cursor?: string | null } = {},
): Promise<VersionPage | null> {
  const after = cursor ? decodeCursor(cursor) : null;
  if (cursor && !after) return null;
  const rows = await app.db
    .select()
    .from(appVersions)
    .where(
      and(
        eq(appVersions.appId, appId),
        eq(appVersions.kind, kind),
        after
          ? sql`(${appVersions.createdAt} < ${after.createdAt} OR (${appVersions.createdAt} = ${after.createdAt} AND ${appVersions.id} < ${after.id}))`
          : undefined,
      ),
    )
    .orderBy(desc(appVersions.createdAt), desc(appVersions.id))
    .limit(limit + 1)
    .all();
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    versions: page.map(view),
    nextCursor: hasMore && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
    hasMore,
  };
}

/** Makes a version current again, recorded as a new 'restore' version; an unknown (or unreadable) version is a ServiceError 'not-found'. */
export async function restoreVersion(
  app: AppContext,
  row: AppRow,
  user: Pick<UserRow, "id">,
  kind: EditableKind,
  versionId: string,
): Promise<{ versionId: string; content: unknown }> {
  const version = await app.db
    .select()
    .from(appVersions)
    .where(and(eq(appVersions.id, versionId), eq(appVersions.appId, row.id), eq(appVersions.kind, kind)))
    .get();
  if (!version) throw new ServiceError("not-found", builderMessages.versionNotFound);
  const schema = kind === "landing_page" ? landingPageSchema : kind === "theme" ? themeSchema : onboardingFlowSchema;
  const parsed = schema.safeParse(version.content);
  if (!parsed.success) throw new ServiceError("not-found", builderMessages.versionNotFound);
  const content = kind === "landing_page" ? { ...(parsed.data as LandingPage), status: "ready" } : parsed.data;
  const id = await writeWithVersion(app, row, user.id, kind, content, "restore", version.id);
  return { versionId: id, content };
}

// ---------------------------------------------------------------- pricing

export async function updatePricing(app: AppContext, row: AppRow, pricing: Pricing): Promise<void> {
  await app.db
    .update(apps)
    .set({
      monthlyPriceCents: pricing.monthlyPrice,
      annualPriceCents: pricing.annualPrice,
      annualDurationUnit: pricing.annualDurationUnit,
      updatedAt: app.now,
    })
    .where(eq(apps.id, row.id));
}

// ---------------------------------------------------------------- unpublished changes and publishing

export interface UnpublishedAnswer {
  hasUnpublishedChanges: boolean;
  isPublished: boolean;
  publishedAt: number | null;
  changed: ChangedPart[];
}

export function unpublishedChanges(row: AppRow): UnpublishedAnswer {
  const changed = changedParts(draftSnapshot(draftOf(row)), row.isPublished ? row.published : null);
  return {
    hasUnpublishedChanges: changed.length > 0,
    isPublished: row.isPublished,
    publishedAt: row.publishedAt ?? null,
    changed,
  };
}

/**
 * Publishing copies the draft into apps.published. The app's owner needs an active studio tier with
 * room for one more published app (an admin publishing for a creator uses the creator's tier): else
 * a ServiceError 'forbidden' (the spec's answer adds needsStudioTier).
 */
export async function publishApp(
  app: AppContext,
  row: AppRow,
): Promise<{ publishedAt: number; snapshot: PublishedSnapshot }> {
  const tier = await activeStudioTier(app, row.ownerId);
  if (!tier) throw new ServiceError("forbidden", builderMessages.noTier);
  const snapshot = draftSnapshot(draftOf(row));
  // The tier's limit is checked in the same statement that publishes, so two publishes at once
  // cannot both squeeze past it.
  const other = alias(apps, "o");
  const othersPublished = app.db
    .select({ n: count() })
    .from(other)
    .where(and(eq(other.ownerId, row.ownerId), eq(other.isPublished, true), ne(other.id, row.id)));
  const updated = await app.db
    .update(apps)
    .set({
      published: snapshot,
      isPublished: true,
      publishedAt: app.now,
      landingPage: snapshot.landingPage,
      updatedAt: app.now,
    })
    .where(and(eq(apps.id, row.id), lt(othersPublished, tier.maxPublishedApps)))
    .returning({ id: apps.id });
  if (updated.length === 0) throw new ServiceError("forbidden", builderMessages.tierFull(tier.maxPublishedApps));
  // The public landing page keeps a short KV copy of the snapshot: the new one shows at once.
  await forgetPublishedApp(app, row.storefrontSlug, row.appSlug);
  return { publishedAt: app.now, snapshot };
}

/** How many of the owner's other apps are live: what a tier's limit counts against this one. */
export async function publishedAppsBesides(app: AppContext, ownerId: string, appId: string | null): Promise<number> {
  const row = await app.db
    .select({ n: count() })
    .from(apps)
    .where(and(eq(apps.ownerId, ownerId), eq(apps.isPublished, true), appId ? ne(apps.id, appId) : undefined))
    .get();
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- studio tiers

export interface StudioPriceOption {
  id: string;
  interval: "month" | "year";
  priceCents: number;
  currency: "USD";
}
export interface StudioTierOption {
  slug: string;
  name: string;
  description: string;
  features: string[];
  maxPublishedApps: number;
  monthly: StudioPriceOption | null;
  annual: StudioPriceOption | null;
  priceOptions: StudioPriceOption[];
}

/** The studio tiers with their price options, in display order (GET /api/payments/studio-payment-options). */
export async function studioPaymentOptions(app: AppContext): Promise<StudioTierOption[]> {
  const [tiers, prices] = await Promise.all([
    app.db.select().from(studioTiers).orderBy(studioTiers.position).all(),
    app.db.select().from(studioTierPrices).all(),
  ]);
  return tiers.map((t) => {
    const options = prices
      .filter((p) => p.tierSlug === t.slug)
      .map((p): StudioPriceOption => ({ id: p.id, interval: p.interval, priceCents: p.priceCents, currency: "USD" }))
      .sort((a, b) => (a.interval === b.interval ? 0 : a.interval === "month" ? -1 : 1));
    return {
      slug: t.slug,
      name: t.name,
      description: t.description,
      features: t.features,
      maxPublishedApps: t.maxPublishedApps,
      monthly: options.find((o) => o.interval === "month") ?? null,
      annual: options.find((o) => o.interval === "year") ?? null,
      priceOptions: options,
    };
  });
}

/** 'Starter studio tier (monthly)'; a tier named Studio is 'Studio tier (annual)', never 'Studio studio tier'. */
const studioTierTitle = (name: string, interval: "month" | "year") =>
  `${name}${/studio$/i.test(name) ? "" : " studio"} tier (${interval === "month" ? "monthly" : "annual"})`;

/**
 * The checkout line of a studio tier's price option (the tier slug, when given, must match it); the
 * route opens the checkout with it. An unknown option is a ServiceError 'invalid'.
 */
export async function studioCheckoutLine(
  app: AppContext,
  buyerId: string,
  input: { priceOptionId: string; tierSlug?: string | null },
): Promise<DirectCheckout["line"]> {
  const price = await app.db.select().from(studioTierPrices).where(eq(studioTierPrices.id, input.priceOptionId)).get();
  if (!price || (input.tierSlug && input.tierSlug !== price.tierSlug))
    throw new ServiceError("invalid", builderMessages.priceOptionUnknown);
  const [tier, active] = await Promise.all([
    app.db.select().from(studioTiers).where(eq(studioTiers.slug, price.tierSlug)).get(),
    activeStudioTier(app, buyerId),
  ]);
  if (!tier) throw new ServiceError("invalid", builderMessages.priceOptionUnknown);
  // The tier they have (or a smaller one) is never sold again: it would add nothing.
  if (active && tierOffer(tier, { ...active, slug: active.tierSlug, name: active.tierName }) !== "buy")
    throw new ServiceError("conflict", builderMessages.tierNotUpgrade(active.tierName));
  return {
    productId: price.id,
    kind: "studio-tier",
    title: studioTierTitle(tier.name, price.interval),
    priceCents: price.priceCents,
    crossedPriceCents: null,
    tierSlug: tier.slug,
    interval: price.interval,
  };
}

/** The success path a studio tier checkout returns to (spec 2): the publish step. */
export function studioSuccessPath(appId: string | null, tierSlug: string) {
  const query = new URLSearchParams();
  if (appId) query.set("appId", appId);
  query.set("mode", "publish");
  query.set("payment_success", "true");
  query.set("tier", tierSlug);
  return `/dashboard/builder?${query}`;
}
export function studioCancelPath(appId: string | null) {
  return appId
    ? `/dashboard/builder?appId=${encodeURIComponent(appId)}&mode=pricing_tiers`
    : "/dashboard/builder?mode=pricing_tiers";
}

/** The creator's apps (the builder's app picker when no appId is given), last opened first. */
export async function appsOwnedBy(app: AppContext, userId: string) {
  return app.db
    .select({ id: apps.id, name: apps.name, isPublished: apps.isPublished })
    .from(apps)
    .where(eq(apps.ownerId, userId))
    .orderBy(sql`coalesce(${apps.recentlyOpenedAt}, ${apps.updatedAt}) DESC`)
    .limit(50)
    .all();
}

/** A failed save's field problems as the one refusal: the first message, and every field's. */
export function invalidInput(errors: Record<string, string>): ServiceError {
  return new ServiceError(
    "invalid",
    Object.values(errors)[0] ?? "Invalid request",
    Object.entries(errors).map(([field, message]) => ({ field, message })),
  );
}
