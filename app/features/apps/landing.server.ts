/**
 * An app's public snapshot: the published app by its slugs, read through KV for 60 s (see
 * publishedApp), and how a publisher drops the cached copy.
 */
import { z } from "zod";
import type { AppContext } from "~/platform/context";
import { forgetSharedPage } from "~/platform/shared-copies.server";
import { publicAppBySlugs } from "./apps.server";
import type { PublicAppView } from "./payment-options.server";
import { isPubliclyVisible } from "./rules";

/** Seconds the public snapshot is kept in KV. */
export const PUBLISHED_CACHE_SECONDS = 60;
export const publishedCacheKey = (storefrontSlug: string, appSlug: string) =>
  `apps:v1:published:${storefrontSlug}/${appSlug}`;

const slugSchema = z.string().min(1).max(120);

/**
 * The publicly visible app by its slugs, or null (absent, unpublished, or its landing page pending).
 * Only a visible app is kept in KV (60 s), so a first publish shows at once; a re-publish shows
 * within a minute, or at once when the publisher calls forgetPublishedApp.
 */
export async function publishedApp(
  app: AppContext,
  storefrontSlug: string,
  appSlug: string,
): Promise<PublicAppView | null> {
  if (!slugSchema.safeParse(storefrontSlug).success || !slugSchema.safeParse(appSlug).success) return null;
  const key = publishedCacheKey(storefrontSlug, appSlug);
  try {
    const hit = await app.bindings.CACHE.get<PublicAppView>(key, "json");
    if (hit && isPubliclyVisible(hit)) return hit;
  } catch {
    // A cache that cannot be read is a miss.
  }
  const row = await publicAppBySlugs(app, storefrontSlug, appSlug);
  if (!row || !isPubliclyVisible(row)) return null;
  const view: PublicAppView = {
    id: row.id,
    name: row.name,
    storefrontSlug: row.storefrontSlug,
    appSlug: row.appSlug,
    isPublished: row.isPublished,
    published: row.published,
    programWeeks: row.programWeeks,
  };
  app.ctx.waitUntil(
    app.bindings.CACHE.put(key, JSON.stringify(view), { expirationTtl: PUBLISHED_CACHE_SECONDS }).catch(
      () => undefined,
    ),
  );
  return view;
}

/** Drops the cached snapshot and the landing page's shared copies (call after publishing or unpublishing an app). */
export async function forgetPublishedApp(app: AppContext, storefrontSlug: string, appSlug: string): Promise<void> {
  await Promise.all([
    app.bindings.CACHE.delete(publishedCacheKey(storefrontSlug, appSlug)).catch(() => undefined),
    forgetSharedPage(`/apps/${storefrontSlug}/${appSlug}`),
  ]);
}
