/**
 * Challenges in D1: a challenge with its days (one lesson a day, drawn from classes' free previews, so
 * every participant and every visitor may watch the day's lesson without a new access rule), who joined,
 * and each participant's days done from lesson_progress.completed_at.
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import { challengeDays, challengeEnrollments, challenges, lessonProgress, lessons, products } from "~/db/schema";
import { watchHref } from "~/features/learning/rules";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { canJoin, challengeState, dayStatus, streak, type ChallengeState, type DayStatus } from "./rules";

export const CHALLENGE_MESSAGES = {
  notFound: "No such challenge",
  ended: "This challenge has ended, so it can't be joined any more. Its lessons are still free to watch.",
} as const;

export interface ChallengeDayView {
  day: number;
  status: DayStatus;
  /** Today's day of a running challenge. */
  isToday: boolean;
  lesson: { id: string; title: string; durationSeconds: number; href: string };
  class: { id: string; title: string; href: string };
}

export interface ChallengeView {
  id: string;
  slug: string;
  title: string;
  tagline: string;
  description: string;
  coverUrl: string;
  startsAt: number;
  days: number;
  at: ChallengeState;
  joinedCount: number;
  enrolled: boolean;
  /** The participant's streak (0 for anyone else). */
  streak: number;
  list: ChallengeDayView[];
  /** Today's day, while it runs. */
  today: ChallengeDayView | null;
}

async function challengeRow(app: AppContext, slug: string) {
  return (await app.db.select().from(challenges).where(eq(challenges.slug, slug)).get()) ?? null;
}

/** The challenge page's data for a visitor (null) or a user: the days with their lessons, who joined, where they are. */
export async function challengePage(app: AppContext, slug: string, userId: string | null): Promise<ChallengeView> {
  const challenge = await challengeRow(app, slug);
  if (!challenge) throw new ServiceError("not-found", CHALLENGE_MESSAGES.notFound);
  const [rows, joined, mine] = await app.db.batch([
    app.db
      .select({
        // Distinct column names: D1's batch answers rows keyed by name, so two 'id's or 'title's would collide.
        day: challengeDays.day,
        lessonId: challengeDays.lessonId,
        lessonTitle: lessons.title,
        durationSeconds: lessons.durationSeconds,
        productId: lessons.productId,
        classTitle: sql<string>`${products.title}`.as("class_title"),
        storefrontSlug: products.storefrontSlug,
        classSlug: products.classSlug,
        completedAt: lessonProgress.completedAt,
      })
      .from(challengeDays)
      .innerJoin(lessons, eq(lessons.id, challengeDays.lessonId))
      .innerJoin(products, eq(products.id, lessons.productId))
      .leftJoin(
        lessonProgress,
        and(eq(lessonProgress.lessonId, challengeDays.lessonId), eq(lessonProgress.userId, userId ?? "")),
      )
      .where(eq(challengeDays.challengeId, challenge.id))
      .orderBy(asc(challengeDays.day)),
    app.db.select({ n: count() }).from(challengeEnrollments).where(eq(challengeEnrollments.challengeId, challenge.id)),
    app.db
      .select({ joinedAt: challengeEnrollments.joinedAt })
      .from(challengeEnrollments)
      .where(and(eq(challengeEnrollments.challengeId, challenge.id), eq(challengeEnrollments.userId, userId ?? ""))),
  ]);
  const enrolled = mine.length > 0;
  const completedByDay = new Map(rows.map((r) => [r.day, r.completedAt ?? null]));
  const at = challengeState(challenge, app.now);
  const list = rows.map((r): ChallengeDayView => ({
    day: r.day,
    status: dayStatus(challenge, app.now, r.day, { enrolled, completedAt: r.completedAt ?? null }),
    isToday: at.state === "running" && at.day === r.day,
    lesson: {
      id: r.lessonId,
      title: r.lessonTitle,
      durationSeconds: r.durationSeconds,
      href: watchHref({ id: r.lessonId, title: r.lessonTitle }),
    },
    class: { id: r.productId, title: r.classTitle, href: `/classes/${r.storefrontSlug}/${r.classSlug}` },
  }));
  return {
    id: challenge.id,
    slug: challenge.slug,
    title: challenge.title,
    tagline: challenge.tagline,
    description: challenge.description,
    coverUrl: challenge.coverUrl,
    startsAt: challenge.startsAt,
    days: challenge.days,
    at,
    joinedCount: joined[0]?.n ?? 0,
    enrolled,
    streak: enrolled ? streak(challenge, app.now, (day) => completedByDay.get(day) ?? null) : 0,
    list,
    today: at.state === "running" ? (list.find((d) => d.day === at.day) ?? null) : null,
  };
}

