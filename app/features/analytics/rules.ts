/**
 * Analytics report rules without I/O, shared by the server and the charts: date ranges (whole UTC
 * days), filling days without events, funnel conversion and attribution-source merging.
 */
import { EVENTS } from "./events";

export const DAY_MS = 86_400_000;
export const DEFAULT_DAYS = 30;
/** A year and a day: a leap year fits, and the daily query stays bounded. */
export const MAX_DAYS = 366;
export const QUICK_RANGES = [7, 30, 90] as const;

/** Named '… | viewed' but not a page: an experiment exposure is not a visit. */
export const NOT_PAGE_VIEWS: readonly string[] = ["experiment | viewed"];

/**
 * The funnel's steps, in order; each counts distinct people (their account, else the account their
 * anonymous id was linked to at sign-in, else the anonymous id) who did it after the step before.
 */
export const FUNNEL_STEPS = [
  { key: "home", label: "Home", event: EVENTS.homeViewed },
  { key: "class", label: "Class page", event: EVENTS.productViewed },
  { key: "cart", label: "Added to cart", event: EVENTS.cartItemAdded },
  { key: "checkout", label: "Checkout", event: EVENTS.checkoutViewed },
  { key: "purchase", label: "Purchase", event: EVENTS.purchaseSuccess },
] as const;

export type DateRange = {
  /** First day, YYYY-MM-DD (UTC), inclusive. */
  from: string;
  /** Last day, YYYY-MM-DD (UTC), inclusive. */
  to: string;
  days: number;
  /** Epoch ms of `from` at 00:00 UTC. */
  startMs: number;
  /** Epoch ms of the day after `to` at 00:00 UTC: the range is [startMs, endMs). */
  endMs: number;
};

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' of an instant, in UTC. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Midnight UTC of a real calendar day written YYYY-MM-DD (2000–2100), else null. */
export function parseIsoDay(text: string): number | null {
  const match = ISO_DAY.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  if (year < 2000 || year > 2100) return null;
  const ms = Date.UTC(year, month - 1, day);
  // Date.UTC rolls 2026-02-30 over into March: only a day that survives the round trip is real.
  return isoDay(ms) === `${match[1]}-${match[2]}-${match[3]}` ? ms : null;
}

function rangeOf(startMs: number, lastDayMs: number): DateRange {
  return {
    from: isoDay(startMs),
    to: isoDay(lastDayMs),
    days: Math.round((lastDayMs - startMs) / DAY_MS) + 1,
    startMs,
    endMs: lastDayMs + DAY_MS,
  };
}

/** The last `days` whole UTC days, today included. */
export function lastDays(nowMs: number, days = DEFAULT_DAYS): DateRange {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  return rangeOf(today - (days - 1) * DAY_MS, today);
}

export type RangeAnswer = { ok: true; range: DateRange } | { ok: false; error: string; range: DateRange };

/**
 * The range a report asks for. Missing ends default (to: today; from: 30 days before `to`). A range
 * that cannot be read comes back with a message in plain words and the default range to show instead.
 */
export function parseRange(input: { from?: string | null; to?: string | null }, nowMs: number): RangeAnswer {
  const fallback = lastDays(nowMs);
  const fromText = input.from?.trim() ?? "";
  const toText = input.to?.trim() ?? "";
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const to = toText ? parseIsoDay(toText) : today;
  if (to === null)
    return { ok: false, error: "The To date is not a real date. Use a date like 2026-03-31.", range: fallback };
  const from = fromText ? parseIsoDay(fromText) : to - (DEFAULT_DAYS - 1) * DAY_MS;
  if (from === null)
    return { ok: false, error: "The From date is not a real date. Use a date like 2026-03-01.", range: fallback };
  if (from > to) return { ok: false, error: "The From date must be on or before the To date.", range: fallback };
  if (from > today)
    return { ok: false, error: "The range starts after today, so there is nothing to show yet.", range: fallback };
  const days = Math.round((to - from) / DAY_MS) + 1;
  if (days > MAX_DAYS)
    return { ok: false, error: `Choose at most ${MAX_DAYS} days at a time (this range has ${days}).`, range: fallback };
  return { ok: true, range: rangeOf(from, to) };
}

/** Every day of the range, YYYY-MM-DD, in order. */
export function daysOf(range: DateRange): string[] {
  return Array.from({ length: range.days }, (_, i) => isoDay(range.startMs + i * DAY_MS));
}

export type DailyPoint = { date: string; value: number };

/**
 * One point per day of the range: the value found for that day (by day index from the range's
 * start), or 0. Indexes outside the range are ignored.
 */
export function fillDays(range: DateRange, rows: { day: number; value: number }[]): DailyPoint[] {
  const values = new Array<number>(range.days).fill(0);
  for (const row of rows) {
    if (Number.isInteger(row.day) && row.day >= 0 && row.day < range.days) values[row.day] += Number(row.value) || 0;
  }
  return daysOf(range).map((date, i) => ({ date, value: values[i] }));
}

