/**
 * An admin adds a lesson to a class, and everyone who owns the class hears about it (a notification
 * each, live for those online). The lesson, the class's lesson count and the owners' notifications
 * are one D1 batch. The form carries the new lesson's id, made when it rendered, so a double click or
 * a resubmitted form adds the lesson (and notifies) once.
 */
import { and, eq } from "drizzle-orm";
import { products } from "~/db/schema";
import { newLessonNotificationsStatement, pushNewLesson } from "~/features/notifications/notify.server";
import type { AppContext } from "~/platform/context";
import type { ClassReference, LessonInput } from "./lessons";

export async function findClass(app: AppContext, ref: ClassReference) {
  const where =
    "id" in ref
      ? eq(products.id, ref.id)
      : and(eq(products.storefrontSlug, ref.storefrontSlug), eq(products.classSlug, ref.classSlug));
  return app.db
    .select({
      id: products.id,
      title: products.title,
      storefrontSlug: products.storefrontSlug,
      classSlug: products.classSlug,
    })
    .from(products)
    .where(and(where, eq(products.kind, "class")))
    .get();
}

export type AddedLesson = { status: "added" | "already"; notified: number; classTitle: string };

/** Adds the lesson (once per lessonId) and notifies the class's owners. */
export async function addLesson(
  app: AppContext,
  lessonId: string,
  productId: string,
  input: LessonInput,
  klass: { title: string; storefrontSlug: string; classSlug: string },
): Promise<AddedLesson> {
  const DB = app.bindings.DB;
  const notification = {
    lessonId,
    productId,
    title: `New lesson in ${klass.title}`,
    body: input.title,
    link: `/classes/${klass.storefrontSlug}/${klass.classSlug}`,
  };
  const [inserted, , notified] = await DB.batch<{ id?: string; userId?: string }>([
    // Last position + 1. A clash of positions (two admins at once) fails the batch rather than losing a lesson.
    DB.prepare(
      `INSERT INTO lessons (id, product_id, position, title, summary, duration_seconds, is_preview, video_url, captions_url, created_at)
       SELECT ?1, ?2, coalesce(max(position), 0) + 1, ?3, ?4, ?5, 0, ?6, NULL, ?7 FROM lessons WHERE product_id = ?2
       ON CONFLICT (id) DO NOTHING RETURNING id`,
    ).bind(lessonId, productId, input.title, input.summary, input.durationMinutes * 60, input.videoUrl, app.now),
    DB.prepare(
      `UPDATE products SET lesson_count = (SELECT count(*) FROM lessons WHERE product_id = ?1),
              total_seconds = (SELECT coalesce(sum(duration_seconds), 0) FROM lessons WHERE product_id = ?1) WHERE id = ?1`,
    ).bind(productId),
    newLessonNotificationsStatement(app, notification),
  ]);
  const ownerIds = notified.results.map((r) => r.userId).filter((id): id is string => typeof id === "string");
  pushNewLesson(app, ownerIds, notification);
  return {
    status: inserted.results.length > 0 ? "added" : "already",
    notified: ownerIds.length,
    classTitle: klass.title,
  };
}
