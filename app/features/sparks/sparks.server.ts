/**
 * Sparks: every free preview lesson (lessons.is_preview) that has a video, across the catalogue, as
 * one feed in a stable order (keyset on the lesson id: a shuffle of the catalogue that never moves),
 * and the previews a learner saved to their library (saved_lessons).
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, sql, type SQLWrapper } from "drizzle-orm";
import { creators, lessons, products, savedLessons } from "~/db/schema";
import { productHref } from "~/features/catalog/components/ProductCard";
import { lessonMedia, watchHref, type Media } from "~/features/learning/rules";
import type { AppContext } from "~/platform/context";
import type { Db } from "~/platform/db.server";
import { ServiceError } from "~/platform/service-error";
import { SPARKS_PAGE_SIZE, pageOf } from "./rules";

export interface Spark {
  /** The lesson's id. */
  id: string;
  title: string;
  summary: string;
  durationSeconds: number;
  /** The lesson's own page (/watch/...). */
  href: string;
  media: Media;
  class: { id: string; title: string; href: string; creatorName: string; coverUrl: string; comingSoon: boolean };
  /** In the signed-in learner's library. */
  saved: boolean;
}

export interface SparksPage {
  sparks: Spark[];
  /** The cursor of the next page, or null on the last one. */
  nextCursor: string | null;
}

const sparkColumns = {
  lesson: lessons,
  // Named apart from the lesson's own title: in a D1 batch drizzle reads each row by its column names,
  // and two columns of one name would come back as one (the library's batch showed the class's title).
  classTitle: sql<string>`${products.title}`.as("class_title"),
  storefrontSlug: products.storefrontSlug,
  classSlug: products.classSlug,
  coverUrl: products.coverUrl,
  comingSoon: products.comingSoon,
  creatorName: creators.name,
};

type SparkRow = {
  lesson: typeof lessons.$inferSelect;
  classTitle: string;
  storefrontSlug: string;
  classSlug: string;
  coverUrl: string;
  comingSoon: boolean;
  creatorName: string;
};

function toSpark(row: SparkRow, saved: Set<string>): Spark {
  const { lesson } = row;
  return {
    id: lesson.id,
    title: lesson.title,
    summary: lesson.summary,
    durationSeconds: lesson.durationSeconds,
    href: watchHref(lesson),
    media: lessonMedia(lesson.videoUrl, lesson.captionsUrl),
    class: {
      id: lesson.productId,
      title: row.classTitle,
      href: productHref(row),
      creatorName: row.creatorName,
      coverUrl: row.coverUrl,
      comingSoon: row.comingSoon,
    },
    saved: saved.has(lesson.id),
  };
}

const isSpark = and(eq(lessons.isPreview, true), isNotNull(lessons.videoUrl), eq(products.kind, "class"));

/** One page of the feed after `cursor` (a lesson id; null for the first page), with the learner's saved marks. */
export async function listSparks(
  app: AppContext,
  userId: string | null,
  { cursor, limit = SPARKS_PAGE_SIZE }: { cursor: string | null; limit?: number },
): Promise<SparksPage> {
  const rows = await app.db
    .select(sparkColumns)
    .from(lessons)
    .innerJoin(products, eq(products.id, lessons.productId))
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .where(cursor ? and(isSpark, gt(lessons.id, cursor)) : isSpark)
    .orderBy(asc(lessons.id))
    .limit(limit + 1);
  const { items, nextCursor } = pageOf(rows, limit, (r) => r.lesson.id);
  const saved = await savedAmong(
    app,
    userId,
    items.map((r) => r.lesson.id),
  );
  return { sparks: items.map((r) => toSpark(r, saved)), nextCursor };
}

async function savedAmong(app: AppContext, userId: string | null, lessonIds: string[]): Promise<Set<string>> {
  if (!userId || lessonIds.length === 0) return new Set();
  const rows = await app.db
    .select({ lessonId: savedLessons.lessonId })
    .from(savedLessons)
    .where(and(eq(savedLessons.userId, userId), inArray(savedLessons.lessonId, lessonIds)));
  return new Set(rows.map((r) => r.lessonId));
}

/** How many saved previews the library lists. */
export const SAVED_LIMIT = 60;

/** The learner's (an id, or an expression of one) saved previews, last saved first, as a query a batch can carry: `toSavedSparks` maps its rows. */
export function savedSparkRows(db: Db, userId: string | SQLWrapper) {
  return db
    .select(sparkColumns)
    .from(savedLessons)
    .innerJoin(lessons, eq(lessons.id, savedLessons.lessonId))
    .innerJoin(products, eq(products.id, lessons.productId))
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .where(eq(savedLessons.userId, userId))
    .orderBy(desc(savedLessons.createdAt), asc(savedLessons.lessonId))
    .limit(SAVED_LIMIT);
}

/** The saved previews of `savedSparkRows`' rows. */
export function toSavedSparks(rows: Awaited<ReturnType<typeof savedSparkRows>>): Spark[] {
  const all = new Set(rows.map((r) => r.lesson.id));
  return rows.map((r) => toSpark(r, all));
}

export const SPARK_MESSAGES = {
  notFound: "That preview isn't available to save. It may have been removed.",
} as const;

/** Saves a free preview to the learner's library; saving it again changes nothing. */
export async function saveSpark(app: AppContext, userId: string, lessonId: string): Promise<void> {
  const lesson = await app.db
    .select({ id: lessons.id, productId: lessons.productId, isPreview: lessons.isPreview })
    .from(lessons)
    .where(eq(lessons.id, lessonId))
    .get();
  if (!lesson || !lesson.isPreview) throw new ServiceError("not-found", SPARK_MESSAGES.notFound);
  await app.db
    .insert(savedLessons)
    .values({ userId, lessonId: lesson.id, productId: lesson.productId, createdAt: app.now })
    .onConflictDoNothing();
}

/** Takes a preview out of the learner's library (nothing happens when it was not there). */
export async function unsaveSpark(app: AppContext, userId: string, lessonId: string): Promise<void> {
  await app.db.delete(savedLessons).where(and(eq(savedLessons.userId, userId), eq(savedLessons.lessonId, lessonId)));
}
