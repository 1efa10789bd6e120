/** What a learner's library lists: the classes they own, with their progress; the collections they bought. */
import { sql } from "drizzle-orm";
import { productsByIds } from "~/features/catalog/products.server";
import { progressOfClasses } from "./progress.server";
import { watchHref } from "./rules";
import type { AppContext } from "~/platform/context";

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

/** The classes the user owns (bought, or in a collection bought) with when they got them; newest first. */
export async function ownedClasses(
  app: AppContext,
  userId: string,
): Promise<{ productId: string; purchasedAt: number }[]> {
  return app.db.all<{ productId: string; purchasedAt: number }>(sql`
    SELECT product_id AS productId, max(purchased_at) AS purchasedAt FROM (
      SELECT product_id, purchased_at FROM purchases WHERE user_id = ${userId} AND refunded_info IS NULL AND kind = 'class'
      UNION ALL
      SELECT ci.product_id, p.purchased_at FROM purchases p JOIN collection_items ci ON ci.collection_id = p.product_id
       WHERE p.user_id = ${userId} AND p.refunded_info IS NULL)
    GROUP BY product_id ORDER BY purchasedAt DESC`);
}

/**
 * Owned classes plus (for members) the classes they have started, with progress; last watched
 * first, then the unwatched ones newest purchase first.
 */
export async function libraryClasses(
  app: AppContext,
  userId: string,
  owned: { productId: string; purchasedAt: number }[],
  startedByMember: { productId: string }[],
): Promise<LibraryClass[]> {
  const purchasedAt = new Map(owned.map((o) => [o.productId, o.purchasedAt]));
  const ids = [...new Set([...owned.map((o) => o.productId), ...startedByMember.map((w) => w.productId)])];
  const [summaries, progress] = await Promise.all([productsByIds(app.db, ids), progressOfClasses(app, userId, ids)]);
  const classes = summaries
    .filter((s) => s.kind === "class")
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
  return classes.sort((a, b) => {
    const [aw, ap] = key(a);
    const [bw, bp] = key(b);
    return bw.localeCompare(aw) || bp.localeCompare(ap) || a.title.localeCompare(b.title);
  });
}
