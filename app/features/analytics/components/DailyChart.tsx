/**
 * A chart of one series per day, reusable (the creator dashboard will pass its own series): a
 * heading, a one-sentence summary, the chart, and the numbers as a table under "Show the numbers".
 * The server draws plain SVG; once the page has mounted, the interactive recharts chart replaces it.
 */
import { Component, lazy, Suspense, type ReactNode } from "react";
import { busiestDay, longDate, total, type DailyPoint } from "../rules";
import { formatValue, type ValueFormat } from "./chart-format";
import { CHART_WIDTH, WIDE_CHART_WIDTH } from "./chart-geometry";
import { StaticDailyChart, type DailyChartKind } from "./StaticDailyChart";
import { useMounted } from "./useMounted";

const InteractiveDailyChart = lazy(() => import("./charts.client"));

/** If the chart's script cannot load (a flaky network, a new deploy), the server's drawing stays. */
class KeepDrawing extends Component<{ drawing: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.drawing : this.props.children;
  }
}

export type DailyChartProps = {
  /** Unique on the page: ids of the heading and summary derive from it. */
  id: string;
  title: string;
  points: DailyPoint[];
  /** What the values are called in sentences: "1 page view", "2 page views", "$5.00 in revenue". */
  units: Units;
  format?: ValueFormat;
  kind?: DailyChartKind;
  headingLevel?: 2 | 3 | 4;
  /** Spans both columns of the chart grid (drawn twice as wide, same height). */
  wide?: boolean;
};

export type Units = { one: string; other: string };

export function dailySummary(points: DailyPoint[], title: string, units: Units, format: ValueFormat): string {
  if (points.length === 0) return `No days to show.`;
  const span = `${longDate(points[0].date)} to ${longDate(points[points.length - 1].date)}`;
  const best = busiestDay(points);
  const sum = total(points);
  const unit = sum === 1 && format === "count" ? units.one : units.other;
  return best
    ? `${formatValue(sum, format)} ${unit} from ${span}; the busiest day was ${longDate(best.date)} with ${formatValue(best.value, format)}.`
    : `No ${title.toLowerCase()} from ${span}.`;
}

export function DailyChart({
  id,
  title,
  points,
  units,
  format = "count",
  kind = "bar",
  headingLevel = 3,
  wide = false,
}: DailyChartProps) {
  const mounted = useMounted();
  const Heading = `h${headingLevel}` as const;
  const headingId = `${id}-title`;
  const summaryId = `${id}-summary`;
  const summary = dailySummary(points, title, units, format);
  const draw = (w: number) => (
    <StaticDailyChart
      points={points}
      format={format}
      kind={kind}
      units={units}
      width={w}
      labelledBy={headingId}
      describedBy={summaryId}
    />
  );
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
        {mounted ? (
          <KeepDrawing drawing={drawing}>
            <Suspense fallback={drawing}>
              <InteractiveDailyChart points={points} format={format} kind={kind} title={title} summary={summary} />
            </Suspense>
          </KeepDrawing>
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
