/**
 * Behind-the-scenes (bts) product videos: the list, one video with the class it is about, a viewer's
 * feedback (one row per viewer per video, edited in place) and the end of a viewing session.
 * Services: plain values in, data out, ServiceError for "no".
 */
import { flushBufferedEvents } from "~/features/analytics/buffer.server";
import { and, asc, eq, sql } from "drizzle-orm";
import { btsFeedback, btsVideos, products } from "~/db/schema";
import { EVENTS } from "~/features/analytics/events";
import { recordEvent } from "~/features/analytics/record.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { boundSecondsWatched, btsHref, SESSION_LOOKBACK_MS } from "./rules";
import type { EndSessionInput, FeedbackInput } from "./schema";

export interface BtsClass {
  id: string;
  title: string;
  coverUrl: string;
  href: string;
}

export interface BtsVideo {
  id: string;
  slug: string;
  title: string;
  description: string;
  videoUrl: string;
  captionsUrl: string | null;
  posterUrl: string;
  durationSeconds: number;
  href: string;
  /** The class the video is about, when it has one. */
  product: BtsClass | null;
}

/** Who gives feedback: the signed-in user's id, or the anonymous visitor's 'anon_...' id. */
export interface BtsViewer {
  viewerId: string;
  userId: string | null;
}

export interface SavedFeedback {
  rating: number;
  comment: string;
  updatedAt: number;
}

const videoColumns = {
  id: btsVideos.id,
  slug: btsVideos.slug,
  title: btsVideos.title,
  description: btsVideos.description,
  videoUrl: btsVideos.videoUrl,
  captionsUrl: btsVideos.captionsUrl,
  posterUrl: btsVideos.posterUrl,
  durationSeconds: btsVideos.durationSeconds,
  productId: products.id,
  productTitle: products.title,
  productCover: products.coverUrl,
  storefrontSlug: products.storefrontSlug,
  classSlug: products.classSlug,
};

type VideoJoinRow = {
  [K in keyof typeof videoColumns]: (typeof videoColumns)[K]["_"]["data"] | null;
};

function toVideo(row: VideoJoinRow): BtsVideo {
  const product =
    row.productId && row.productTitle && row.storefrontSlug && row.classSlug
      ? {
          id: row.productId,
          title: row.productTitle,
          coverUrl: row.productCover ?? "",
          href: `/classes/${row.storefrontSlug}/${row.classSlug}`,
        }
      : null;
  return {
    id: row.id!,
    slug: row.slug!,
    title: row.title!,
    description: row.description!,
    videoUrl: row.videoUrl!,
    captionsUrl: row.captionsUrl,
    posterUrl: row.posterUrl!,
    durationSeconds: row.durationSeconds!,
    href: btsHref(row.slug!),
    product,
  };
}

/** Every bts video in its place (position, then oldest first), with the class each is about. */
export async function listBtsVideos(app: AppContext): Promise<BtsVideo[]> {
  const rows = await app.db
    .select(videoColumns)
    .from(btsVideos)
    .leftJoin(products, eq(products.id, btsVideos.productId))
    .orderBy(asc(btsVideos.position), asc(btsVideos.createdAt), asc(btsVideos.slug));
  return rows.map(toVideo);
}

/** One bts video by its slug, or null. */
export async function btsVideoBySlug(app: AppContext, slug: string): Promise<BtsVideo | null> {
  if (!slug || slug.length > 200) return null;
  const [row] = await app.db
    .select(videoColumns)
    .from(btsVideos)
    .leftJoin(products, eq(products.id, btsVideos.productId))
    .where(eq(btsVideos.slug, slug))
    .limit(1);
  return row ? toVideo(row) : null;
}

/** The bts videos about one class (for a link from its page). */
export async function btsVideosOfClass(
  app: AppContext,
  productId: string,
): Promise<{ slug: string; title: string; href: string }[]> {
  const rows = await app.db
    .select({ slug: btsVideos.slug, title: btsVideos.title })
    .from(btsVideos)
    .where(eq(btsVideos.productId, productId))
    .orderBy(asc(btsVideos.position));
  return rows.map((r) => ({ ...r, href: btsHref(r.slug) }));
}

