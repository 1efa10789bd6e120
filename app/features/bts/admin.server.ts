/**
 * What admins read about bts videos (the routes check admins first, app/http/admin.server.ts): each
 * video's feedback count, average rating and latest comments, and one video's feedback page by page.
 */
import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import { btsFeedback, btsVideos, users } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { averageRating, btsHref } from "./rules";

export const LATEST_COMMENTS = 3;
export const FEEDBACK_PAGE_SIZE = 20;

export interface FeedbackEntry {
  rating: number;
  comment: string;
  updatedAt: number;
  /** The signed-in viewer's email, or null for an anonymous visitor. */
  viewer: string | null;
}

export interface BtsVideoSummary {
  slug: string;
  title: string;
  href: string;
  feedbackCount: number;
  averageRating: number | null;
  latestComments: FeedbackEntry[];
}

const entryColumns = {
  rating: btsFeedback.rating,
  comment: btsFeedback.comment,
  updatedAt: btsFeedback.updatedAt,
  viewer: users.email,
};

/** Every bts video with its feedback count, average rating (one decimal) and latest comments. */
export async function btsFeedbackSummary(app: AppContext): Promise<BtsVideoSummary[]> {
  const videos = await app.db
    .select({
      id: btsVideos.id,
      slug: btsVideos.slug,
      title: btsVideos.title,
      feedbackCount: count(btsFeedback.viewerId),
      ratingSum: sql<number>`coalesce(sum(${btsFeedback.rating}), 0)`,
    })
    .from(btsVideos)
    .leftJoin(btsFeedback, eq(btsFeedback.videoId, btsVideos.id))
    .groupBy(btsVideos.id)
    .orderBy(asc(btsVideos.position), asc(btsVideos.createdAt), asc(btsVideos.slug));
  return Promise.all(
    videos.map(async (v) => ({
      slug: v.slug,
      title: v.title,
      href: btsHref(v.slug),
      feedbackCount: v.feedbackCount,
      averageRating: averageRating(Number(v.ratingSum), v.feedbackCount),
      latestComments: v.feedbackCount
        ? await app.db
            .select(entryColumns)
            .from(btsFeedback)
            .leftJoin(users, eq(users.id, btsFeedback.userId))
            .where(and(eq(btsFeedback.videoId, v.id), ne(btsFeedback.comment, "")))
            .orderBy(desc(btsFeedback.updatedAt), asc(btsFeedback.viewerId))
            .limit(LATEST_COMMENTS)
        : [],
    })),
  );
}

/** One video's feedback, newest first, a page at a time (page 1 first); null when there is no such video. */
export async function btsFeedbackPage(
  app: AppContext,
  slug: string,
  page: number,
): Promise<{
  video: { slug: string; title: string; href: string };
  feedbackCount: number;
  averageRating: number | null;
  entries: FeedbackEntry[];
  page: number;
  pages: number;
} | null> {
  const [video] = await app.db
    .select({ id: btsVideos.id, slug: btsVideos.slug, title: btsVideos.title })
    .from(btsVideos)
    .where(eq(btsVideos.slug, slug))
    .limit(1);
  if (!video) return null;
  const [totals] = await app.db
    .select({ n: count(), sum: sql<number>`coalesce(sum(${btsFeedback.rating}), 0)` })
    .from(btsFeedback)
    .where(eq(btsFeedback.videoId, video.id));
  const feedbackCount = totals?.n ?? 0;
  const pages = Math.max(1, Math.ceil(feedbackCount / FEEDBACK_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const entries = await app.db
    .select(entryColumns)
    .from(btsFeedback)
    .leftJoin(users, eq(users.id, btsFeedback.userId))
    .where(eq(btsFeedback.videoId, video.id))
    .orderBy(desc(btsFeedback.updatedAt), asc(btsFeedback.viewerId))
    .limit(FEEDBACK_PAGE_SIZE)
    .offset((current - 1) * FEEDBACK_PAGE_SIZE);
  return {
    video: { slug: video.slug, title: video.title, href: btsHref(video.slug) },
    feedbackCount,
    averageRating: averageRating(Number(totals?.sum ?? 0), feedbackCount),
    entries,
    page: current,
    pages,
  };
}
