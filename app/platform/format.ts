/** Display helpers of spec 9: money, durations, relative time and slug ids. Pure; used on both sides. */

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usdWhole = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** Integer cents shown as USD in en-US: 4900 -> "$49.00"; whole dollars may drop the cents ("$49"). */
export function formatCents(cents: number, { dropZeroCents = false } = {}): string {
  if (dropZeroCents && cents % 100 === 0) return usdWhole.format(cents / 100);
  return usd.format(cents / 100);
}

/** Cents summed as integers: never add dollar floats. */
export function sumCents(values: number[]): number {
  return values.reduce((total, value) => total + Math.round(value), 0);
}

/**
 * Duration text: 'Less than 1 minute' up to 60 seconds, then 'N minutes' up to an hour,
 * then '1+ hour' or 'N+ hours'.
 */
export function durationText(seconds: number): string {
  if (seconds <= 60) return "Less than 1 minute";
  if (seconds < 3600) {
    const minutes = Math.floor(seconds / 60);
    return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  }
  const hours = Math.floor(seconds / 3600);
  return hours === 1 ? "1+ hour" : `${hours}+ hours`;
}

/** Lesson length as a clock, for lists: 754 -> "12:34". */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
}

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** Relative time in seconds, minutes, hours, days, months (30 days) or years (365 days): "3 days ago", "in 2 hours". */
export function relativeTime(thenMs: number, nowMs: number): string {
  const diff = thenMs - nowMs;
  const abs = Math.abs(diff);
  const sign = Math.sign(diff) || 1;
  const [unit, size]: [Intl.RelativeTimeFormatUnit, number] =
    abs < MINUTE
      ? ["second", SECOND]
      : abs < HOUR
        ? ["minute", MINUTE]
        : abs < DAY
          ? ["hour", HOUR]
          : abs < MONTH
            ? ["day", DAY]
            : abs < YEAR
              ? ["month", MONTH]
              : ["year", YEAR];
  return relative.format(sign * Math.floor(abs / size), unit);
}

/** A calendar date in the visitor's zone (User-Browser-Timezone) or UTC: "Nov 21, 2026". */
export function dateText(ms: number, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: timeZone ?? "UTC" }).format(ms);
}

/** A calendar date spelled out, in UTC unless a zone is given: "January 2, 2027". */
export function longDateText(ms: number, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: timeZone ?? "UTC" }).format(ms);
}

/**
 * The 32-character hex id at the end of a slug, reformatted as a UUID:
 * 'intro-to-chords-0f8fad5bd9cb469fa16570867728950e' -> '0f8fad5b-d9cb-469f-a165-70867728950e'.
 * Returns null when the slug does not end in one.
 */
export function uuidFromSlug(slug: string): string | null {
  const match = /(?:^|-)([0-9a-f]{32})$/i.exec(slug);
  if (!match) return null;
  const hex = match[1].toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The inverse: a title and a UUID as a /watch slug. */
export function slugWithId(title: string, uuid: string): string {
  return `${slugify(title)}-${uuid.replace(/-/g, "").toLowerCase()}`;
}

export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 'yoga' → 'Yoga'. */
export const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

const SMALL_WORDS = new Set(["a", "an", "and", "at", "for", "in", "of", "on", "or", "the", "to", "with", "your", "my"]);

/** Title case that leaves short joining words small: 'yoga for desk workers' → 'Yoga for Desk Workers'. */
export const titleCase = (text: string) =>
  text
    .split(" ")
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word.toLowerCase()) ? word.toLowerCase() : capitalise(word)))
    .join(" ");

/** At most `max` characters, cut at a word where it can be, with an ellipsis when cut. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}
