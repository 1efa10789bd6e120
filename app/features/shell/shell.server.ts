/**
 * The signed-in visitor's part of every page (the root loader's): who they are, their cart, their
 * membership flags and the header bell, in one D1 query (issue 17 goal 2). Each part is an index
 * look-up its own feature defines as a column; together they cost one round trip, not four.
 */
import { eq, type Placeholder } from "drizzle-orm";
import { sessions, users, type UserRow } from "~/db/schema";
import { cartItemsColumn } from "~/features/cart/cart.server";
import { liveSession, sessionIdOf } from "~/features/identity/sessions.server";
import { bellColumns } from "~/features/notifications/notifications.server";
import { bellState } from "~/features/notifications/rules";
import { membershipFlagColumns } from "~/features/subscriptions/subscriptions.server";
import type { AppContext } from "~/platform/context";
import type { Db } from "~/platform/db.server";
import { queryShape, type Slot } from "~/platform/query-shapes.server";
import type { NotificationState } from "~/ui/NotificationBell";

export type SignedInShell = {
  user: UserRow;
  cartItems: string[];
  membership: { hasActiveSubscription: boolean; hasActiveOrTrialSubscription: boolean };
  bell: NotificationState;
};

/** The shell's one query, for the live session of this id. */
export function shellQuery(db: Db, session: string | Placeholder, now: number | Placeholder) {
  return db
    .select({
      user: users,
      cartItems: cartItemsColumn(users.id),
      ...membershipFlagColumns(users.id, now),
      ...bellColumns(users.id, users.signUpDate),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSession(session, now));
}

// Every page's query: its SQL text is built once (platform/query-shapes.server.ts).
const shellOf = queryShape((db, slot: Slot<{ session: string; now: number }>) => [
  shellQuery(db, slot("session"), slot("now")),
]);

/** The shell of a live session token's user, or null: no token, an unknown or expired session. */
export async function signedInShell(app: AppContext, token: string | null): Promise<SignedInShell | null> {
  const id = await sessionIdOf(token);
  if (!id) return null;
  const [row] = (await shellOf(app.db, { session: id, now: app.now }))[0];
  if (!row) return null;
  return {
    user: row.user,
    cartItems: row.cartItems ?? [],
    membership: {
      hasActiveSubscription: row.hasActiveSubscription,
      hasActiveOrTrialSubscription: row.hasActiveOrTrialSubscription,
    },
    bell: bellState(row),
  };
}
