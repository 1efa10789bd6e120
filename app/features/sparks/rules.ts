/** Sparks (/v2/sparks): short free previews across the catalogue, one after another. Pure rules. */

/** Sparks on one page of the feed. */
export const SPARKS_PAGE_SIZE = 6;

/** A lesson id as the feed's cursor: 1 to 64 of [A-Za-z0-9-], else null (the first page). */
export function parseSparkCursor(raw: string | null | undefined): string | null {
  const value = (raw ?? "").trim();
  return /^[A-Za-z0-9-]{1,64}$/.test(value) ? value : null;
}

/**
 * One page from `limit + 1` rows read in feed order: the first `limit`, and the cursor of the next
 * page (the last shown row's id) when there was one more.
 */
export function pageOf<T>(
  rows: T[],
  limit: number,
  idOf: (row: T) => string,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit && items.length > 0 ? idOf(items[items.length - 1]) : null };
}

/** The feed's address at a cursor (the first page without one). */
export const sparksHref = (cursor: string | null) =>
  cursor ? `/v2/sparks?cursor=${encodeURIComponent(cursor)}` : "/v2/sparks";

/** The anchor of one spark on its page, so a form post or a sign-in comes back to it. */
export const sparkAnchor = (lessonId: string) => `spark-${lessonId}`;
