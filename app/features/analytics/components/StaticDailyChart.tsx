/**
 * The daily chart drawn on the server as plain SVG: what readers without JavaScript see, and what
 * everyone sees until the interactive chart loads. recharts 3 cannot render on the server (its
 * layout is computed in effects), so this drawing uses the same size, scale and colours.
 */
import { shortDate, type DailyPoint } from "../rules";
import { axisTicks, formatTick, formatValue, type ValueFormat } from "./chart-format";
import { CHART_HEIGHT as H, CHART_MARGIN as M, CHART_WIDTH, MAX_DATE_LABELS } from "./chart-geometry";

export type DailyChartKind = "bar" | "area";

type Props = {
  points: DailyPoint[];
  format: ValueFormat;
  kind: DailyChartKind;
  units: { one: string; other: string };
  width: number;
  labelledBy: string;
  describedBy: string;
};

export function StaticDailyChart({ points, format, kind, units, width: W, labelledBy, describedBy }: Props) {
  const ticks = axisTicks(Math.max(0, ...points.map((p) => p.value)), format);
  const top = ticks[ticks.length - 1];
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const band = plotW / Math.max(1, points.length);
  const y = (v: number) => M.top + plotH - (v / top) * plotH;
  const mid = (i: number) => M.left + i * band + band / 2;
  const every = Math.ceil(points.length / Math.round((MAX_DATE_LABELS * W) / CHART_WIDTH));
  const line = points.map((p, i) => `${i ? "L" : "M"}${mid(i).toFixed(1)},${y(p.value).toFixed(1)}`).join("");
  const base = y(0);
  return (
    <svg
      className="chart-svg"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-chart="static"
    >
      {ticks.map((t) => (
        <g key={t}>
          <line className="chart-svg__grid" x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} />
          <text className="chart-svg__tick" x={M.left - 8} y={y(t)} dy="0.32em" textAnchor="end">
            {formatTick(t, format)}
          </text>
        </g>
      ))}
      {kind === "bar" ? (
        points.map((p, i) =>
          p.value > 0 ? (
            <rect
              key={p.date}
              className="chart-svg__bar"
              x={mid(i) - Math.max(1, band * 0.35)}
              width={Math.max(1, band * 0.7)}
              y={y(p.value)}
              height={base - y(p.value)}
              rx={Math.min(3, band * 0.2)}
            >
              <title>{`${shortDate(p.date)}: ${formatValue(p.value, format)} ${p.value === 1 && format === "count" ? units.one : units.other}`}</title>
            </rect>
          ) : null,
        )
      ) : (
        <>
          <path
            className="chart-svg__area"
            d={`${line}L${mid(points.length - 1).toFixed(1)},${base}L${mid(0).toFixed(1)},${base}Z`}
          />
          <path className="chart-svg__line" d={line} />
        </>
      )}
      <line className="chart-svg__axis" x1={M.left} x2={W - M.right} y1={base} y2={base} />
      {points.map((p, i) =>
        i % every === 0 ? (
          <text key={p.date} className="chart-svg__tick" x={mid(i)} y={H - M.bottom + 18} textAnchor="middle">
            {shortDate(p.date)}
          </text>
        ) : null,
      )}
    </svg>
  );
}
