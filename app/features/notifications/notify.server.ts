/**
 * Making notifications: the row in D1 first (its dedupe key makes a retried purchase or a resubmitted
 * form notify once), then, only for a row that is new, a push to the user's room or to everyone online.
 * Pushes run after the response (rooms.server.ts), so realtime never slows or fails the request.
 */
import { notifications } from "~/db/schema";
import { pushToEveryone, pushToUser, pushToUsers } from "~/features/realtime/rooms.server";
import type { AppContext } from "~/platform/context";
import { liveNotificationMessage, type NotificationKind } from "./rules";

export type NotificationInput = {
  /** null: a universal notification, to everyone (the red dot). */
  userId: string | null;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  dedupeKey: string;
};

/** Makes one notification (once per dedupe key) and pushes it live; says whether this call made it. */
export async function notify(
  app: AppContext,
  input: NotificationInput,
): Promise<{ created: boolean; id: string | null }> {
  const rows = await app.db
    .insert(notifications)
    .values({
      id: crypto.randomUUID(),
      userId: input.userId,
      kind: input.kind,
      title: input.title,
      body: input.body,
      link: input.link,
      dedupeKey: input.dedupeKey,
      createdAt: app.now,
    })
    .onConflictDoNothing({ target: notifications.dedupeKey })
    .returning({ id: notifications.id });
  const id = rows[0]?.id ?? null;
  if (!id) return { created: false, id: null };
  const message = liveNotificationMessage({
    kind: input.kind,
    universal: input.userId === null,
    title: input.title,
    body: input.body,
    link: input.link,
  });
  if (input.userId) pushToUser(app, input.userId, message);
  else pushToEveryone(app, message);
  return { created: true, id };
}

// A random UUID (version 4 layout) made by SQLite, so one INSERT ... SELECT can notify any number of owners.
const SQL_UUID = `lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-' ||
  substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)))`;

/**
 * One statement that notifies every owner of a class (a purchase of it, or of a collection holding
 * it, not refunded) about a new lesson, once per lesson and owner; it returns the owners it notified.
 * It belongs in the same batch as the lesson's insert, so both happen or neither.
 */
export function newLessonNotificationsStatement(
  app: AppContext,
  n: { lessonId: string; productId: string; title: string; body: string; link: string },
): D1PreparedStatement {
  return app.bindings.DB.prepare(
    `INSERT INTO notifications (id, user_id, kind, title, body, link, dedupe_key, created_at)
     SELECT ${SQL_UUID}, owner.user_id, 'new_lesson', ?3, ?4, ?5, 'lesson:' || ?1 || ':' || owner.user_id, ?6
     FROM (
       SELECT user_id FROM purchases WHERE product_id = ?2 AND kind = 'class' AND refunded_info IS NULL
       UNION
       SELECT p.user_id FROM purchases p JOIN collection_items ci ON ci.collection_id = p.product_id
        WHERE ci.product_id = ?2 AND p.kind = 'collection' AND p.refunded_info IS NULL
     ) AS owner
     WHERE EXISTS (SELECT 1 FROM lessons WHERE id = ?1 AND product_id = ?2)
     ON CONFLICT (dedupe_key) DO NOTHING
     RETURNING user_id AS userId`,
  ).bind(n.lessonId, n.productId, n.title, n.body, n.link, app.now);
}

/** After the batch: the owners just notified hear about it live (those online). */
export function pushNewLesson(app: AppContext, ownerIds: string[], n: { title: string; body: string; link: string }) {
  pushToUsers(
    app,
    ownerIds,
    liveNotificationMessage({ kind: "new_lesson", universal: false, title: n.title, body: n.body, link: n.link }),
  );
}
