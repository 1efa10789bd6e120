/**
 * How a creator's apps are used by their end users, for the creator dashboard: per app, the end
 * users (distinct subjects with a plan), who was active each day (a plan or an activity run
 * started, updated or finished that day), the activities completed and the plans bought, per UTC
 * day over a range, with totals. Read in one D1 batch, scoped to the creator's own apps.
 *
 * The simulator's data never counts: plans and runs made for a testing step (testing_step_id
 * other than '') are the creator's rehearsals, not end users.
 */
import type { UserRow } from "~/db/schema";
import { DAY_MS, fillDays, type DailyPoint, type DateRange } from "~/features/analytics/rules";
import type { AppContext } from "~/platform/context";

export interface AppUsage {
  appId: string;
  totals: {
    /** Every end user the app has had. */
    endUsers: number;
    /** End users active on the range's last day (today). */
    activeToday: number;
    /** Activities completed, ever. */
    activitiesCompleted: number;
    /** Plans bought, ever. */
    purchases: number;
  };
  daily: {
    /** End users whose first plan was made that day. */
    newEndUsers: DailyPoint[];
    activeUsers: DailyPoint[];
    activitiesCompleted: DailyPoint[];
    purchases: DailyPoint[];
  };
}

type Row = { app_id: string; day: number; n: number };

/** ?1 the creator, ?2 the range's start (ms), ?3 its end (exclusive). */
const OWN = `app_id IN (SELECT id FROM apps WHERE user_id = ?1)`;
const dayOf = (column: string) => `CAST((${column} - ?2) / ${DAY_MS} AS INTEGER)`;

/** The usage of each of the creator's apps over the range (apps nobody used have zeros). */
export async function creatorAppsUsage(
  app: AppContext,
  user: Pick<UserRow, "id">,
  range: DateRange,
): Promise<AppUsage[]> {
  const DB = app.bindings.DB;
  const bind = [user.id, range.startMs, range.endMs] as const;
  // Whenever an end user did something: their plan made or changed, a run started, moved on or finished.
  const moments = [
    `SELECT app_id, subject, created_at AS at FROM personalized_plans WHERE testing_step_id = '' AND ${OWN}`,
    `SELECT app_id, subject, updated_at AS at FROM personalized_plans WHERE testing_step_id = '' AND ${OWN}`,
    `SELECT app_id, subject, created_at AS at FROM activity_runs WHERE testing_step_id = '' AND ${OWN}`,
    `SELECT app_id, subject, updated_at AS at FROM activity_runs WHERE testing_step_id = '' AND ${OWN}`,
  ].join(" UNION ALL ");
  const [apps, firsts, active, completed, bought] = await DB.batch<Row | { id: string }>([
    DB.prepare(`SELECT id FROM apps WHERE user_id = ?1 ORDER BY created_at`).bind(user.id),
    // Every end user once, on the day of their first plan (days before the range count in the total only).
    DB.prepare(
      `SELECT app_id, ${dayOf("first")} AS day, COUNT(*) AS n FROM (
         SELECT app_id, subject, MIN(created_at) AS first FROM personalized_plans
         WHERE testing_step_id = '' AND ${OWN} GROUP BY app_id, subject
       ) GROUP BY app_id, day`,
    ).bind(...bind.slice(0, 2)),
    DB.prepare(
      `SELECT app_id, ${dayOf("at")} AS day, COUNT(DISTINCT subject) AS n FROM (${moments})
       WHERE at >= ?2 AND at < ?3 GROUP BY app_id, day`,
    ).bind(...bind),
    DB.prepare(
      `SELECT app_id, ${dayOf("completed_at")} AS day, COUNT(*) AS n FROM activity_runs
       WHERE status = 'completed' AND testing_step_id = '' AND completed_at IS NOT NULL AND ${OWN}
       GROUP BY app_id, day`,
    ).bind(...bind.slice(0, 2)),
    DB.prepare(
      `SELECT app_id, ${dayOf("created_at")} AS day, COUNT(*) AS n FROM app_subscriptions WHERE ${OWN} GROUP BY app_id, day`,
    ).bind(...bind.slice(0, 2)),
  ]);
  const rowsOf = (result: { results: unknown[] }) => result.results as Row[];
  const forApp = (rows: Row[], appId: string) =>
    rows.filter((r) => r.app_id === appId).map((r) => ({ day: Number(r.day), value: Number(r.n) }));
  const sum = (rows: { value: number }[]) => rows.reduce((s, r) => s + r.value, 0);
  return (apps.results as { id: string }[]).map(({ id }) => {
    const newEndUsers = forApp(rowsOf(firsts), id);
    const activeUsers = fillDays(range, forApp(rowsOf(active), id));
    const done = forApp(rowsOf(completed), id);
    const purchases = forApp(rowsOf(bought), id);
    return {
      appId: id,
      totals: {
        endUsers: sum(newEndUsers),
        activeToday: activeUsers.at(-1)?.value ?? 0,
        activitiesCompleted: sum(done),
        purchases: sum(purchases),
      },
      daily: {
        newEndUsers: fillDays(range, newEndUsers),
        activeUsers,
        activitiesCompleted: fillDays(range, done),
        purchases: fillDays(range, purchases),
      },
    };
  });
}
