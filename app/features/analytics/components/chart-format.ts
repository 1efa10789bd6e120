/** How chart values read: counts with thousands separators, money from integer cents in USD (en-US). */
import { formatCents } from "~/platform/format";
import { niceTicks } from "../rules";

export type ValueFormat = "count" | "usd";

const count = new Intl.NumberFormat("en-US");

export function formatValue(value: number, format: ValueFormat): string {
  return format === "usd" ? formatCents(value) : count.format(value);
}

/**
 * Axis labels stay short: "$1.2K", "12K". Written by hand rather than with Intl's compact notation,
 * whose output differs between ICU versions (Node writes "$300.0"): the server's SVG and the
 * browser's hydration must produce the same text.
 */
export function formatTick(value: number, format: ValueFormat): string {
  const n = format === "usd" ? value / 100 : value;
  const short = (x: number) => String(Math.round(x * 10) / 10);
  const text = Math.abs(n) >= 1e6 ? `${short(n / 1e6)}M` : Math.abs(n) >= 1e3 ? `${short(n / 1e3)}K` : short(n);
  return format === "usd" ? `$${text}` : text;
}

/** The value axis: round counts, or whole dollars for money (never two "$0" ticks). */
export function axisTicks(max: number, format: ValueFormat): number[] {
  return format === "usd" ? niceTicks(Math.ceil(max / 100)).map((dollars) => dollars * 100) : niceTicks(max);
}
