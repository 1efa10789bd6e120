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
import type { MembershipFlags } from "~/features/subscriptions/rules";
import { membershipFlagColumns } from "~/features/subscriptions/subscriptions.server";
import type { AppContext } from "~/platform/context";
import type { Db } from "~/platform/db.server";
import { queryShape, type Slot } from "~/platform/query-shapes.server";
import type { NotificationState } from "~/ui/NotificationBell";

export type SignedInShell = {
  user: UserRow;
  cartItems: string[];
  /** null: the membership could not be read (pages say so and offer to try again; it is not "no membership"). */
  membership: MembershipFlags | null;
  bell: NotificationState;
};

/** The shell's columns besides the membership flags. */
const shellColumns = () => ({
  user: users,
  cartItems: cartItemsColumn(users.id),
  ...bellColumns(users.id, users.signUpDate),
});

/** The shell's one query, for the live session of this id. */
export function shellQuery(db: Db, session: string | Placeholder, now: number | Placeholder) {
  return db
    .select({ ...shellColumns(), ...membershipFlagColumns(users.id, now) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSession(session, now));
}

/** The shell without the membership flags: asked only when the whole query failed. */
function shellWithoutMembershipQuery(db: Db, session: string | Placeholder, now: number | Placeholder) {
  return db
    .select(shellColumns())
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSession(session, now));
}

// Every page's query: its SQL text is built once (platform/query-shapes.server.ts).
const shellOf = queryShape((db, slot: Slot<{ session: string; now: number }>) => [
  shellQuery(db, slot("session"), slot("now")),
]);
const shellWithoutMembershipOf = queryShape((db, slot: Slot<{ session: string; now: number }>) => [
  shellWithoutMembershipQuery(db, slot("session"), slot("now")),
]);

/**
 * The shell of a live session token's user, or null: no token, an unknown or expired session. When
 * the one query fails, the shell is read again without the membership flags: if that answers, the
 * page goes on with the membership unread (`membership: null`); if not, the first failure stands.
 */
export async function signedInShell(app: AppContext, token: string | null): Promise<SignedInShell | null> {
  const id = await sessionIdOf(token);
  if (!id) return null;
  const values = { session: id, now: app.now };
  try {
    const [row] = (await shellOf(app.db, values))[0];
    if (!row) return null;
    const { hasActiveSubscription, hasActiveOrTrialSubscription } = row;
    return toShell(row, { hasActiveSubscription, hasActiveOrTrialSubscription });
  } catch (error) {
    const [row] = (
      await shellWithoutMembershipOf(app.db, values).catch(() => {
        throw error;
      })
    )[0];
    console.error("shell: the membership could not be read", error);
    return row ? toShell(row, null) : null;
  }
}

function toShell(
  row: { user: UserRow; cartItems: string[] | null } & Parameters<typeof bellState>[0],
  membership: MembershipFlags | null,
): SignedInShell {
  return { user: row.user, cartItems: row.cartItems ?? [], membership, bell: bellState(row) };
}
