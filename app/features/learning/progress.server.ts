/**
 * Lesson progress in D1 (spec 7 updateProductProgress, getContentProgress, getProductProgress):
 * who may watch a lesson, saving reports (percent monotonic, watched time bounded by real time)
 * and reading a class's progress back.
 */
import { and, asc, desc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { lessonProgress, lessons, products, type LessonProgressRow, type LessonRow, type UserRow } from "~/db/schema";
import { ownedProductIds } from "~/features/purchases/purchases.server";
import { SUBSCRIPTION_MESSAGES, subscriptionFlags } from "~/features/subscriptions/subscriptions.server";
import type { AppContext } from "~/platform/context";
import type { Db } from "~/platform/db.server";
import {
  applyReport,
  classPercent,
  continueLesson,
  isComplete,
  markComplete,
  type ProgressReport,
  type StoredProgress,
} from "./rules";

export const PROGRESS_MESSAGES = {
  lessonNotFound: "Lesson not found",
  notInProduct: "content_id is not a lesson of product_id",
  noAccess: "You don't have access to this lesson",
} as const;

/**
 * Why a user may watch a class's lessons: owned (bought, or in a collection bought), membership, or
 * not at all (previews only); `unknown` when what they own or their membership could not be read
 * (previews only meanwhile, and the page says the membership could not be read rather than sell it).
 */
export type Access = "owner" | "member" | "preview" | "unknown";

/** A read whose failure leaves access unknown rather than failing the page. */
function orNull<T>(read: Promise<T>, what: string): Promise<T | null> {
  return read.catch((error: unknown) => {
    console.error(`class access: ${what} could not be read`, error);
    return null;
  });
}

/**
 * Owners of the class and active or trial members (every class is in the membership) watch every
 * lesson; everyone else, signed out included, watches the free previews.
 */
export async function classAccess(
  app: AppContext,
  user: Pick<UserRow, "id"> | null,
  product: { id: string; kind: string },
): Promise<Access> {
  if (!user || product.kind !== "class") return "preview";
  const [owned, flags] = await Promise.all([
    orNull(ownedProductIds(app, user.id, [product.id]), "what the user owns"),
    orNull(subscriptionFlags(app, user.id), "the membership"),
  ]);
  if (owned?.has(product.id)) return "owner";
  if (flags?.hasActiveOrTrialSubscription) return "member";
  return owned && flags ? "preview" : "unknown";
}

export const canWatch = (access: Access, lesson: Pick<LessonRow, "isPreview">) =>
  access === "owner" || access === "member" || lesson.isPreview;

export async function lessonWithProduct(app: AppContext, lessonId: string) {
  return (
    (await app.db
      .select({ lesson: lessons, product: { id: products.id, kind: products.kind } })
      .from(lessons)
      .innerJoin(products, eq(products.id, lessons.productId))
      .where(eq(lessons.id, lessonId))
      .get()) ?? null
  );
}

export type ProgressOutcome =
  { ok: true; progress: StoredProgress; access: Access } | { ok: false; status: 400 | 403 | 404 | 503; error: string };

/** Checks the lesson belongs to the product and that the user may watch it, then saves the change. */
async function changeProgress(
  app: AppContext,
  user: UserRow,
  productId: string,
  lessonId: string,
  change: (previous: StoredProgress | null) => StoredProgress,
): Promise<ProgressOutcome> {
  const found = await lessonWithProduct(app, lessonId);
  if (!found) return { ok: false, status: 404, error: PROGRESS_MESSAGES.lessonNotFound };
  if (found.product.id !== productId) return { ok: false, status: 400, error: PROGRESS_MESSAGES.notInProduct };
  const access = await classAccess(app, user, found.product);
  if (!canWatch(access, found.lesson))
    return access === "unknown"
      ? { ok: false, status: 503, error: SUBSCRIPTION_MESSAGES.fetchFailed }
      : { ok: false, status: 403, error: PROGRESS_MESSAGES.noAccess };

  const previous = await app.db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, user.id), eq(lessonProgress.lessonId, lessonId)))
    .get();
  const next = change(previous ?? null);
  // max() and coalesce() in the upsert keep percent monotonic and the first completion even when
  // two reports (a pause and a leaving beacon) race.
  await app.db
    .insert(lessonProgress)
    .values({ userId: user.id, lessonId, productId, ...next, updatedAt: app.now })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: {
        percentComplete: sql`max(${lessonProgress.percentComplete}, excluded.percent_complete)`,
        positionSeconds: sql`excluded.position_seconds`,
        secondsWatched: sql`max(${lessonProgress.secondsWatched}, excluded.seconds_watched)`,
        completedAt: sql`coalesce(${lessonProgress.completedAt}, excluded.completed_at)`,
        reportedAt: sql`excluded.reported_at`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
  return { ok: true, progress: next, access };
}