export function total(points: DailyPoint[]): number {
  return points.reduce((sum, p) => sum + p.value, 0);
}

/** The day with the highest value (the first one on a tie), or null when every day is 0. */
export function busiestDay(points: DailyPoint[]): DailyPoint | null {
  let best: DailyPoint | null = null;
  for (const p of points) if (p.value > 0 && (!best || p.value > best.value)) best = p;
  return best;
}

export type FunnelStep = {
  key: string;
  label: string;
  /** People who did this step after the step before (the first step: everyone who did it). */
  people: number;
  /** People whose first funnel step in the range was this one: where they came in. */
  entered: number;
  /** Percent of the step before (null for the first, or when it had nobody). */ fromPrevious: number | null;
  /** Percent of the first step. */ fromFirst: number | null;
};

/** One funnel event of one person: the step's index in FUNNEL_STEPS and when. */
export type FunnelEvent = { person: string; step: number; at: number };

/**
 * The ordered funnel, the rule the report's SQL implements: a person reaches step 1 when they did it
 * in the range; step n when they did step n at or after the moment they reached step n−1. So each
 * step counts only people from the step before, and no step can exceed it. Entry points are apart:
 * each person's first funnel step in the range (the earlier step on a tie).
 */
export function orderedFunnel(events: readonly FunnelEvent[], steps = FUNNEL_STEPS.length) {
  const reached = new Array<number>(steps).fill(0);
  const entered = new Array<number>(steps).fill(0);
  const byPerson = new Map<string, FunnelEvent[]>();
  for (const e of events) {
    if (!Number.isInteger(e.step) || e.step < 0 || e.step >= steps) continue;
    const list = byPerson.get(e.person) ?? byPerson.set(e.person, []).get(e.person)!;
    list.push(e);
  }
  for (const list of byPerson.values()) {
    list.sort((a, b) => a.at - b.at || a.step - b.step);
    entered[list[0].step] += 1;
    let since = -Infinity;
    for (let step = 0; step < steps; step++) {
      const hit = list.find((e) => e.step === step && e.at >= since);
      if (!hit) break;
      reached[step] += 1;
      since = hit.at;
    }
  }
  return { reached, entered };
}

/**
 * Step conversion of an ordered funnel (see orderedFunnel): counts and entries by step key. With
 * ordered counts a step never exceeds the one before.
 */
export function funnel(counts: Record<string, number>, entries: Record<string, number> = {}): FunnelStep[] {
  const first = counts[FUNNEL_STEPS[0].key] ?? 0;
  return FUNNEL_STEPS.map((step, i) => {
    const people = counts[step.key] ?? 0;
    const previous = i === 0 ? null : (counts[FUNNEL_STEPS[i - 1].key] ?? 0);
    return {
      key: step.key,
      label: step.label,
      people,
      entered: entries[step.key] ?? 0,
      fromPrevious: previous ? percent(people, previous) : null,
      fromFirst: i === 0 ? null : first ? percent(people, first) : null,
    };
  });
}

/** A percentage rounded to one decimal. */
export function percent(part: number, whole: number): number {
  return Math.round((part / whole) * 1000) / 10;
}

export type SourceRow = { source: string; pageViews: number; signUps: number; purchases: number; revenueCents: number };

/**
 * Joins the visits-and-sign-ups counts with the purchases per source, and keeps the `limit` busiest
 * (page views + sign-ups + purchases; then revenue; then name, so the order is stable).
 */
export function topSources(
  events: { source: string; pageViews: number; signUps: number }[],
  sales: { source: string; purchases: number; revenueCents: number }[],
  limit = 10,
): SourceRow[] {
  const rows = new Map<string, SourceRow>();
  const row = (source: string) =>
    rows.get(source) ??
    rows.set(source, { source, pageViews: 0, signUps: 0, purchases: 0, revenueCents: 0 }).get(source)!;
  for (const e of events) {
    const r = row(e.source);
    r.pageViews += e.pageViews;
    r.signUps += e.signUps;
  }
  for (const s of sales) {
    const r = row(s.source);
    r.purchases += s.purchases;
    r.revenueCents += s.revenueCents;
  }
  const weight = (r: SourceRow) => r.pageViews + r.signUps + r.purchases;
  return [...rows.values()]
    .sort((a, b) => weight(b) - weight(a) || b.revenueCents - a.revenueCents || a.source.localeCompare(b.source))
    .slice(0, limit);
}

/** "Mar 4" for a YYYY-MM-DD day (UTC, en-US). */
export function shortDate(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

/** "Mar 4, 2026" for a YYYY-MM-DD day (UTC, en-US). */
export function longDate(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

/**
 * Round axis ticks from 0 to at least `max`: steps of 1, 2 or 5 times a power of ten, about `count`
 * of them, so a reader sees 0, 20, 40, 60 rather than 0, 17, 34, 51. Values are whole (counts,
 * cents), so a step is never below 1.
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}
