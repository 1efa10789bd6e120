/**
 * The creator storefront (/creators/{storefrontSlug}): the creator (table creators), their classes a
 * page at a time (the catalogue's keyset list, most popular first), the collections holding any of
 * their classes, and their published apps; and recording a share of the page.
 */
import { and, desc, eq } from "drizzle-orm";
import { apps, creators } from "~/db/schema";
import { shownContentUrl } from "~/db/app-content";
import { isPubliclyVisible } from "~/features/apps/rules";
import { EVENTS } from "~/features/analytics/events";
import { recordEvent, type Who } from "~/features/analytics/record.server";
import { listCollections, type CollectionSummary } from "~/features/catalog/collections.server";
import {
  countProducts,
  CursorNotFoundError,
  listProducts,
  type ProductSummary,
} from "~/features/catalog/products.server";
import { cacheKey, cached } from "~/platform/cache.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import {
  shareTargetUrl,
  shareText,
  STOREFRONT_APPS_LIMIT,
  STOREFRONT_PAGE_SIZE,
  storefrontPath,
  type ShareTarget,
} from "./rules";
import { storefrontSlugSchema } from "./schema";

export interface StorefrontCreator {
  id: string;
  storefrontSlug: string;
  name: string;
  headline: string;
  bio: string;
  avatarUrl: string;
}

/** A published app as the storefront lists it: its name, its landing page's hero and colour. */
export interface StorefrontApp {
  name: string;
  appSlug: string;
  href: string;
  title: string;
  subtitle: string;
  imageUrl: string | null;
  primaryColor: string;
}

export interface StorefrontPage {
  creator: StorefrontCreator;
  classes: ProductSummary[];
  /** The cursor of the next page of classes, or null on the last page. */
  nextCursor: string | null;
  classCount: number;
  /** The cursor this page started after (null: the first page). */
  cursor: string | null;
  /** The cursor asked for names no class of this storefront any more: the first page is shown. */
  cursorGone: boolean;
  collections: CollectionSummary[];
  apps: StorefrontApp[];
}

const notFoundError = (slug: string) =>
  new ServiceError("not-found", `No creator with storefront ${slug.slice(0, 120)}`);

/** The creator whose storefront this is, or null. */
export async function creatorBySlug(app: AppContext, storefrontSlug: string): Promise<StorefrontCreator | null> {
  if (!storefrontSlugSchema.safeParse(storefrontSlug).success) return null;
  const row = await app.db.select().from(creators).where(eq(creators.storefrontSlug, storefrontSlug)).get();
  return row
    ? {
        id: row.id,
        storefrontSlug: row.storefrontSlug,
        name: row.name,
        headline: row.headline,
        bio: row.bio,
        avatarUrl: row.avatarUrl,
      }
    : null;
}

/** The storefront's published, publicly visible apps, most recently published first. */
export async function storefrontApps(app: AppContext, storefrontSlug: string): Promise<StorefrontApp[]> {
  const rows = await app.db
    .select()
    .from(apps)
    .where(and(eq(apps.storefrontSlug, storefrontSlug), eq(apps.isPublished, true)))
    .orderBy(desc(apps.publishedAt), desc(apps.id))
    .limit(STOREFRONT_APPS_LIMIT)
    .all();
  return rows.filter(isPubliclyVisible).map((row) => {
    const live = row.published!;
    return {
      name: row.name,
      appSlug: row.appSlug,
      href: `/apps/${row.storefrontSlug}/${row.appSlug}`,
      title: live.landingPage.hero.title,
      subtitle: live.landingPage.hero.subtitle,
      imageUrl: shownContentUrl(live.landingPage.hero.imageUrl),
      primaryColor: live.theme.primaryColor,
    };
  });
}

/**
 * One page of the storefront. The catalogue part (creator, classes, count, collections) is read
 * through the catalogue's KV cache like every catalogue list; apps are read from D1, so a publish
 * shows at once. Throws ServiceError 'not-found' for a slug no creator has.
 */
export async function storefrontPage(
  app: AppContext,
  input: { storefrontSlug: string; cursor?: string | null; limit?: number },
): Promise<StorefrontPage> {
  const slug = input.storefrontSlug;
  const limit = input.limit ?? STOREFRONT_PAGE_SIZE;
  const catalogue = (cursor: string | null) =>
    cached(app, cacheKey("storefront", { slug, cursor, limit }), async () => {
      const creator = await creatorBySlug(app, slug);
      if (!creator) return null;
      const filters = { storefrontSlug: slug };
      const [page, classCount, collections] = await Promise.all([
        listProducts(app.db, { order: "popular", filters, limit, cursor }).catch((error: unknown) => {
          if (error instanceof CursorNotFoundError) return null;
          throw error;
        }),
        countProducts(app.db, filters),
        listCollections(app.db, { includeSchools: true, withClassesFrom: slug }),
      ]);
      return { creator, page, classCount, collections };
    });
  let cursor = input.cursor ?? null;
  let found = await catalogue(cursor);
  if (!found) throw notFoundError(slug);
  const cursorGone = cursor !== null && (!found.page || found.page.products.length === 0);
  if (cursorGone) {
    cursor = null;
    found = await catalogue(null);
    if (!found) throw notFoundError(slug);
  }
  const apps = await storefrontApps(app, slug);
  return {
    creator: found.creator,
    classes: found.page?.products ?? [],
    nextCursor: found.page?.nextCursor ?? null,
    classCount: found.classCount,
    cursor,
    cursorGone,
    collections: found.collections,
    apps,
  };
}

/**
 * 'creator storefront page | share modal shared' for a chosen target, and the address the target
 * opens with the page's canonical link (origin: this site's, e.g. https://studio.example).
 * Throws 'not-found' for an unknown storefront.
 */
export async function shareStorefront(
  app: AppContext,
  who: Who,
  input: { storefrontSlug: string; to: ShareTarget; origin: string; record?: boolean },
): Promise<string> {
  const creator = await creatorBySlug(app, input.storefrontSlug);
  if (!creator) throw notFoundError(input.storefrontSlug);
  const path = storefrontPath(creator.storefrontSlug);
  if (input.record !== false)
    recordEvent(app, EVENTS.storefrontShareModalShared, who, {
      target: input.to,
      storefrontSlug: creator.storefrontSlug,
      slug: creator.storefrontSlug,
      path,
    });
  const productName = app.env.PRODUCT_NAME;
  return shareTargetUrl(input.to, {
    url: `${input.origin}${path}`,
    text: shareText(creator.name, productName),
    subject: `${creator.name} on ${productName}`,
  });
}
