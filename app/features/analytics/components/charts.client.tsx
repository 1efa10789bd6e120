/**
 * The interactive daily chart (recharts): tooltips on hover and, through recharts' accessibility
 * layer, with the arrow keys. Browser only: the `.client` name keeps recharts out of the worker, and
 * DailyChart loads this module lazily after hydration, so only pages that show a chart download it.
 */
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { shortDate, longDate, type DailyPoint } from "../rules";
import { axisTicks, formatTick, formatValue, type ValueFormat } from "./chart-format";
import { CHART_MARGIN, SERIES_COLOURS as C } from "./chart-geometry";
import type { DailyChartKind } from "./StaticDailyChart";

type Props = { points: DailyPoint[]; format: ValueFormat; kind: DailyChartKind; title: string; summary: string };

const tick = { fill: C.tick, fontSize: 12 };

export default function InteractiveDailyChart({ points, format, kind, title, summary }: Props) {
  // The same round ticks as the server's drawing, so nothing jumps when this one takes over.
  const ticks = axisTicks(Math.max(0, ...points.map((p) => p.value)), format);
  const common = {
    data: points,
    margin: { ...CHART_MARGIN, left: 0, bottom: 0 },
    responsive: true,
    // The plot box has the drawing's proportions (analytics.css); the chart fills it.
    style: { width: "100%", height: "100%" },
    title,
    desc: summary,
  };
  const axes = (
    <>
      <CartesianGrid vertical={false} stroke={C.grid} />
      <XAxis
        dataKey="date"
        tickFormatter={shortDate}
        interval="preserveStartEnd"
        minTickGap={28}
        tick={tick}
        tickLine={false}
        axisLine={{ stroke: C.tick }}
        height={CHART_MARGIN.bottom}
      />
      <YAxis
        ticks={ticks}
        domain={[0, ticks[ticks.length - 1]]}
        tickFormatter={(v: number) => formatTick(v, format)}
        tick={tick}
        tickLine={false}
        axisLine={false}
        width={CHART_MARGIN.left}
        allowDecimals={false}
      />
      <Tooltip
        formatter={(value) => [formatValue(Number(value), format), title]}
        labelFormatter={(label) => longDate(String(label))}
        contentStyle={{
          background: "var(--surface)",
          border: "1px solid var(--border)",
          borderRadius: 8,
          color: "var(--text)",
        }}
        cursor={kind === "bar" ? { fill: "var(--chart-cursor)" } : { stroke: C.tick }}
      />
    </>
  );
  return kind === "bar" ? (
    <BarChart {...common}>
      {axes}
      <Bar dataKey="value" name={title} fill={C.bar} radius={[3, 3, 0, 0]} isAnimationActive={false} />
    </BarChart>
  ) : (
    <AreaChart {...common}>
      {axes}
      <Area
        dataKey="value"
        name={title}
        type="linear"
        stroke={C.line}
        strokeWidth={2}
        fill={C.area}
        fillOpacity={1}
        isAnimationActive={false}
      />
    </AreaChart>
  );
}
