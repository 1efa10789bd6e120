/**
 * What a learner's library lists: the classes they own, with their progress; the collections they
 * bought. Read in one batch (`libraryQueries`), keyed by the user's id or by an expression of it (the
 * session's user), so a page reads it beside its shell: one round trip, not three (issue 17 goal 2).
 */
import { and, desc, eq, isNull, sql, type SQLWrapper } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { collections, purchases } from "~/db/schema";
import { productSummariesIn, toSummaries, type ProductSummary } from "~/features/catalog/products.server";
import { bundleHref } from "~/features/catalog/rules";
import { classProgressQueries, toClassProgress, watchedClasses } from "./progress.server";
import { watchHref } from "./rules";
import type { Db } from "~/platform/db.server";

export interface LibraryClass {
  id: string;
  title: string;
  creatorName: string;
  coverUrl: string;
  href: string;
  percent: number;
  /** Where 'Continue' (or 'Start') goes. */
  continueHref: string | null;
  continueTitle: string | null;
  started: boolean;
  lastWatchedAt: string | null;
  purchasedAt: string | null;
}

export interface LibraryCollection {
  id: string;
  title: string;
  coverUrl: string;
  href: string;
  purchasedAt: string;
}

/** A user: their id, or an expression of it (the session's user). */
type User = string | SQLWrapper;

/**
 * The classes the user owns (bought, or in a collection bought) with when they got them; newest first.
 * Built with the query builder, not `db.all`: drizzle's D1 batch cannot carry a raw query.
 */
function ownedClasses(db: Db, userId: User) {
  return db
    .select({ productId: sql<string>`product_id`, purchasedAt: sql<number>`max(purchased_at)` })
    .from(
      sql`(SELECT product_id, purchased_at FROM purchases WHERE user_id = ${userId} AND refunded_info IS NULL AND kind = 'class'
      UNION ALL
      SELECT ci.product_id, p.purchased_at FROM purchases p JOIN collection_items ci ON ci.collection_id = p.product_id
       WHERE p.user_id = ${userId} AND p.refunded_info IS NULL)`,
    )
    .groupBy(sql`product_id`)
    .orderBy(sql`max(purchased_at) DESC`);
}

/** The collections (and schools) the user bought, newest purchase first. */
function boughtCollections(db: Db, userId: User) {
  return db
    .select({ row: collections, purchasedAt: purchases.purchasedAt })
    .from(purchases)
    .innerJoin(collections, eq(collections.id, purchases.productId))
    .where(and(eq(purchases.userId, userId), isNull(purchases.refundedInfo), eq(purchases.kind, "collection")))
    .orderBy(desc(purchases.purchasedAt), desc(purchases.id));
}

/**
 * The library's reads, for one batch: owned classes, watched classes, the summaries, lessons and
 * progress of both (a member lists the classes they started too), and the collections bought.
 * `toLibrary` makes the library of the results.
 */
export function libraryQueries(db: Db, userId: User) {
  const owned = ownedClasses(db, userId);
  const watched = watchedClasses(db, userId);
  const listed = sql`SELECT product_id FROM (${owned}) UNION SELECT product_id FROM (${watched})`;
  return [
    owned,
    watched,
    productSummariesIn(db, listed),
    ...classProgressQueries(db, userId, listed),
    boughtCollections(db, userId),
  ] as const;
}

/** What a batch of `libraryQueries` answers. */
type LibraryResults = BatchResponse<ReturnType<typeof libraryQueries>>;

/**
 * The library from `libraryQueries`' results: owned classes plus (for members) the classes they have
 * started, with progress, last watched first, then the unwatched ones newest purchase first; and the
 * collections bought, each once.
 */
export function toLibrary(
  [owned, watched, summaryRows, lessonRows, progressRows, bought]: LibraryResults,
  { member }: { member: boolean },
): { classes: LibraryClass[]; collections: LibraryCollection[] } {
  const purchasedAt = new Map(owned.map((o) => [o.productId, o.purchasedAt]));
  const ids = [...new Set([...owned.map((o) => o.productId), ...(member ? watched.map((w) => w.productId) : [])])];
  const progress = toClassProgress(ids, lessonRows, progressRows);
  const summaries = new Map(toSummaries(summaryRows).map((s) => [s.id, s]));
  const classes = ids
    .flatMap((id): ProductSummary[] => {
      const summary = summaries.get(id);
      return summary?.kind === "class" ? [summary] : [];
    })
    .map((s): LibraryClass => {
      const p = progress.get(s.id);
      const bought = purchasedAt.get(s.id);
      return {
        id: s.id,
        title: s.title,
        creatorName: s.creatorName,
        coverUrl: s.coverUrl,
        href: `/classes/${s.storefrontSlug}/${s.classSlug}`,
        percent: p?.percent ?? 0,
        continueHref: p?.next ? watchHref(p.next) : null,
        continueTitle: p?.next?.title ?? null,
        started: Boolean(p?.lastWatchedAt),
        lastWatchedAt: p?.lastWatchedAt ? new Date(p.lastWatchedAt).toISOString() : null,
        purchasedAt: bought ? new Date(bought).toISOString() : null,
      };
    });
  const key = (c: LibraryClass) => [c.lastWatchedAt ?? "", c.purchasedAt ?? ""] as const;
  classes.sort((a, b) => {
    const [aw, ap] = key(a);
    const [bw, bp] = key(b);
    return bw.localeCompare(aw) || bp.localeCompare(ap) || a.title.localeCompare(b.title);
  });
  const seen = new Set<string>();
  const collectionsBought = bought.flatMap(({ row, purchasedAt }): LibraryCollection[] => {
    if (seen.has(row.id)) return [];
    seen.add(row.id);
    const { id, title, coverUrl } = row;
    return [{ id, title, coverUrl, href: bundleHref(row), purchasedAt: new Date(purchasedAt).toISOString() }];
  });
  return { classes, collections: collectionsBought };
}
