/**
 * Reading notifications: the bell's state for the header, the /notifications list (newest first,
 * keyset pages), and 'Mark all as read' (notification_reads.seen_at only moves forward).
 */
import { sql, type SQLWrapper } from "drizzle-orm";
import type { UserRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { relativeTime } from "~/platform/format";
import { ServiceError } from "~/platform/service-error";
import {
  encodeCursor,
  NOTIFICATIONS_PAGE_SIZE,
  parseCursor,
  type NotificationCursor,
  type NotificationKind,
} from "./rules";

/** When the user last marked their notifications read; their sign-up time before that. */
const SEEN_AT = `coalesce((SELECT seen_at FROM notification_reads WHERE user_id = ?1), ?2)`;

/**
 * The header bell as columns of a query about one user (their id and sign-up time, as values or as
 * the users columns of a query that joins users): three index look-ups, which ride along in the root
 * loader's one query (features/shell/shell.server.ts); bellState (rules.ts) makes the bell of them.
 */
export function bellColumns(userId: SQLWrapper | string, signUpDate: SQLWrapper | number) {
  return {
    newestPersonalAt: sql<number | null>`(SELECT max(created_at) FROM notifications WHERE user_id = ${userId})`,
    newestUniversalAt: sql<number | null>`(SELECT max(created_at) FROM notifications WHERE user_id IS NULL)`,
    // As SEEN_AT, with the user's values or columns.
    seenAt: sql<number>`coalesce((SELECT seen_at FROM notification_reads WHERE user_id = ${userId}), ${signUpDate})`,
  };
}

export type NotificationItem = {
  id: string;
  kind: NotificationKind;
  universal: boolean;
  title: string;
  body: string;
  link: string | null;
  createdAt: number;
  /** "3 minutes ago" (spec 9 relative time), worked out on the server so both renders agree. */
  when: string;
  unseen: boolean;
};

type Row = {
  id: string;
  user_id: string | null;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  created_at: number;
};

/**
 * One page of the user's notifications and the announcements to everyone, newest first. Each half
 * reads its own index in order (user_id, created_at), then the two are merged: no OR, no sort of
 * everything.
 */
export async function listNotifications(
  app: AppContext,
  user: Pick<UserRow, "id" | "signUpDate">,
  cursor: NotificationCursor | null,
) {
  const limit = NOTIFICATIONS_PAGE_SIZE + 1;
  // Rows before the cursor; the first page starts after the end of time. created_at <= ?2 keeps the index range.
  const before = `created_at <= ?2 AND (created_at < ?2 OR id < ?3)`;
  const [list, seen] = await app.bindings.DB.batch<Row | { seen: number }>([
    app.bindings.DB.prepare(
      `SELECT * FROM (SELECT id, user_id, kind, title, body, link, created_at FROM notifications WHERE user_id = ?1 AND ${before} ORDER BY created_at DESC, id DESC LIMIT ?4)
       UNION ALL
       SELECT * FROM (SELECT id, user_id, kind, title, body, link, created_at FROM notifications WHERE user_id IS NULL AND ${before} ORDER BY created_at DESC, id DESC LIMIT ?4)
       ORDER BY created_at DESC, id DESC LIMIT ?4`,
    ).bind(user.id, cursor?.createdAt ?? Number.MAX_SAFE_INTEGER, cursor?.id ?? "", limit),
    app.bindings.DB.prepare(`SELECT ${SEEN_AT} AS seen`).bind(user.id, user.signUpDate),
  ]);
  const rows = list.results as Row[];
  const seenAt = (seen.results[0] as { seen: number } | undefined)?.seen ?? user.signUpDate;
  const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((r): NotificationItem => ({
      id: r.id,
      kind: r.kind,
      universal: r.user_id === null,
      title: r.title,
      body: r.body,
      link: r.link,
      createdAt: r.created_at,
      when: relativeTime(r.created_at, app.now),
      unseen: r.created_at > seenAt,
    })),
    nextCursor:
      rows.length > NOTIFICATIONS_PAGE_SIZE && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

/**
 * The /notifications page for this user: a page of notifications from the cursor (the first page when
 * there is none). A cursor that is not ours is bad input (ServiceError "invalid"), not the first page.
 */
export async function notificationsPage(app: AppContext, user: UserRow, rawCursor: string | null) {
  const cursor = parseCursor(rawCursor);
  if (rawCursor !== null && !cursor) throw new ServiceError("invalid", "That page of notifications does not exist.");
  const { items, nextCursor } = await listNotifications(app, user, cursor);
  return {
    items,
    nextCursor,
    isFirstPage: !cursor,
    // 'Mark all as read' covers what this page shows: the newest one on the first page.
    seenUpTo: !cursor && items.some((i) => i.unseen) ? items[0].createdAt : null,
  };
}

/** Moves seen_at forward to what the user saw (never past now, never backwards): safe to repeat. */
export async function markSeen(app: AppContext, userId: string, seenUpTo: number) {
  await app.bindings.DB.prepare(
    `INSERT INTO notification_reads (user_id, seen_at) VALUES (?1, ?2)
     ON CONFLICT (user_id) DO UPDATE SET seen_at = max(notification_reads.seen_at, excluded.seen_at)`,
  )
    .bind(userId, Math.min(seenUpTo, app.now))
    .run();
}
