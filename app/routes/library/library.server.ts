/**
 * /library: the classes a learner can watch, last watched first, each with its progress and a
 * 'Continue' to the next unfinished lesson; then the collections they bought; then the free previews
 * they saved from Sparks.
 */
import { sellablesByIds } from "~/features/cart/sellables.server";
import { watchedClasses } from "~/features/learning/progress.server";
import {
  libraryClasses,
  ownedClasses,
  type LibraryClass,
  type LibraryCollection,
} from "~/features/learning/library.server";
import { userPurchases } from "~/features/purchases/purchases.server";
import { savedSparks, type Spark } from "~/features/sparks/sparks.server";
import { signedInShellOf } from "~/http/session.server";
import { visitorOf } from "~/http/visitor.server";
import type { AppContext } from "~/platform/context";

export async function loadLibrary(app: AppContext, request: Request) {
  const { user } = await visitorOf(app, request);
  if (!user)
    return {
      signedIn: false as const,
      classes: [] as LibraryClass[],
      collections: [] as LibraryCollection[],
      saved: [] as Spark[],
      isMember: false,
    };
  // The membership flags came with the session (the page's one shell query); what they watched and
  // bought go to D1 together (one batch; drizzle cannot batch ownedClasses' raw SQL).
  const [owned, [watched, bought], flags, saved] = await Promise.all([
    ownedClasses(app, user.id),
    app.db.batch([watchedClasses(app, user.id), userPurchases(app, user.id)]),
    signedInShellOf(app, request).then((shell) => shell?.membership ?? { hasActiveOrTrialSubscription: false }),
    savedSparks(app, user.id),
  ]);
  const collectionIds = bought.filter((p) => p.kind === "collection").map((p) => p.productId);
  const [classes, collectionSellables] = await Promise.all([
    libraryClasses(app, user.id, owned, flags.hasActiveOrTrialSubscription ? watched : []),
    sellablesByIds(app.db, [...new Set(collectionIds)]),
  ]);
  const collections = collectionSellables.map((c) => ({
    id: c.id,
    title: c.title,
    coverUrl: c.coverUrl,
    href: c.href,
    purchasedAt: new Date(bought.find((p) => p.productId === c.id)?.purchasedAt ?? app.now).toISOString(),
  }));
  return { signedIn: true as const, classes, collections, saved, isMember: flags.hasActiveOrTrialSubscription };
}
