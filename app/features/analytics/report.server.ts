/**
 * The analytics report: counts per UTC day, the funnel and the top attribution sources for a date
 * range, read from D1 in one batch (one round trip). Events are scanned through the created_at
 * index (the funnel through (name, created_at)); a year of a busy site would want daily rollups,
 * which this shape allows without changing the screen.
 *
 * Money comes from checkout_sessions, not from 'checkout | purchase success' events: fulfilment
 * closes the checkout (status 'complete', completed_at, total_cents) inside the same D1 transaction
 * that grants the purchases, while the event is written afterwards with waitUntil and may be lost.
 * Revenue is gross (what buyers paid, before refunds).
 */
import { flushBufferedEvents } from "./buffer.server";
import type { AppContext } from "~/platform/context";
import { EVENTS, PAGE_VIEW_SUFFIX } from "./events";
import {
  DAY_MS,
  FUNNEL_STEPS,
  NOT_PAGE_VIEWS,
  fillDays,
  funnel,
  topSources,
  total,
  type DailyPoint,
  type DateRange,
  type FunnelStep,
  type SourceRow,
} from "./rules";

export type AnalyticsReport = {
  range: DateRange;
  daily: {
    pageViews: DailyPoint[];
    signUps: DailyPoint[];
    cartAdds: DailyPoint[];
    checkouts: DailyPoint[];
    purchases: DailyPoint[];
    revenueCents: DailyPoint[];
  };
  totals: {
    pageViews: number;
    signUps: number;
    cartAdds: number;
    checkouts: number;
    purchases: number;
    revenueCents: number;
  };
  funnel: FunnelStep[];
  sources: SourceRow[];
};

/** ?1 start (ms), ?2 end (ms, exclusive), ?3 JSON list of '… | viewed' names that are not pages. */
const IS_PAGE_VIEW = `(substr(name, -${PAGE_VIEW_SUFFIX.length}) = '${PAGE_VIEW_SUFFIX}' AND name NOT IN (SELECT value FROM json_each(?3)))`;
const DAY = `CAST((created_at - ?1) / ${DAY_MS} AS INTEGER)`;
/** Groups of one source per group row are bounded: arbitrary utm values must not grow the answer without limit. */
const SOURCE_GROUPS = 200;

/**
 * Where a visit or sale came from: utm_source, else the referrer (ref, or 'referrer' as checkouts
 * store it), else source, else '(direct)'; trimmed, lower case, at most 100 characters. `json` is a
 * column known to hold valid JSON (checked by the caller: a bad row must not break the report).
 */
function sourceOf(json: string) {
  const key = (k: string) => `NULLIF(substr(lower(trim(json_extract(${json}, '$.${k}'))), 1, 100), '')`;
  return `COALESCE(${["utm_source", "ref", "referrer", "source"].map(key).join(", ")}, '(direct)')`;
}

/**
 * Who did an event (`e` is an analytics_events row): their account, else the account their anonymous
 * id was linked to at sign-in (anonymous_links), else the anonymous id; null when it has neither.
 * Someone who browsed anonymously and then signed up is one person across both.
 */
export const PERSON_OF = (e: string) =>
  `COALESCE(${e}.user_id, (SELECT l.user_id FROM anonymous_links l WHERE l.anonymous_id = ${e}.anonymous_id), ${e}.anonymous_id)`;

/** ?1 start, ?2 end, ?3.. the steps' event names: the range's funnel events, each with its person and step index. */
function funnelEventsCte() {
  const names = FUNNEL_STEPS.map((_, i) => `?${i + 3}`);
  return `fe AS (
    SELECT ${PERSON_OF("e")} AS person, CASE e.name ${names.map((n, i) => `WHEN ${n} THEN ${i}`).join(" ")} END AS step, e.created_at AS at
    FROM analytics_events e
    WHERE e.name IN (${names.join(", ")}) AND e.created_at >= ?1 AND e.created_at < ?2
      AND (e.user_id IS NOT NULL OR e.anonymous_id IS NOT NULL))`;
}

/**
 * rules.orderedFunnel in SQL: s0 is each person's first step-0 moment; s(n) each person's first
 * step-n moment at or after their s(n-1) moment. One row: s0..s4, the people per step.
 */
export function orderedFunnelSql(): string {
  const reached = FUNNEL_STEPS.map((_, i) =>
    i === 0
      ? `s0 AS (SELECT person, MIN(at) AS at FROM fe WHERE step = 0 GROUP BY person)`
      : `s${i} AS (SELECT fe.person, MIN(fe.at) AS at FROM fe JOIN s${i - 1} prev ON prev.person = fe.person AND fe.at >= prev.at WHERE fe.step = ${i} GROUP BY fe.person)`,
  );
  return `WITH ${funnelEventsCte()}, ${reached.join(", ")}
    SELECT ${FUNNEL_STEPS.map((_, i) => `(SELECT COUNT(*) FROM s${i}) AS s${i}`).join(", ")}`;
}

/** Each person's first funnel step in the range (the earlier step on a tie), counted per step. */
export function entryPointsSql(): string {
  return `WITH ${funnelEventsCte()},
    firsts AS (SELECT step, ROW_NUMBER() OVER (PARTITION BY person ORDER BY at, step) AS n FROM fe)
    SELECT step, COUNT(*) AS people FROM firsts WHERE n = 1 GROUP BY step`;
}

