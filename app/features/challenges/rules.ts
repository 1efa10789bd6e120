/**
 * A challenge's calendar and its streak. Pure (the clock is passed in), so the page, the dashboard and
 * the tests share one answer. Days are whole UTC days: day 1 starts at `startsAt` (UTC midnight).
 */
import { longDateText } from "~/platform/format";

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface ChallengeCalendar {
  /** Day 1 starts at this instant (ms). */
  startsAt: number;
  /** How many days it runs. */
  days: number;
}

/** Where a challenge is at `now`: not started, on day N, or over. */
export type ChallengeState = { state: "upcoming" } | { state: "running"; day: number } | { state: "ended" };

export function challengeState({ startsAt, days }: ChallengeCalendar, now: number): ChallengeState {
  if (now < startsAt) return { state: "upcoming" };
  const day = Math.floor((now - startsAt) / DAY_MS) + 1;
  return day > days ? { state: "ended" } : { state: "running", day };
}

/** When day `day` starts (ms). */
export const dayStartsAt = ({ startsAt }: Pick<ChallengeCalendar, "startsAt">, day: number) =>
  startsAt + (day - 1) * DAY_MS;

/** When the challenge's last day ends (ms). */
export const challengeEndsAt = (c: ChallengeCalendar) => dayStartsAt(c, c.days + 1);

/** Joining is open until the last day ends (before the start too). */
export const canJoin = (c: ChallengeCalendar, now: number) => challengeState(c, now).state !== "ended";

/**
 * A day is done when its lesson was completed before that day ended (a lesson finished earlier, even
 * before the challenge, counts; catching up later does not): a streak is kept day by day.
 */
export function isDayDone(c: Pick<ChallengeCalendar, "startsAt">, day: number, completedAt: number | null): boolean {
  return completedAt !== null && completedAt < dayStartsAt(c, day + 1);
}

/**
 * The streak: consecutive done days counting back from today (while running) or from the last day
 * (once ended). Today not done yet does not break it: the count then starts at yesterday. 0 before
 * the start. `completedAt(day)` is when that day's lesson was completed, or null.
 */
export function streak(c: ChallengeCalendar, now: number, completedAt: (day: number) => number | null): number {
  const at = challengeState(c, now);
  if (at.state === "upcoming") return 0;
  let day = at.state === "running" ? at.day : c.days;
  if (at.state === "running" && !isDayDone(c, day, completedAt(day))) day -= 1;
  let count = 0;
  while (day >= 1 && isDayDone(c, day, completedAt(day))) {
    count += 1;
    day -= 1;
  }
  return count;
}

/** A day of the list: over and done or missed (for a participant), over (for anyone else), today, or to come. */
export type DayStatus = "done" | "missed" | "past" | "today" | "upcoming";

export function dayStatus(
  c: ChallengeCalendar,
  now: number,
  day: number,
  { enrolled, completedAt }: { enrolled: boolean; completedAt: number | null },
): DayStatus {
  const at = challengeState(c, now);
  const today = at.state === "running" ? at.day : at.state === "ended" ? c.days + 1 : 0;
  if (day > today) return "upcoming";
  const done = enrolled && isDayDone(c, day, completedAt);
  if (day === today) return done ? "done" : "today";
  if (!enrolled) return "past";
  return done ? "done" : "missed";
}

/** The dates line: "Day 6 of 30 · started November 21, 2026", "Starts December 1, 2026", "Ended November 20, 2026". */
export function datesLine(c: ChallengeCalendar, now: number): string {
  const at = challengeState(c, now);
  if (at.state === "upcoming") return `Starts ${longDateText(c.startsAt)}`;
  if (at.state === "ended") return `Ended ${longDateText(challengeEndsAt(c) - DAY_MS)}`;
  return `Day ${at.day} of ${c.days} · started ${longDateText(c.startsAt)}`;
}

/** "Be the first to join", "1 person has joined", "1,204 people have joined". */
export function joinedText(count: number): string {
  if (count <= 0) return "Be the first to join";
  return count === 1 ? "1 person has joined" : `${count.toLocaleString("en-US")} people have joined`;
}

/** "1 day", "4 days": the streak in words. */
export const daysText = (n: number) => (n === 1 ? "1 day" : `${n} days`);
