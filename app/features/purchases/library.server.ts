/** /library: what the user owns, newest purchase first (a collection brings its classes). */
import { sellablesByIds, type Sellable } from "~/features/cart/sellables.server";
import { currentUser } from "~/features/identity/sessions.server";
import { isActiveMember } from "~/features/subscriptions/rules";
import type { AppContext } from "~/platform/context";
import { userPurchases } from "./purchases.server";

export interface LibraryEntry {
  id: string;
  kind: Sellable["kind"];
  title: string;
  creatorName: string;
  coverUrl: string;
  href: string;
  purchasedAt: string;
}

export async function loadLibrary(app: AppContext, request: Request) {
  const user = await currentUser(app, request);
  if (!user) return { signedIn: false as const, entries: [] as LibraryEntry[], isMember: false };
  const bought = await userPurchases(app, user.id);
  const byId = new Map((await sellablesByIds(app.db, bought.map((p) => p.productId))).map((s) => [s.id, s]));
  const seen = new Set<string>();
  const entries: LibraryEntry[] = [];
  for (const purchase of bought) {
    // Memberships show as the notice above the list, while they last, not as a thing owned forever.
    if (purchase.kind === "subscription") continue;
    const item = byId.get(purchase.productId);
    if (!item || seen.has(item.id)) continue;
    seen.add(item.id);
    entries.push({ id: item.id, kind: item.kind, title: item.title, creatorName: item.isSubscription ? "Membership" : item.creatorName, coverUrl: item.coverUrl, href: item.href, purchasedAt: new Date(purchase.purchasedAt).toISOString() });
  }
  return { signedIn: true as const, entries, isMember: isActiveMember(user) };
}
