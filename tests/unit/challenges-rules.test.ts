import { describe, expect, it } from "vitest";
import {
  canJoin,
  challengeState,
  datesLine,
  DAY_MS,
  dayStatus,
  isDayDone,
  joinedText,
  streak,
} from "~/features/challenges/rules";

const startsAt = Date.UTC(2026, 10, 21); // November 21, 2026, UTC midnight
const c = { startsAt, days: 30 };
/** Noon UTC of day `day` of the challenge. */
const noonOf = (day: number) => startsAt + (day - 1) * DAY_MS + DAY_MS / 2;

/** completedAt(day) from a map of day -> completion time. */
const completions = (entries: [number, number][]) => {
  const map = new Map(entries);
  return (day: number) => map.get(day) ?? null;
};

describe("challengeState", () => {
  it("is upcoming before the first instant, day 1 from it, the last day until it ends, then ended", () => {
    expect(challengeState(c, startsAt - 1)).toEqual({ state: "upcoming" });
    expect(challengeState(c, startsAt)).toEqual({ state: "running", day: 1 });
    expect(challengeState(c, startsAt + DAY_MS - 1)).toEqual({ state: "running", day: 1 });
    expect(challengeState(c, noonOf(6))).toEqual({ state: "running", day: 6 });
    expect(challengeState(c, startsAt + 30 * DAY_MS - 1)).toEqual({ state: "running", day: 30 });
    expect(challengeState(c, startsAt + 30 * DAY_MS)).toEqual({ state: "ended" });
  });

  it("can be joined before and while it runs, not once it ended", () => {
    expect(canJoin(c, startsAt - DAY_MS)).toBe(true);
    expect(canJoin(c, noonOf(30))).toBe(true);
    expect(canJoin(c, startsAt + 30 * DAY_MS)).toBe(false);
  });
});

describe("datesLine and joinedText", () => {
  it("says the day, the start or the end in the project's long dates", () => {
    expect(datesLine(c, noonOf(6))).toBe("Day 6 of 30 · started November 21, 2026");
    expect(datesLine(c, startsAt - 3 * DAY_MS)).toBe("Starts November 21, 2026");
    expect(datesLine(c, startsAt + 40 * DAY_MS)).toBe("Ended December 20, 2026");
  });

  it("counts people in words", () => {
    expect(joinedText(0)).toBe("Be the first to join");
    expect(joinedText(1)).toBe("1 person has joined");
    expect(joinedText(1204)).toBe("1,204 people have joined");
  });
});

describe("isDayDone", () => {
  it("counts a lesson completed before the day ended, also long before; not a catch-up after", () => {
    expect(isDayDone(c, 3, noonOf(3))).toBe(true);
    expect(isDayDone(c, 3, startsAt - 10 * DAY_MS)).toBe(true);
    expect(isDayDone(c, 3, noonOf(4))).toBe(false);
    expect(isDayDone(c, 3, null)).toBe(false);
  });
});

describe("streak", () => {
  it("is 0 before the start, even with lessons already complete", () => {
    expect(streak(c, startsAt - 1, () => startsAt - DAY_MS)).toBe(0);
  });

  it("counts consecutive done days up to today", () => {
    const done = completions([
      [4, noonOf(4)],
      [5, noonOf(5)],
      [6, noonOf(6)],
    ]);
    expect(streak(c, noonOf(6), done)).toBe(3);
  });

  it("is not broken by today not done yet: it counts from yesterday", () => {
    const done = completions([
      [4, noonOf(4)],
      [5, noonOf(5)],
    ]);
    expect(streak(c, noonOf(6), done)).toBe(2);
  });

  it("stops at a gap", () => {
    const done = completions([
      [1, noonOf(1)],
      [2, noonOf(2)],
      [4, noonOf(4)],
      [5, noonOf(5)],
    ]);
    expect(streak(c, noonOf(5), done)).toBe(2);
    // Yesterday missed: today undone gives 0, today done starts again at 1.
    expect(streak(c, noonOf(7), done)).toBe(0);
    expect(streak(c, noonOf(7), completions([[7, noonOf(7)]]))).toBe(1);
  });

  it("does not count a day caught up afterwards", () => {
    expect(streak(c, noonOf(3), completions([[2, noonOf(3)]]))).toBe(0);
  });

  it("after the end, counts back from the last day", () => {
    const done = completions([
      [28, noonOf(28)],
      [29, noonOf(29)],
      [30, noonOf(30)],
    ]);
    expect(streak(c, startsAt + 45 * DAY_MS, done)).toBe(3);
    expect(streak(c, startsAt + 45 * DAY_MS, completions([[29, noonOf(29)]]))).toBe(0);
  });
});

describe("dayStatus", () => {
  const now = noonOf(6);
  it("shows a participant's past days as done or missed, today, and days to come", () => {
    const enrolled = true;
    expect(dayStatus(c, now, 2, { enrolled, completedAt: noonOf(2) })).toBe("done");
    expect(dayStatus(c, now, 3, { enrolled, completedAt: null })).toBe("missed");
    expect(dayStatus(c, now, 6, { enrolled, completedAt: null })).toBe("today");
    expect(dayStatus(c, now, 6, { enrolled, completedAt: now })).toBe("done");
    expect(dayStatus(c, now, 7, { enrolled, completedAt: null })).toBe("upcoming");
  });

  it("shows anyone else's past days as past", () => {
    expect(dayStatus(c, now, 2, { enrolled: false, completedAt: noonOf(2) })).toBe("past");
    expect(dayStatus(c, now, 6, { enrolled: false, completedAt: null })).toBe("today");
  });

  it("has no today before the start or after the end", () => {
    expect(dayStatus(c, startsAt - 1, 1, { enrolled: true, completedAt: null })).toBe("upcoming");
    expect(dayStatus(c, startsAt + 31 * DAY_MS, 30, { enrolled: true, completedAt: null })).toBe("missed");
  });
});
