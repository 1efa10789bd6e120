/**
 * One size for both drawings of a daily chart (the server's SVG and the interactive one), so the
 * swap after hydration does not move the page.
 */
export const CHART_WIDTH = 560;
/** A chart that spans both columns of the grid (two charts and the gap between them). */
export const WIDE_CHART_WIDTH = 1136;
export const CHART_HEIGHT = 220;
export const CHART_MARGIN = { top: 12, right: 16, bottom: 28, left: 56 } as const;

/** At most this many date labels under the server's drawing per CHART_WIDTH, evenly spaced (recharts thins its own). */
export const MAX_DATE_LABELS = 6;

/** Series colours are CSS variables (analytics.css), so the dark theme and the tokens decide them. */
export const SERIES_COLOURS = {
  bar: "var(--chart-bar)",
  line: "var(--chart-line)",
  area: "var(--chart-area)",
  grid: "var(--chart-grid)",
  tick: "var(--chart-tick)",
} as const;