async function requireVideo(app: AppContext, slug: string): Promise<BtsVideo> {
  const video = await btsVideoBySlug(app, slug);
  if (!video) throw new ServiceError("not-found", "There is no behind-the-scenes video at this address.");
  return video;
}

/** This viewer's saved feedback on a video, or null. */
export async function feedbackOf(
  app: AppContext,
  videoId: string,
  viewerId: string | null,
): Promise<SavedFeedback | null> {
  if (!viewerId) return null;
  const [row] = await app.db
    .select({ rating: btsFeedback.rating, comment: btsFeedback.comment, updatedAt: btsFeedback.updatedAt })
    .from(btsFeedback)
    .where(and(eq(btsFeedback.videoId, videoId), eq(btsFeedback.viewerId, viewerId)))
    .limit(1);
  return row ?? null;
}

/**
 * Saves a viewer's feedback: the first answer makes their row, later ones replace its rating and
 * comment (one row per viewer per video). `created` says which it was.
 */
export async function saveFeedback(
  app: AppContext,
  viewer: BtsViewer,
  slug: string,
  input: FeedbackInput,
): Promise<{ created: boolean; video: BtsVideo }> {
  const video = await requireVideo(app, slug);
  const [row] = await app.db
    .insert(btsFeedback)
    .values({
      videoId: video.id,
      viewerId: viewer.viewerId,
      userId: viewer.userId,
      rating: input.rating,
      comment: input.comment,
      createdAt: app.now,
      updatedAt: app.now,
    })
    .onConflictDoUpdate({
      target: [btsFeedback.videoId, btsFeedback.viewerId],
      set: {
        rating: input.rating,
        comment: input.comment,
        updatedAt: app.now,
        userId: sql`coalesce(excluded.user_id, ${btsFeedback.userId})`,
      },
    })
    .returning({ createdAt: btsFeedback.createdAt });
  return { created: row?.createdAt === app.now, video };
}

/**
 * When this viewer's current session on the page began, by the server's clock: their latest page
 * view of it (recorded when the page was served, or by the browser's batch for a client-side
 * navigation, stamped on arrival) or their latest end of session there, whichever is later.
 */
async function sessionStartOf(
  app: AppContext,
  who: { userId: string | null; anonymousId: string | null },
  path: string,
): Promise<number | null> {
  if (!who.userId && !who.anonymousId) return null;
  // The page view that began the session may still be waiting in the visitor's buffer.
  await flushBufferedEvents(app, [who.userId, who.anonymousId]);
  const row = await app.db.get<{ started: number | null }>(sql`
    SELECT MAX(created_at) AS started FROM analytics_events
    WHERE name IN (${EVENTS.btsViewed}, ${EVENTS.btsEndSession})
      AND created_at >= ${app.now - SESSION_LOOKBACK_MS} AND created_at <= ${app.now}
      AND (user_id = ${who.userId ?? ""} OR anonymous_id = ${who.anonymousId ?? ""})
      AND json_extract(properties, '$.path') = ${path}`);
  return row?.started ?? null;
}

/**
 * Records 'bts product video page | end session' with {slug, secondsWatched}: the player's count
 * (or, with none, the time on the page), bounded by the real time since the session began and by
 * the video's duration (rules.ts boundSecondsWatched).
 */
export async function endBtsSession(
  app: AppContext,
  who: { userId: string | null; anonymousId: string | null },
  slug: string,
  input: EndSessionInput,
): Promise<{ secondsWatched: number; video: BtsVideo }> {
  const video = await requireVideo(app, slug);
  const path = btsHref(video.slug);
  const startedAt = await sessionStartOf(app, who, path);
  const secondsWatched = boundSecondsWatched({
    claimed: input.secondsWatched ?? null,
    startedAt,
    now: app.now,
    durationSeconds: video.durationSeconds,
  });
  recordEvent(app, EVENTS.btsEndSession, who, {
    slug: video.slug,
    path,
    secondsWatched,
    via: input.via,
    ...(input.secondsWatched !== undefined ? { reportedSeconds: Math.round(input.secondsWatched) } : {}),
  });
  return { secondsWatched, video };
}
