/**
 * Behind-the-scenes (bts) product videos (spec 1, 2 "bts product video page"): the feedback's rules,
 * the end-of-session bound and the addresses. Pure (unit-tested).
 */

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const COMMENT_MAX = 1000;

/** What each star means, read with the star count ("4 stars: Very good"). */
export const RATING_WORDS = ["Poor", "Fair", "Good", "Very good", "Excellent"] as const;

export const RATING_ERROR = "Choose a rating from 1 to 5 stars.";
export const COMMENT_ERROR = `Keep your comment to ${COMMENT_MAX} characters or fewer.`;

/** The radio's accessible label for a rating: "1 star: Poor", "5 stars: Excellent". */
export function ratingLabel(rating: number): string {
  return `${rating} star${rating === 1 ? "" : "s"}: ${RATING_WORDS[rating - 1] ?? ""}`;
}

export const btsHref = (slug: string) => `/bts/${encodeURIComponent(slug)}`;
export const btsEndHref = (slug: string) => `${btsHref(slug)}/end`;
/** The address of the success modal after feedback is saved (?feedback=sent). */
export const FEEDBACK_PARAM = "feedback";
export const FEEDBACK_SENT = "sent";
export const feedbackSentHref = (slug: string) => `${btsHref(slug)}?${FEEDBACK_PARAM}=${FEEDBACK_SENT}`;

/** How far back a viewer's page view counts as the start of their session (a tab left open overnight is a new day). */
export const SESSION_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/**
 * The seconds an 'end session' records: what the viewer's player counted (or, without JavaScript,
 * where nothing was counted, the time on the page), never more than the real time since the session
 * began on the server (the page was served, or the previous end of session on that page) and never
 * more than the video's duration. No known start: nothing can be vouched for, so 0.
 */
export function boundSecondsWatched({
  claimed,
  startedAt,
  now,
  durationSeconds,
}: {
  claimed: number | null;
  startedAt: number | null;
  now: number;
  durationSeconds: number;
}): number {
  if (startedAt === null || startedAt > now) return 0;
  const elapsed = (now - startedAt) / 1000;
  const asked = claimed === null || !Number.isFinite(claimed) ? elapsed : claimed;
  return Math.floor(Math.max(0, Math.min(asked, elapsed, Math.max(0, durationSeconds))));
}

/** An average rating with one decimal ("4.3"), or null when nobody has rated yet. */
export function averageRating(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum / count) * 10) / 10;
}

export const averageText = (average: number | null) => (average === null ? "No ratings yet" : average.toFixed(1));
