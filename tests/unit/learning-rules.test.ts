import { describe, expect, it } from "vitest";
import {
  applyReport,
  classPercent,
  COMPLETE_AT_PERCENT,
  continueLesson,
  embedFor,
  enrolmentFor,
  hasActiveClass,
  hasAnyClass,
  lessonMedia,
  markComplete,
  mediaFragment,
  neighbours,
  REPORT_EVERY_SECONDS,
  resumeAt,
  watchHref,
  type StoredProgress,
} from "~/features/learning/rules";
import { uuidFromSlug } from "~/platform/format";

const NOW = Date.UTC(2026, 10, 21, 12);
const stored = (over: Partial<StoredProgress> = {}): StoredProgress => ({
  percentComplete: 40,
  positionSeconds: 120,
  secondsWatched: 100,
  completedAt: null,
  reportedAt: NOW - 30_000,
  ...over,
});

describe("the /watch slug", () => {
  it("reads the 32-hex id at the end as a UUID, and watchHref writes it back", () => {
    const id = "0f8fad5b-d9cb-469f-a165-70867728950e";
    const href = watchHref({ id, title: "Intro to Chords: the C major shape!" });
    expect(href).toBe("/watch/intro-to-chords-the-c-major-shape-0f8fad5bd9cb469fa16570867728950e");
    expect(uuidFromSlug(href.slice("/watch/".length))).toBe(id);
    expect(uuidFromSlug("0F8FAD5BD9CB469FA16570867728950E")).toBe(id);
  });
  it("refuses slugs without a full id", () => {
    expect(uuidFromSlug("intro-to-chords")).toBeNull();
    expect(uuidFromSlug("intro-0f8fad5bd9cb469fa16570867728950")).toBeNull();
    expect(uuidFromSlug("intro-0f8fad5bd9cb469fa16570867728950e-extra")).toBeNull();
    expect(uuidFromSlug("introx0f8fad5bd9cb469fa16570867728950e")).toBeNull();
  });
});

describe("progress reports", () => {
  it("keeps percent monotonic: watching an early part again never lowers it", () => {
    const next = applyReport(
      stored({ percentComplete: 70 }),
      { percentComplete: 20, additionalSecondsWatched: 5, positionSeconds: 30 },
      NOW,
    );
    expect(next.percentComplete).toBe(70);
    expect(next.positionSeconds).toBe(30);
  });
  it("bounds added watching time by the real time since the previous report (plus 2 s slack)", () => {
    const next = applyReport(
      stored({ reportedAt: NOW - 10_000 }),
      { percentComplete: 50, additionalSecondsWatched: 600, positionSeconds: 130 },
      NOW,
    );
    expect(next.secondsWatched).toBe(100 + 12);
    expect(next.reportedAt).toBe(NOW);
  });
  it("bounds the first report by one report interval", () => {
    const next = applyReport(null, { percentComplete: 5, additionalSecondsWatched: 3600, positionSeconds: 9 }, NOW);
    expect(next.secondsWatched).toBe(REPORT_EVERY_SECONDS + 2);
  });
  it("takes honest reports as they are", () => {
    const next = applyReport(
      stored({ reportedAt: NOW - 10_500 }),
      { percentComplete: 45.6, additionalSecondsWatched: 10, positionSeconds: 130.04 },
      NOW,
    );
    expect(next).toMatchObject({ percentComplete: 46, secondsWatched: 110, positionSeconds: 130 });
  });
  it("clamps nonsense: negative time, percent over 100, NaN", () => {
    const next = applyReport(
      null,
      { percentComplete: 250, additionalSecondsWatched: -50, positionSeconds: Number.NaN },
      NOW,
    );
    expect(next).toMatchObject({ percentComplete: 100, secondsWatched: 0, positionSeconds: 0 });
  });
  it("completes at 90% and keeps the first completion time", () => {
    const done = applyReport(
      stored(),
      { percentComplete: COMPLETE_AT_PERCENT, additionalSecondsWatched: 1, positionSeconds: 200 },
      NOW,
    );
    expect(done.completedAt).toBe(NOW);
    const later = applyReport(
      done,
      { percentComplete: 10, additionalSecondsWatched: 1, positionSeconds: 5 },
      NOW + 60_000,
    );
    expect(later.completedAt).toBe(NOW);
    expect(later.percentComplete).toBe(COMPLETE_AT_PERCENT);
  });
  it("'Mark as complete' finishes the lesson and keeps the watched time", () => {
    expect(markComplete(stored(), NOW)).toMatchObject({ percentComplete: 100, completedAt: NOW, secondsWatched: 100 });
    expect(markComplete(null, NOW)).toMatchObject({ percentComplete: 100, positionSeconds: 0 });
  });
  it("resumes at the saved place, from the start once finished", () => {
    expect(resumeAt(null)).toBe(0);
    expect(resumeAt({ percentComplete: 40, positionSeconds: 6.7 })).toBe(6);
    expect(resumeAt({ percentComplete: 95, positionSeconds: 300 })).toBe(0);
    expect(mediaFragment(6)).toBe("#t=6");
    expect(mediaFragment(0)).toBe("");
  });
});