/**
 * Joins the user to the challenge named by slug; joining twice changes nothing. A challenge that has
 * ended refuses (conflict). Answers the challenge's id and whether this call made the enrolment.
 */
export async function joinChallenge(
  app: AppContext,
  userId: string,
  slug: string,
): Promise<{ challengeId: string; joined: boolean }> {
  const challenge = await challengeRow(app, slug);
  if (!challenge) throw new ServiceError("not-found", CHALLENGE_MESSAGES.notFound);
  if (!canJoin(challenge, app.now)) throw new ServiceError("conflict", CHALLENGE_MESSAGES.ended);
  const made = await app.db
    .insert(challengeEnrollments)
    .values({ challengeId: challenge.id, userId, joinedAt: app.now })
    .onConflictDoNothing()
    .returning({ userId: challengeEnrollments.userId });
  return { challengeId: challenge.id, joined: made.length > 0 };
}

/** Whether a challenge with this slug exists and may still be joined (for a visitor's Get started). */
export async function joinableChallenge(app: AppContext, slug: string): Promise<{ id: string; slug: string }> {
  const challenge = await challengeRow(app, slug);
  if (!challenge) throw new ServiceError("not-found", CHALLENGE_MESSAGES.notFound);
  if (!canJoin(challenge, app.now)) throw new ServiceError("conflict", CHALLENGE_MESSAGES.ended);
  return { id: challenge.id, slug: challenge.slug };
}

/** A running challenge the learner joined, as the dashboard's card shows it. */
export interface DashboardChallenge {
  slug: string;
  title: string;
  coverUrl: string;
  day: number;
  days: number;
  streak: number;
  today: { title: string; href: string; classTitle: string; durationSeconds: number; done: boolean } | null;
}

/** The running challenges the user joined, each with today's lesson, day N of M and the streak. */
export async function dashboardChallenges(app: AppContext, userId: string): Promise<DashboardChallenge[]> {
  const joined = await app.db
    .select({ slug: challenges.slug, startsAt: challenges.startsAt, days: challenges.days })
    .from(challengeEnrollments)
    .innerJoin(challenges, eq(challenges.id, challengeEnrollments.challengeId))
    .where(
      and(
        eq(challengeEnrollments.userId, userId),
        sql`${challenges.startsAt} <= ${app.now}`,
        sql`${challenges.startsAt} + ${challenges.days} * 86400000 > ${app.now}`,
      ),
    )
    .orderBy(asc(challenges.startsAt));
  const pages = await Promise.all(joined.map((c) => challengePage(app, c.slug, userId)));
  return pages.flatMap((page) =>
    page.at.state === "running"
      ? [
          {
            slug: page.slug,
            title: page.title,
            coverUrl: page.coverUrl,
            day: page.at.day,
            days: page.days,
            streak: page.streak,
            today: page.today
              ? {
                  title: page.today.lesson.title,
                  href: page.today.lesson.href,
                  classTitle: page.today.class.title,
                  durationSeconds: page.today.lesson.durationSeconds,
                  done: page.today.status === "done",
                }
              : null,
          },
        ]
      : [],
  );
}

/** The first running challenge (the one the home page features), or null. */
export async function featuredChallenge(
  app: AppContext,
): Promise<{ slug: string; title: string; tagline: string; coverUrl: string; startsAt: number; days: number } | null> {
  return (
    (await app.db
      .select({
        slug: challenges.slug,
        title: challenges.title,
        tagline: challenges.tagline,
        coverUrl: challenges.coverUrl,
        startsAt: challenges.startsAt,
        days: challenges.days,
      })
      .from(challenges)
      .where(sql`${challenges.startsAt} + ${challenges.days} * 86400000 > ${app.now}`)
      .orderBy(asc(challenges.startsAt))
      .limit(1)
      .get()) ?? null
  );
}
