// Behind-the-scenes videos: the feedback schema (rating 1-5, comment up to 1000 characters), the
// end-of-session bound, averages, and the addresses' analytics events.
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { viewEvents } from "~/features/analytics/events";
import {
  averageRating,
  averageText,
  boundSecondsWatched,
  COMMENT_ERROR,
  COMMENT_MAX,
  feedbackSentHref,
  RATING_ERROR,
  ratingLabel,
} from "~/features/bts/rules";
import { endSessionSchema, feedbackSchema } from "~/features/bts/schema";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};
const parse = (fields: Record<string, string>) => {
  const submission = parseWithZod(form(fields), { schema: feedbackSchema });
  return { ...submission, error: submission.status === "error" ? submission.error : undefined };
};

describe("feedback schema", () => {
  it("takes a rating of 1 to 5 and an optional comment (trimmed; none is an empty comment)", () => {
    for (const rating of ["1", "3", "5"]) {
      const result = parse({ rating });
      expect(result.status).toBe("success");
      if (result.status === "success") expect(result.value).toEqual({ rating: Number(rating), comment: "" });
    }
    const result = parse({ rating: "4", comment: "  Loved it \n" });
    expect(result.status === "success" && result.value).toEqual({ rating: 4, comment: "Loved it" });
  });

  it("refuses a missing, out-of-range, fractional or non-numeric rating with one clear message", () => {
    for (const fields of [
      {} as Record<string, string>,
      { rating: "" },
      { rating: "0" },
      { rating: "6" },
      { rating: "2.5" },
      { rating: "five" },
    ]) {
      const result = parse(fields);
      expect(result.status).toBe("error");
      expect(result.error?.rating).toEqual([RATING_ERROR]);
    }
  });

  it("takes a comment of exactly 1000 characters and refuses 1001", () => {
    expect(parse({ rating: "3", comment: "a".repeat(COMMENT_MAX) }).status).toBe("success");
    const long = parse({ rating: "3", comment: "a".repeat(COMMENT_MAX + 1) });
    expect(long.status).toBe("error");
    expect(long.error?.comment).toEqual([COMMENT_ERROR]);
  });

  it("labels each star in words", () => {
    expect(ratingLabel(1)).toBe("1 star: Poor");
    expect(ratingLabel(5)).toBe("5 stars: Excellent");
  });
});

describe("end session", () => {
  const now = 1_000_000_000;
  it("keeps the player's count when it is within the time on the page and the video's length", () => {
    expect(boundSecondsWatched({ claimed: 9.6, startedAt: now - 60_000, now, durationSeconds: 12 })).toBe(9);
  });
  it("never counts more than the real time since the session began", () => {
    expect(boundSecondsWatched({ claimed: 500, startedAt: now - 5_000, now, durationSeconds: 600 })).toBe(5);
  });
  it("never counts more than the video's duration", () => {
    expect(boundSecondsWatched({ claimed: 500, startedAt: now - 3_600_000, now, durationSeconds: 12 })).toBe(12);
  });
  it("without a count (no JavaScript) takes the time on the page, bounded by the duration", () => {
    expect(boundSecondsWatched({ claimed: null, startedAt: now - 7_400, now, durationSeconds: 12 })).toBe(7);
    expect(boundSecondsWatched({ claimed: null, startedAt: now - 70_000, now, durationSeconds: 12 })).toBe(12);
  });
  it("counts nothing without a known start, with a start in the future, or for a negative count", () => {
    expect(boundSecondsWatched({ claimed: 10, startedAt: null, now, durationSeconds: 12 })).toBe(0);
    expect(boundSecondsWatched({ claimed: 10, startedAt: now + 1000, now, durationSeconds: 12 })).toBe(0);
    expect(boundSecondsWatched({ claimed: -10, startedAt: now - 60_000, now, durationSeconds: 12 })).toBe(0);
  });
  it("the end route's schema takes form fields: seconds optional, never negative or absurd", () => {
    const ok = parseWithZod(form({ secondsWatched: "7", via: "beacon" }), { schema: endSessionSchema });
    expect(ok.status === "success" && ok.value).toEqual({ secondsWatched: 7, via: "beacon" });
    const none = parseWithZod(form({ secondsWatched: "", via: "form" }), { schema: endSessionSchema });
    expect(none.status === "success" && none.value).toEqual({ via: "form" });
    for (const secondsWatched of ["-1", "1e9", "abc"])
      expect(parseWithZod(form({ secondsWatched }), { schema: endSessionSchema }).status).toBe("error");
  });
});

describe("averages", () => {
  it("rounds to one decimal and has none without ratings", () => {
    expect(averageRating(13, 3)).toBe(4.3);
    expect(averageRating(9, 2)).toBe(4.5);
    expect(averageRating(0, 0)).toBeNull();
    expect(averageText(4)).toBe("4.0");
    expect(averageText(null)).toBe("No ratings yet");
  });
});

describe("bts page addresses", () => {
  const names = (prev: string | null, next: string) => viewEvents(prev, next).map((e) => e.name);
  it("a bts page is the 'bts product video page' screen, with its slug", () => {
    expect(viewEvents(null, "/bts/on-set")).toEqual([
      { name: "bts product video page | viewed", properties: { path: "/bts/on-set", slug: "on-set" } },
    ]);
  });
  it("Get started and Log in from a bts page are its own events", () => {
    expect(names("/bts/on-set", "/bts/on-set?auth=Email")).toEqual([
      "auth modal | viewed",
      "bts product video page | get started",
    ]);
    expect(names("/bts/on-set", "/bts/on-set?auth=Login")).toEqual([
      "auth modal | viewed",
      "bts product video page | log in",
    ]);
  });
  it("?feedback=sent opens the success modal: its event, not a second page view", () => {
    expect(viewEvents("/bts/on-set", feedbackSentHref("on-set"))).toEqual([
      { name: "bts product video page | success modal viewed", properties: { path: "/bts/on-set", slug: "on-set" } },
    ]);
    expect(names(feedbackSentHref("on-set"), "/bts/on-set")).toEqual([]);
    expect(names(null, feedbackSentHref("on-set"))).toEqual([
      "bts product video page | viewed",
      "bts product video page | success modal viewed",
    ]);
    expect(names("/classes/a/b", "/classes/a/b?feedback=sent")).toEqual([]);
  });
});
