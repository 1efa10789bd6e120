import { slugWithId } from "~/platform/format";

/**
 * Learning rules without I/O: progress reports (spec 3 "Progress update"), completion, what to
 * watch next, embeds (spec 9) and the enrolled-class rules (spec 4). Shared by server and player.
 */

/** The player reports every 10 s of playback (and on pause and on leaving). */
export const REPORT_EVERY_SECONDS = 10;
/** A lesson counts as finished from here: the last seconds are usually credits or a sign-off. */
export const COMPLETE_AT_PERCENT = 90;
/** Seconds of slack on the elapsed-time bound: a timer and a network are never exact. */
const ELAPSED_SLACK_SECONDS = 2;
/** A position past a day is nonsense, not a lesson. */
const MAX_POSITION_SECONDS = 24 * 60 * 60;
/** Autoplay of the next lesson waits this long, with a cancel. */
export const AUTOPLAY_NEXT_SECONDS = 5;

export interface ProgressReport {
  percentComplete: number;
  additionalSecondsWatched: number;
  positionSeconds: number;
}

export interface StoredProgress {
  percentComplete: number;
  positionSeconds: number;
  secondsWatched: number;
  completedAt: number | null;
  reportedAt: number;
}

/**
 * The progress after a report. Percent only grows (watching an early part again never undoes
 * progress); watched seconds grow by at most the real time since the previous report (or one
 * report interval for the first), so a client cannot claim more watching than happened.
 */
export function applyReport(previous: StoredProgress | null, report: ProgressReport, now: number): StoredProgress {
  const percent = Math.round(clamp(report.percentComplete, 0, 100));
  const elapsed = previous ? Math.max(0, (now - previous.reportedAt) / 1000) : REPORT_EVERY_SECONDS;
  const added = clamp(report.additionalSecondsWatched, 0, elapsed + ELAPSED_SLACK_SECONDS);
  const percentComplete = Math.max(previous?.percentComplete ?? 0, percent);
  return {
    percentComplete,
    positionSeconds: round1(clamp(report.positionSeconds, 0, MAX_POSITION_SECONDS)),
    secondsWatched: round1((previous?.secondsWatched ?? 0) + added),
    completedAt: previous?.completedAt ?? (percentComplete >= COMPLETE_AT_PERCENT ? now : null),
    reportedAt: now,
  };
}

/** 'Mark as complete': finished, whatever was watched (embeds cannot report). */
export function markComplete(previous: StoredProgress | null, now: number): StoredProgress {
  return {
    percentComplete: 100,
    positionSeconds: previous?.positionSeconds ?? 0,
    secondsWatched: previous?.secondsWatched ?? 0,
    completedAt: previous?.completedAt ?? now,
    reportedAt: now,
  };
}

export const isComplete = (p: { percentComplete: number } | null | undefined) =>
  (p?.percentComplete ?? 0) >= COMPLETE_AT_PERCENT;

/** Where to start playing: the saved place, unless the lesson was finished (then from the start). */
export function resumeAt(p: { percentComplete: number; positionSeconds: number } | null | undefined): number {
  if (!p || isComplete(p)) return 0;
  return Math.max(0, Math.floor(p.positionSeconds));
}

export interface LessonRef {
  id: string;
  position: number;
}

/** A class's progress: the share of its lessons finished, 0-100. */
export function classPercent(lessons: LessonRef[], progress: Map<string, { percentComplete: number }>): number {
  if (lessons.length === 0) return 0;
  const done = lessons.filter((l) => isComplete(progress.get(l.id))).length;
  return Math.round((done / lessons.length) * 100);
}

/**
 * The lesson 'Continue' opens: the one last watched if unfinished; else the first unfinished one
 * after it; else the first unfinished one; else (all finished) the first lesson, to review.
 */
export function continueLesson<L extends LessonRef>(
  lessons: L[],
  progress: Map<string, { percentComplete: number; updatedAt: number }>,
): L | null {
  if (lessons.length === 0) return null;
  const ordered = [...lessons].sort((a, b) => a.position - b.position);
  let last: L | null = null;
  for (const l of ordered) {
    const p = progress.get(l.id);
    if (p && (!last || p.updatedAt > (progress.get(last.id)?.updatedAt ?? 0))) last = l;
  }
  if (last && !isComplete(progress.get(last.id))) return last;
  const after = last ? ordered.filter((l) => l.position > last!.position) : ordered;
  return (
    after.find((l) => !isComplete(progress.get(l.id))) ??
    ordered.find((l) => !isComplete(progress.get(l.id))) ??
    ordered[0]
  );
}

/** Previous and next lessons in class order. */
export function neighbours<L extends LessonRef>(
  lessons: L[],
  lessonId: string,
): { previous: L | null; next: L | null } {
  const ordered = [...lessons].sort((a, b) => a.position - b.position);
  const i = ordered.findIndex((l) => l.id === lessonId);
  return { previous: i > 0 ? ordered[i - 1] : null, next: i >= 0 && i < ordered.length - 1 ? ordered[i + 1] : null };
}

export type Media =
  | { kind: "file"; sources: { src: string; type: string }[]; captions: string | null }
  | { kind: "embed"; provider: "Spotify" | "YouTube" | "TikTok" | "Vimeo"; src: string }
  | { kind: "none" };

/**
 * How a lesson's video plays (spec 9 "Video embeds"): links from a music streaming service, a
 * video site, a short-video site and a video host become their embed forms; a file we serve plays
 * in <video> (our WebM clips also come as MP4 for browsers without VP9).
 */