export function updateProgress(
  app: AppContext,
  user: UserRow,
  input: { productId: string; lessonId: string } & ProgressReport,
) {
  return changeProgress(app, user, input.productId, input.lessonId, (previous) =>
    applyReport(previous, input, app.now),
  );
}

export function completeLesson(app: AppContext, user: UserRow, productId: string, lessonId: string) {
  return changeProgress(app, user, productId, lessonId, (previous) => markComplete(previous, app.now));
}

export async function contentProgress(
  app: AppContext,
  userId: string,
  productId: string,
  lessonId: string,
): Promise<LessonProgressRow | null> {
  return (
    (await app.db
      .select()
      .from(lessonProgress)
      .where(
        and(
          eq(lessonProgress.userId, userId),
          eq(lessonProgress.productId, productId),
          eq(lessonProgress.lessonId, lessonId),
        ),
      )
      .get()) ?? null
  );
}

/** A class's lessons (in order) and this user's progress on each. */
export async function classProgress(app: AppContext, userId: string | null, productId: string) {
  const [lessonRows, rows] = await app.db.batch([
    app.db.select().from(lessons).where(eq(lessons.productId, productId)).orderBy(asc(lessons.position)),
    app.db
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, userId ?? ""), eq(lessonProgress.productId, productId))),
  ]);
  const byLesson = new Map(rows.map((r) => [r.lessonId, r]));
  return {
    lessons: lessonRows,
    progress: byLesson,
    percent: classPercent(lessonRows, byLesson),
    next: continueLesson(lessonRows, byLesson),
  };
}

/**
 * Per class the user has watched: last watched time, for the library's order and "Continue watching".
 * The query itself: await it, or send it in a db.batch with others.
 */
export function watchedClasses(db: Db, userId: string | SQLWrapper, limit = 100) {
  return db
    .select({ productId: lessonProgress.productId, lastWatchedAt: sql<number>`max(${lessonProgress.updatedAt})` })
    .from(lessonProgress)
    .where(eq(lessonProgress.userId, userId))
    .groupBy(lessonProgress.productId)
    .orderBy(desc(sql`max(${lessonProgress.updatedAt})`))
    .limit(limit);
}

type ClassProgress = { percent: number; next: LessonRow | null; lastWatchedAt: number | null };

/**
 * Progress of several classes at once (the library), for the classes a subquery selects, as queries a
 * batch can carry: their lessons, in order, and the user's (an id, or an expression of one) progress
 * on them. `toClassProgress` makes each one's percent and the lesson 'Continue' opens of the rows.
 */
export function classProgressQueries(db: Db, userId: string | SQLWrapper, productIds: SQL) {
  return [
    db
      .select()
      .from(lessons)
      .where(sql`${lessons.productId} IN (${productIds})`)
      .orderBy(asc(lessons.position)),
    db
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, userId), sql`${lessonProgress.productId} IN (${productIds})`)),
  ] as const;
}

/** Each class's progress from the rows of `classProgressQueries`. */
export function toClassProgress(productIds: string[], lessonRows: LessonRow[], rows: LessonProgressRow[]) {
  const result = new Map<string, ClassProgress>();
  for (const productId of productIds) {
    const own = lessonRows.filter((l) => l.productId === productId);
    const byLesson = new Map(rows.filter((r) => r.productId === productId).map((r) => [r.lessonId, r]));
    const lastWatchedAt = byLesson.size ? Math.max(...[...byLesson.values()].map((r) => r.updatedAt)) : null;
    result.set(productId, { percent: classPercent(own, byLesson), next: continueLesson(own, byLesson), lastWatchedAt });
  }
  return result;
}

/** The API's shape of one lesson's progress (snake_case, as the spec's calls). */
export function progressJson(
  productId: string,
  lessonId: string,
  p: Pick<LessonProgressRow, "percentComplete" | "positionSeconds" | "secondsWatched" | "completedAt"> & {
    updatedAt?: number;
  },
) {
  return {
    product_id: productId,
    content_id: lessonId,
    percent_complete: p.percentComplete,
    position_in_seconds: p.positionSeconds,
    seconds_watched: p.secondsWatched,
    completed: isComplete(p),
    completed_at: p.completedAt ? new Date(p.completedAt).toISOString() : null,
    ...(p.updatedAt ? { updated_at: new Date(p.updatedAt).toISOString() } : {}),
  };
}

/** The user's saved progress on each lesson of one class (none for a visitor). */
export async function lessonProgressOfClass(
  app: AppContext,
  userId: string | null,
  productId: string,
): Promise<LessonProgressRow[]> {
  if (!userId) return [];
  return app.db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.productId, productId)));
}

/** A class's lessons in the fields that decide what comes next (order and preview). */
export function classLessonOrder(app: AppContext, productId: string) {
  return app.db
    .select({ id: lessons.id, title: lessons.title, position: lessons.position, isPreview: lessons.isPreview })
    .from(lessons)
    .where(eq(lessons.productId, productId));
}
