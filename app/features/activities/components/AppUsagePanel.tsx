/**
 * The creator dashboard's usage of each app: its totals as tiles and a chart per day for the last
 * days (the analytics screen's chart: SVG drawn on the server, the numbers as a table, so it reads
 * without JavaScript), or what to do when the app has no end users yet.
 */
import { Link } from "~/ui/router";
import { DailyChart, type Units } from "~/features/analytics/components/DailyChart";
import type { DailyChartKind } from "~/features/analytics/components/StaticDailyChart";
import { TotalsTiles } from "~/features/analytics/components/TotalsTiles";
import type { AppUsage } from "../usage.server";

/** The charts of each app, in the order the tiles name them. */
const SERIES: {
  key: keyof AppUsage["daily"];
  id: string;
  title: string;
  units: Units;
  kind: DailyChartKind;
}[] = [
  {
    key: "newEndUsers",
    id: "end-users",
    title: "New end users",
    units: { one: "new end user", other: "new end users" },
    kind: "bar",
  },
  {
    key: "activeUsers",
    id: "active",
    title: "Active end users",
    units: { one: "active day of an end user", other: "active days of end users" },
    kind: "area",
  },
  {
    key: "activitiesCompleted",
    id: "completed",
    title: "Activities completed",
    units: { one: "activity completed", other: "activities completed" },
    kind: "bar",
  },
  {
    key: "purchases",
    id: "purchases",
    title: "Plan purchases",
    units: { one: "plan purchase", other: "plan purchases" },
    kind: "bar",
  },
];

export const NO_END_USERS = "No end users yet: publish the app and share its page";
/** A published app's empty state: publishing is done, sharing is what is left. */
export const NO_END_USERS_PUBLISHED = "No end users yet: share the app's page";

export function AppUsagePanel({
  apps,
}: {
  apps: { id: string; name: string; publicHref: string | null; usage: AppUsage }[];
}) {
  if (apps.length === 0) return null;
  return (
    <section aria-labelledby="app-usage-heading" className="app-usage">
      <h2 id="app-usage-heading">How your apps are used</h2>
      <p className="app-usage__note">
        The last 30 days, by UTC day. Your own test runs in the simulator are not counted.
      </p>
      {apps.map(({ id, name, publicHref, usage }) => (
        <section key={id} aria-labelledby={`usage-${id}`} className="app-usage__app" data-app-usage={id}>
          <h3 id={`usage-${id}`}>{name}</h3>
          {usage.totals.endUsers === 0 && usage.totals.purchases === 0 ? (
            <p className="app-usage__empty">
              {publicHref ? (
                <>
                  {NO_END_USERS_PUBLISHED}, <Link to={publicHref}>{publicHref}</Link>
                </>
              ) : (
                NO_END_USERS
              )}
            </p>
          ) : (
            <>
              <TotalsTiles
                tiles={[
                  { label: "End users", value: usage.totals.endUsers },
                  { label: "Active today", value: usage.totals.activeToday },
                  { label: "Activities completed", value: usage.totals.activitiesCompleted },
                  { label: "Plan purchases", value: usage.totals.purchases },
                ]}
              />
              <div className="analytics__charts">
                {SERIES.map((series) => (
                  <DailyChart
                    key={series.key}
                    id={`usage-${id}-${series.id}`}
                    title={series.title}
                    points={usage.daily[series.key]}
                    units={series.units}
                    kind={series.kind}
                    headingLevel={4}
                  />
                ))}
              </div>
            </>
          )}
        </section>
      ))}
    </section>
  );
}
