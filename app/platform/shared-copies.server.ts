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
const VERSION = "1";

/** The two themes a page has a copy for (the theme cookie changes the page). */
export const SHARED_THEMES = ["light", "dark"] as const;

export function sharedCopies(): Promise<Cache> {
  return caches.open("shared-pages");
}

/** The key of a page's copy: its address (path and sorted query) and the theme. */
export function sharedCopyKey(theme: (typeof SHARED_THEMES)[number], page: string): Request {
  return new Request(`https://shared-pages.internal/${VERSION}/${theme}${page}`);
}

/** Drops this data center's copies of a page (path and query as shared-pages.ts keys it), in both themes. */
export async function forgetSharedPage(page: string): Promise<void> {
  const cache = await sharedCopies();
  await Promise.all(SHARED_THEMES.map((theme) => cache.delete(sharedCopyKey(theme, page)))).catch((error: unknown) =>
    console.error("shared pages: could not forget", page, error),
  );
}
