/**
 * A chart of one series per day, reusable (the creator dashboard will pass its own series): a
 * heading, a one-sentence summary, the chart, and the numbers as a table under "Show the numbers".
 * The server draws plain SVG; after hydration the interactive recharts chart replaces it.
 */
import { lazy, Suspense } from "react";
import { busiestDay, longDate, total, type DailyPoint } from "../rules";
import { formatValue, type ValueFormat } from "./chart-format";
import { CHART_WIDTH, WIDE_CHART_WIDTH } from "./chart-geometry";
import { StaticDailyChart, type DailyChartKind } from "./StaticDailyChart";
import { useHydrated } from "./useHydrated";

const InteractiveDailyChart = lazy(() => import("./charts.client"));

export type DailyChartProps = {
  /** Unique on the page: ids of the heading and summary derive from it. */
  id: string;
  title: string;
  points: DailyPoint[];
  /** What one unit is called in sentences ("page views", "revenue"). */
  unit: string;
  format?: ValueFormat;
  kind?: DailyChartKind;
  headingLevel?: 2 | 3;
  /** Spans both columns of the chart grid (drawn twice as wide, same height). */
  wide?: boolean;
};

export function dailySummary(points: DailyPoint[], title: string, unit: string, format: ValueFormat): string {
  if (points.length === 0) return `No days to show.`;
  const span = `${longDate(points[0].date)} to ${longDate(points[points.length - 1].date)}`;
  const best = busiestDay(points);
  const sum = formatValue(total(points), format);
  return best
    ? `${sum} ${unit} from ${span}; the busiest day was ${longDate(best.date)} with ${formatValue(best.value, format)}.`
    : `No ${title.toLowerCase()} from ${span}.`;
}

export function DailyChart({ id, title, points, unit, format = "count", kind = "bar", headingLevel = 3, wide = false }: DailyChartProps) {
  const hydrated = useHydrated();
  const Heading = `h${headingLevel}` as const;
  const headingId = `${id}-title`;
  const summaryId = `${id}-summary`;
  const summary = dailySummary(points, title, unit, format);
  const draw = (w: number) => <StaticDailyChart points={points} format={format} kind={kind} unit={unit} width={w} labelledBy={headingId} describedBy={summaryId} />;
  // A wide chart is drawn twice: CSS shows the narrow drawing on small screens, the wide one from tablet width.
  const drawing = wide ? (
    <>
      <div className="chart-card__narrow">{draw(CHART_WIDTH)}</div>
      <div className="chart-card__wide">{draw(WIDE_CHART_WIDTH)}</div>
    </>
  ) : (
    draw(CHART_WIDTH)
  );
  return (
    <section className={`chart-card${wide ? " chart-card--wide" : ""}`} aria-labelledby={headingId} data-chart-id={id}>
      <Heading id={headingId} className="chart-card__title">
        {title}
      </Heading>
      <p id={summaryId} className="chart-card__summary">
        {summary}
      </p>
      <div className="chart-card__plot">
        {hydrated ? (
          <Suspense fallback={drawing}>
            <InteractiveDailyChart points={points} format={format} kind={kind} title={title} summary={summary} />
          </Suspense>
        ) : (
          drawing
        )}
      </div>
      <details className="chart-card__data">
        <summary>Show the numbers</summary>
        <table className="chart-table">
          <caption className="visually-hidden">{title}, per day (UTC)</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{title}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.date}>
                <th scope="row">
                  <time dateTime={p.date}>{longDate(p.date)}</time>
                </th>
                <td>{formatValue(p.value, format)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