export async function analyticsReport(app: AppContext, range: DateRange): Promise<AnalyticsReport> {
  // The last few seconds of events are still in the buffers: an admin's report counts them too.
  await flushBufferedEvents(app);
  const DB = app.bindings.DB;
  const window = [range.startMs, range.endMs, JSON.stringify(NOT_PAGE_VIEWS)] as const;
  const [daily, sales, reached, entries, sourcesSeen, sourcesSold] = await DB.batch([
    DB.prepare(
      `SELECT ${DAY} AS day,
         SUM(CASE WHEN ${IS_PAGE_VIEW} THEN 1 ELSE 0 END) AS page_views,
         SUM(name = ?4) AS sign_ups, SUM(name = ?5) AS cart_adds, SUM(name = ?6) AS checkouts
       FROM analytics_events WHERE created_at >= ?1 AND created_at < ?2 GROUP BY day`,
    ).bind(...window, EVENTS.createAccountSuccess, EVENTS.cartItemAdded, EVENTS.paymentSubmitSuccess),
    DB.prepare(
      `SELECT CAST((completed_at - ?1) / ${DAY_MS} AS INTEGER) AS day, COUNT(*) AS purchases, SUM(total_cents) AS revenue
       FROM checkout_sessions WHERE status = 'complete' AND completed_at >= ?1 AND completed_at < ?2 GROUP BY day`,
    ).bind(range.startMs, range.endMs),
    // The ordered funnel (rules.orderedFunnel): each step after the one before, by person.
    DB.prepare(orderedFunnelSql()).bind(range.startMs, range.endMs, ...FUNNEL_STEPS.map((s) => s.event)),
    // Where people came in: each person's first funnel step in the range.
    DB.prepare(entryPointsSql()).bind(range.startMs, range.endMs, ...FUNNEL_STEPS.map((s) => s.event)),
    DB.prepare(
      `SELECT source, SUM(is_sign_up = 0) AS page_views, SUM(is_sign_up) AS sign_ups FROM (
         SELECT ${sourceOf("p")} AS source, name = ?4 AS is_sign_up FROM (
           SELECT name, CASE WHEN json_valid(properties) THEN properties ELSE '{}' END AS p FROM analytics_events
           WHERE created_at >= ?1 AND created_at < ?2 AND (${IS_PAGE_VIEW} OR name = ?4)))
       GROUP BY source ORDER BY page_views + sign_ups DESC LIMIT ${SOURCE_GROUPS}`,
    ).bind(...window, EVENTS.createAccountSuccess),
    DB.prepare(
      `SELECT source, COUNT(*) AS purchases, SUM(total_cents) AS revenue FROM (
         SELECT ${sourceOf("p")} AS source, total_cents FROM (
           SELECT total_cents, CASE WHEN json_valid(payment_info) THEN payment_info ELSE '{}' END AS p FROM checkout_sessions
           WHERE status = 'complete' AND completed_at >= ?1 AND completed_at < ?2))
       GROUP BY source ORDER BY purchases DESC LIMIT ${SOURCE_GROUPS}`,
    ).bind(range.startMs, range.endMs),
  ]);

  const dailyRows = daily.results as {
    day: number;
    page_views: number;
    sign_ups: number;
    cart_adds: number;
    checkouts: number;
  }[];
  const salesRows = sales.results as { day: number; purchases: number; revenue: number }[];
  const series = <T>(rows: T[], pick: (row: T) => number) =>
    fillDays(
      range,
      rows.map((row) => ({ day: (row as { day: number }).day, value: pick(row) })),
    );
  const pageViews = series(dailyRows, (r) => r.page_views);
  const signUps = series(dailyRows, (r) => r.sign_ups);
  const cartAdds = series(dailyRows, (r) => r.cart_adds);
  const checkouts = series(dailyRows, (r) => r.checkouts);
  const purchases = series(salesRows, (r) => r.purchases);
  const revenueCents = series(salesRows, (r) => r.revenue);

  const reachedRow = (reached.results[0] ?? {}) as Record<string, number>;
  const counts = Object.fromEntries(FUNNEL_STEPS.map((s, i) => [s.key, Number(reachedRow[`s${i}`]) || 0]));
  const entered = new Map((entries.results as { step: number; people: number }[]).map((r) => [r.step, r.people]));
  const entryCounts = Object.fromEntries(FUNNEL_STEPS.map((s, i) => [s.key, entered.get(i) ?? 0]));

  return {
    range,
    daily: { pageViews, signUps, cartAdds, checkouts, purchases, revenueCents },
    totals: {
      pageViews: total(pageViews),
      signUps: total(signUps),
      cartAdds: total(cartAdds),
      checkouts: total(checkouts),
      purchases: total(purchases),
      revenueCents: total(revenueCents),
    },
    funnel: funnel(counts, entryCounts),
    sources: topSources(
      (sourcesSeen.results as { source: string; page_views: number; sign_ups: number }[]).map((r) => ({
        source: String(r.source),
        pageViews: r.page_views,
        signUps: r.sign_ups,
      })),
      (sourcesSold.results as { source: string; purchases: number; revenue: number }[]).map((r) => ({
        source: String(r.source),
        purchases: r.purchases,
        revenueCents: r.revenue,
      })),
    ),
  };
}
