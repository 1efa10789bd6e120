/**
 * The creator dashboard's usage of each app: its totals as tiles and a chart per day for the last
 * days (the analytics screen's chart: SVG drawn on the server, the numbers as a table, so it reads
 * without JavaScript), or what to do when the app has no end users yet; and today's AI spend, the
 * creator's own generations beside what each app's end users used of its daily budget.
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

/** Today's AI spend: the creator's own generations and the apps' end users' share of each app's budget. */
export interface AiSpend {
  own: { used: number; limit: number };
  appBudget: number;
  spent: Record<string, number>;
}

const count = (n: number) => n.toLocaleString("en-US");

/** "used of limit" as words and a bar, labelled for screen readers. */
function Spend({ label, used, limit, id }: { label: string; used: number; limit: number; id: string }) {
  return (
    <p className="app-usage__ai" data-ai-spend={id}>
      <span id={`ai-spend-${id}`}>{label}</span>{" "}
      <strong>
        {count(used)} of {count(limit)}
      </strong>{" "}
      <meter aria-labelledby={`ai-spend-${id}`} min={0} max={limit} value={Math.min(used, limit)} high={limit * 0.8} />
    </p>
  );
}

export function AppUsagePanel({
  apps,
  ai,
}: {
  apps: { id: string; name: string; publicHref: string | null; usage: AppUsage }[];
  ai: AiSpend;
}) {
  if (apps.length === 0) return null;
  return (
    <section aria-labelledby="app-usage-heading" className="app-usage">
      <h2 id="app-usage-heading">How your apps are used</h2>
      <p className="app-usage__note">
        The last 30 days, by UTC day. Your own test runs in the simulator are not counted.
      </p>
      <Spend id="own" label="Your AI generations today:" used={ai.own.used} limit={ai.own.limit} />
      {apps.map(({ id, name, publicHref, usage }) => (
        <section key={id} aria-labelledby={`usage-${id}`} className="app-usage__app" data-app-usage={id}>
          <h3 id={`usage-${id}`}>{name}</h3>
          <Spend id={id} label="AI requests by its end users today:" used={ai.spent[id] ?? 0} limit={ai.appBudget} />
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