describe("a class's progress and what 'Continue' opens", () => {
  const lessons = [1, 2, 3, 4].map((position) => ({ id: `l${position}`, position }));
  const p = (entries: [string, number, number][]) =>
    new Map(entries.map(([id, percentComplete, updatedAt]) => [id, { percentComplete, updatedAt }]));

  it("counts finished lessons", () => {
    expect(
      classPercent(
        lessons,
        p([
          ["l1", 100, 1],
          ["l2", 95, 2],
          ["l3", 50, 3],
        ]),
      ),
    ).toBe(50);
    expect(classPercent([], new Map())).toBe(0);
  });
  it("starts at the first lesson", () => {
    expect(continueLesson(lessons, new Map())?.id).toBe("l1");
  });
  it("goes back to the lesson last watched while it is unfinished", () => {
    expect(
      continueLesson(
        lessons,
        p([
          ["l1", 100, 1],
          ["l3", 40, 5],
          ["l2", 100, 3],
        ]),
      )?.id,
    ).toBe("l3");
  });
  it("moves on to the next unfinished lesson after the one last finished", () => {
    expect(
      continueLesson(
        lessons,
        p([
          ["l1", 100, 1],
          ["l2", 100, 9],
        ]),
      )?.id,
    ).toBe("l3");
    expect(
      continueLesson(
        lessons,
        p([
          ["l4", 100, 9],
          ["l1", 100, 1],
        ]),
      )?.id,
    ).toBe("l2");
  });
  it("offers the first lesson again when everything is finished", () => {
    expect(continueLesson(lessons, p(lessons.map((l) => [l.id, 100, l.position])))?.id).toBe("l1");
    expect(continueLesson([], new Map())).toBeNull();
  });
  it("knows previous and next", () => {
    expect(neighbours(lessons, "l1")).toEqual({ previous: null, next: lessons[1] });
    expect(neighbours(lessons, "l4")).toEqual({ previous: lessons[2], next: null });
  });
});

describe("embeds (spec 9)", () => {
  it.each([
    [
      "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC",
      "Spotify",
      "https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC",
    ],
    [
      "https://open.spotify.com/intl-de/album/1DFixLWuPkv3KT3TnV35m3?si=x",
      "Spotify",
      "https://open.spotify.com/embed/album/1DFixLWuPkv3KT3TnV35m3",
    ],
    [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
      "YouTube",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42",
    ],
    ["https://youtu.be/dQw4w9WgXcQ", "YouTube", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://m.youtube.com/shorts/abcDEF12345", "YouTube", "https://www.youtube-nocookie.com/embed/abcDEF12345"],
    [
      "https://www.tiktok.com/@creator/video/7234567890123456789",
      "TikTok",
      "https://www.tiktok.com/embed/v2/7234567890123456789",
    ],
    ["https://vimeo.com/76979871", "Vimeo", "https://player.vimeo.com/video/76979871"],
    ["https://vimeo.com/channels/staffpicks/76979871", "Vimeo", "https://player.vimeo.com/video/76979871"],
  ])("%s becomes the %s embed", (link, provider, src) => {
    expect(embedFor(link)).toEqual({ kind: "embed", provider, src });
  });
  it.each([
    "https://example.com/watch?v=dQw4w9WgXcQ",
    "javascript:alert(1)",
    "not a url",
    "https://www.youtube.com/watch",
    "https://open.spotify.com/track/<script>",
    "https://vimeo.com/about",
  ])("%s is not an embed", (link) => {
    expect(embedFor(link)).toBeNull();
  });
  it("plays our own files in <video>, with an MP4 next to each WebM clip, and captions", () => {
    expect(lessonMedia("/video/lesson-2.webm", "/video/lesson-2.vtt")).toEqual({
      kind: "file",
      sources: [
        { src: "/video/lesson-2.webm", type: "video/webm" },
        { src: "/video/lesson-2.mp4", type: "video/mp4" },
      ],
      captions: "/video/lesson-2.vtt",
    });
    expect(lessonMedia(null)).toEqual({ kind: "none" });
    expect(lessonMedia("https://example.com/page")).toEqual({ kind: "none" });
    expect(lessonMedia("https://cdn.example.com/a.mp4").kind).toBe("file");
  });
});

describe("enrolled classes (spec 4)", () => {
  const past = new Date(NOW - 86_400_000).toISOString();
  const future = new Date(NOW + 86_400_000).toISOString();
  it("has an active class while one ends now or later; has any class when any is enrolled", () => {
    expect(hasActiveClass({ a: { classStartDate: past, classEndDate: future } }, NOW)).toBe(true);
    expect(hasActiveClass({ a: { classStartDate: past, classEndDate: new Date(NOW).toISOString() } }, NOW)).toBe(true);
    expect(hasActiveClass({ a: { classStartDate: past, classEndDate: past } }, NOW)).toBe(false);
    expect(hasAnyClass({ a: { classStartDate: past, classEndDate: past } })).toBe(true);
    expect(hasActiveClass(null, NOW)).toBe(false);
    expect(hasAnyClass({})).toBe(false);
  });
  it("suggests a lesson a week, at least four weeks", () => {
    const week = 7 * 86_400_000;
    expect(Date.parse(enrolmentFor(2, NOW).classEndDate) - NOW).toBe(4 * week);
    expect(Date.parse(enrolmentFor(10, NOW).classEndDate) - NOW).toBe(10 * week);
    expect(enrolmentFor(3, NOW).classStartDate).toBe(new Date(NOW).toISOString());
  });
});
