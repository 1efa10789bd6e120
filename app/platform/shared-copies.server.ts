/**
 * Where shared pages are kept (http/shared-pages.server.ts serves them): a named cache of the Cache
 * API, one copy per page address and theme. A copy lives SHARED_PAGE_SECONDS, so any change shows
 * within that; code that changes a page and wants it shown at once (a publish) forgets its copies.
 *
 * The Cache API is per data center: forgetting drops this data center's copies; the others expire on
 * their own within SHARED_PAGE_SECONDS. (A purge everywhere would go through Cloudflare's purge-by-URL
 * API, which needs a zone token.)
 */

/** How long a shared copy is served: a catalogue change, a publish or a flag change shows within this. */
export const SHARED_PAGE_SECONDS = 60;

/** Bumped when what a copy holds changes shape: copies of an older version are never read again. */
const VERSION = "2";

/** The two themes a page has a copy for (the theme cookie changes the page). */
export const SHARED_THEMES = ["light", "dark"] as const;

export function sharedCopies(): Promise<Cache> {
  return caches.open("shared-pages");
}

/**
 * The key of a page's copy: its address (path and sorted query), the theme, and the variant of each
 * running experiment the page shows ("-" for none).
 */
export function sharedCopyKey(
  theme: (typeof SHARED_THEMES)[number],
  page: string,
  variants: Readonly<Record<string, string>> = {},
): Request {
  const shown = Object.entries(variants).map(([experiment, variant]) => `${experiment}=${variant}`);
  const variant = shown.length ? encodeURIComponent(shown.sort().join(",")) : "-";
  return new Request(`https://shared-pages.internal/${VERSION}/${theme}/${variant}${page}`);
}

/**
 * Drops this data center's copies of a page (path and query as shared-pages.ts keys it), in both
 * themes; a page with experiments names the variant sets to drop (experiments' variantSetsOf).
 */
export async function forgetSharedPage(
  page: string,
  variantSets: readonly Readonly<Record<string, string>>[] = [{}],
): Promise<void> {
  const cache = await sharedCopies();
  const keys = SHARED_THEMES.flatMap((theme) => variantSets.map((variants) => sharedCopyKey(theme, page, variants)));
  await Promise.all(keys.map((key) => cache.delete(key))).catch((error: unknown) =>
    console.error("shared pages: could not forget", page, error),
  );
}