export function lessonMedia(videoUrl: string | null | undefined, captionsUrl?: string | null): Media {
  if (!videoUrl) return { kind: "none" };
  if (videoUrl.startsWith("/")) {
    const sources = [{ src: videoUrl, type: videoType(videoUrl) }];
    if (videoUrl.startsWith("/video/") && videoUrl.endsWith(".webm"))
      sources.push({ src: videoUrl.replace(/\.webm$/, ".mp4"), type: "video/mp4" });
    return { kind: "file", sources, captions: captionsUrl ?? null };
  }
  const embed = embedFor(videoUrl);
  if (embed) return embed;
  if (/^https:\/\/[^/]+\/.+\.(mp4|webm|m4v|mov)(\?.*)?$/i.test(videoUrl))
    return { kind: "file", sources: [{ src: videoUrl, type: videoType(videoUrl) }], captions: captionsUrl ?? null };
  return { kind: "none" };
}

function videoType(url: string) {
  const ext = /\.([a-z0-9]+)(?:\?.*)?$/i.exec(url)?.[1]?.toLowerCase();
  return ext === "webm" ? "video/webm" : ext === "mov" ? "video/quicktime" : "video/mp4";
}

/** The embed form of a streaming or video-site link, or null when it is not one we know. */
export function embedFor(link: string): Extract<Media, { kind: "embed" }> | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  const parts = url.pathname.split("/").filter(Boolean);
  const id = (value: string | undefined, pattern: RegExp) => (value && pattern.test(value) ? value : null);

  if (host === "open.spotify.com") {
    const kinds = ["track", "album", "playlist", "episode", "show", "artist"];
    const at = parts[0] === "embed" ? 1 : parts[0]?.startsWith("intl-") ? 1 : 0;
    const kind = parts[at];
    const spotifyId = id(parts[at + 1], /^[A-Za-z0-9]{10,40}$/);
    return kind && kinds.includes(kind) && spotifyId
      ? { kind: "embed", provider: "Spotify", src: `https://open.spotify.com/embed/${kind}/${spotifyId}` }
      : null;
  }
  if (host === "youtube.com" || host === "youtu.be" || host === "youtube-nocookie.com") {
    const videoPattern = /^[A-Za-z0-9_-]{6,20}$/;
    const youtubeId =
      host === "youtu.be"
        ? id(parts[0], videoPattern)
        : parts[0] === "watch"
          ? id(url.searchParams.get("v") ?? undefined, videoPattern)
          : ["embed", "shorts", "live", "v"].includes(parts[0] ?? "")
            ? id(parts[1], videoPattern)
            : null;
    if (!youtubeId) return null;
    const start = Number.parseInt(
      (url.searchParams.get("t") ?? url.searchParams.get("start") ?? "").replace(/s$/, ""),
      10,
    );
    return {
      kind: "embed",
      provider: "YouTube",
      src: `https://www.youtube-nocookie.com/embed/${youtubeId}${start > 0 ? `?start=${start}` : ""}`,
    };
  }
  if (host === "tiktok.com") {
    const videoAt = parts.indexOf("video");
    const tiktokId = id(
      videoAt >= 0 ? parts[videoAt + 1] : parts[0] === "embed" ? parts.at(-1) : undefined,
      /^\d{6,25}$/,
    );
    return tiktokId ? { kind: "embed", provider: "TikTok", src: `https://www.tiktok.com/embed/v2/${tiktokId}` } : null;
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const vimeoId = id(parts[0] === "video" ? parts[1] : parts.find((p) => /^\d+$/.test(p)), /^\d{3,12}$/);
    return vimeoId ? { kind: "embed", provider: "Vimeo", src: `https://player.vimeo.com/video/${vimeoId}` } : null;
  }
  return null;
}

export type ClassesEnrolled = Record<string, { classStartDate: string; classEndDate: string }> | null | undefined;

/** Spec 4: a user 'has an active class' when an enrolled class ends now or later. */
export function hasActiveClass(enrolled: ClassesEnrolled, now: number): boolean {
  return Object.values(enrolled ?? {}).some((c) => Date.parse(c.classEndDate) >= now);
}

/** Spec 4: 'has any class' when classesEnrolled is non-empty. */
export function hasAnyClass(enrolled: ClassesEnrolled): boolean {
  return Object.keys(enrolled ?? {}).length > 0;
}

/** A suggested pace for a class bought now: a lesson a week, at least four weeks. */
export function enrolmentFor(lessonCount: number, now: number): { classStartDate: string; classEndDate: string } {
  const weeks = Math.max(4, lessonCount);
  return {
    classStartDate: new Date(now).toISOString(),
    classEndDate: new Date(now + weeks * 7 * 24 * 60 * 60 * 1000).toISOString(),
  };
}

/** '#t=…' media fragment: resumes the video without JavaScript. */
export const mediaFragment = (seconds: number) => (seconds > 0 ? `#t=${Math.floor(seconds)}` : "");

function clamp(n: number, min: number, max: number) {
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : min;
}
const round1 = (n: number) => Math.round(n * 10) / 10;

/** A lesson's address: /watch/{titleSlug-idWithoutDashes} (spec 2). */
export const watchHref = (lesson: { id: string; title: string }) => `/watch/${slugWithId(lesson.title, lesson.id)}`;
