/**
 * The rubric a creator writes into an analysis prompt, read without a model: ranges ("between 8 and
 * 10 km"), bounds ("at least 5", "under 2 hours", "no more than 300 words"), targets ("aim for 30
 * minutes") and keywords ("mentions pace, breathing"). The embedded analysis checks the end user's
 * text and number answers against it, so its verdict is measured, not made up. Pure.
 */

export type UnitFamily = "distance" | "time" | "weight" | "words" | "count";

export interface Quantity {
  /** The number as written, in its unit. */
  value: number;
  /** The unit as written ('km', 'minutes'), or null for a bare number. */
  unit: string | null;
}

export type RubricRule =
  | { kind: "range"; min: Quantity; max: Quantity; text: string }
  | { kind: "min"; min: Quantity; strict: boolean; text: string }
  | { kind: "max"; max: Quantity; strict: boolean; text: string }
  | { kind: "target"; target: Quantity; text: string }
  | { kind: "keywords"; words: string[]; text: string };

/** Each unit's family and its factor to the family's base (metres, seconds, kilograms, words). */
const UNITS: Record<string, { family: UnitFamily; factor: number; name: string }> = {
  km: { family: "distance", factor: 1000, name: "km" },
  kms: { family: "distance", factor: 1000, name: "km" },
  kilometre: { family: "distance", factor: 1000, name: "km" },
  kilometres: { family: "distance", factor: 1000, name: "km" },
  kilometer: { family: "distance", factor: 1000, name: "km" },
  kilometers: { family: "distance", factor: 1000, name: "km" },
  m: { family: "distance", factor: 1, name: "m" },
  metre: { family: "distance", factor: 1, name: "m" },
  metres: { family: "distance", factor: 1, name: "m" },
  meter: { family: "distance", factor: 1, name: "m" },
  meters: { family: "distance", factor: 1, name: "m" },
  mi: { family: "distance", factor: 1609.344, name: "miles" },
  mile: { family: "distance", factor: 1609.344, name: "miles" },
  miles: { family: "distance", factor: 1609.344, name: "miles" },
  s: { family: "time", factor: 1, name: "seconds" },
  sec: { family: "time", factor: 1, name: "seconds" },
  secs: { family: "time", factor: 1, name: "seconds" },
  second: { family: "time", factor: 1, name: "seconds" },
  seconds: { family: "time", factor: 1, name: "seconds" },
  min: { family: "time", factor: 60, name: "minutes" },
  mins: { family: "time", factor: 60, name: "minutes" },
  minute: { family: "time", factor: 60, name: "minutes" },
  minutes: { family: "time", factor: 60, name: "minutes" },
  h: { family: "time", factor: 3600, name: "hours" },
  hr: { family: "time", factor: 3600, name: "hours" },
  hrs: { family: "time", factor: 3600, name: "hours" },
  hour: { family: "time", factor: 3600, name: "hours" },
  hours: { family: "time", factor: 3600, name: "hours" },
  kg: { family: "weight", factor: 1, name: "kg" },
  kgs: { family: "weight", factor: 1, name: "kg" },
  lb: { family: "weight", factor: 0.45359237, name: "lb" },
  lbs: { family: "weight", factor: 0.45359237, name: "lb" },
  pounds: { family: "weight", factor: 0.45359237, name: "lb" },
  word: { family: "words", factor: 1, name: "words" },
  words: { family: "words", factor: 1, name: "words" },
};

export const unitOf = (unit: string | null | undefined) => (unit ? (UNITS[unit.toLowerCase()] ?? null) : null);

const NUMBER = String.raw`(\d+(?:[.,]\d+)?)`;
/** A unit word right after a number (known units, or any other short word: 'reps', 'pages'). */
const UNIT = String.raw`(?:\s*([a-zA-Z]{1,12})\b)?`;
const num = (text: string) => Number(text.replace(",", "."));

/** A counting word ('reps', 'pages') is kept as its own unit; filler words after a number are not units. */
const NOT_UNITS = new Set(
  "and or to of a an the in on at for per with is are times each every it this that".split(" "),
);

function quantity(value: string, unit: string | undefined): Quantity {
  const u = unit?.toLowerCase();
  return { value: num(value), unit: u && !NOT_UNITS.has(u) ? u : null };
}

/** A rule's unit missing on one side of a range ('between 8 and 10 km') is the other side's. */
const withUnit = (q: Quantity, unit: string | null): Quantity => (q.unit ? q : { ...q, unit });

/** Inclusive phrases first, so "no more than" is not read as "more than". */
const PATTERNS: { re: RegExp; make: (m: RegExpExecArray) => RubricRule }[] = [
  {
    re: new RegExp(String.raw`\b(?:between|from)\s+${NUMBER}${UNIT}\s+(?:and|to|-)\s+${NUMBER}${UNIT}`, "gi"),
    make: (m) => {
      const max = quantity(m[3]!, m[4]);
      const min = withUnit(quantity(m[1]!, m[2]), max.unit);
      return { kind: "range", min, max: withUnit(max, min.unit), text: m[0] };
    },
  },
  {
    // "5 to 15 km", "8-10 minutes": a range without "between" (a number before the unit is its own).
    re: new RegExp(String.raw`\b${NUMBER}${UNIT}\s*(?:to|-|–)\s*${NUMBER}${UNIT}`, "gi"),
    make: (m) => {
      const max = quantity(m[3]!, m[4]);
      const min = withUnit(quantity(m[1]!, m[2]), max.unit);
      return { kind: "range", min, max: withUnit(max, min.unit), text: m[0] };
    },
  },
  {
    re: new RegExp(
      String.raw`\b(at\s+least|no\s+less\s+than|not\s+less\s+than|minimum\s+(?:of\s+)?|min\.?\s+)\s*${NUMBER}${UNIT}`,
      "gi",
    ),
    make: (m) => ({ kind: "min", min: quantity(m[2]!, m[3]), strict: false, text: m[0] }),
  },
  {
    re: new RegExp(
      String.raw`\b(at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to|maximum\s+(?:of\s+)?|max\.?\s+|within)\s*${NUMBER}${UNIT}`,
      "gi",
    ),
    make: (m) => ({ kind: "max", max: quantity(m[2]!, m[3]), strict: false, text: m[0] }),
  },
  {
    re: new RegExp(String.raw`\b(more\s+than|over|above|longer\s+than|faster\s+than)\s+${NUMBER}${UNIT}`, "gi"),
    make: (m) => ({ kind: "min", min: quantity(m[2]!, m[3]), strict: true, text: m[0] }),
  },
  {
    re: new RegExp(String.raw`\b(under|less\s+than|fewer\s+than|below|shorter\s+than)\s+${NUMBER}${UNIT}`, "gi"),
    make: (m) => ({ kind: "max", max: quantity(m[2]!, m[3]), strict: true, text: m[0] }),
  },
  {
    re: new RegExp(String.raw`\b${NUMBER}${UNIT}\s+or\s+more\b${UNIT}`, "gi"),
    make: (m) => ({ kind: "min", min: quantity(m[1]!, m[2] ?? m[3]), strict: false, text: m[0] }),
  },
  {
    re: new RegExp(String.raw`\b${NUMBER}${UNIT}\s+or\s+(?:less|fewer)\b${UNIT}`, "gi"),
    make: (m) => ({ kind: "max", max: quantity(m[1]!, m[2] ?? m[3]), strict: false, text: m[0] }),
  },
  {
    re: new RegExp(
      String.raw`\b(?:target(?:\s+of|\s+is)?|aim\s+for|goal(?:\s+of|\s+is)?|exactly|around|about)\s+${NUMBER}${UNIT}`,
      "gi",
    ),
    make: (m) => ({ kind: "target", target: quantity(m[1]!, m[2]), text: m[0] }),
  },
];

/** "mentions pace, breathing and cadence", "keywords: form, rhythm", "talks about posture". */
const KEYWORDS =
  /\b(?:mentions?|mentioning|includes?|including|talks?\s+about|refers?\s+to|covers?|keywords?\s*:|uses?\s+the\s+words?)\s+([^.;:!?\n]+)/gi;

const KEYWORD_FILLER = new Set("the a an their his her its your my our whether how what".split(" "));

function keywordList(text: string): string[] {
  return text
    .split(/,|\band\b|\bor\b|\//i)
    .map((part) =>
      part
        .trim()
        .replace(/^["'“‘]+|["'”’]+$/g, "")
        .split(/\s+/)
        .filter((w) => w && !KEYWORD_FILLER.has(w.toLowerCase()))
        .join(" ")
        .toLowerCase(),
    )
    .filter((w) => w.length >= 2 && w.split(" ").length <= 3);
}

/** The rules a prompt states, in the order it states them; a span read as a range is not read again as a bound. */
export function parseRubric(prompt: string): RubricRule[] {
  const found: { at: number; end: number; rule: RubricRule }[] = [];
  const taken = (at: number, end: number) => found.some((f) => at < f.end && end > f.at);
  for (const { re, make } of PATTERNS) {
    for (const m of prompt.matchAll(re)) {
      const at = m.index ?? 0;
      const end = at + m[0].length;
      if (taken(at, end)) continue;
      found.push({ at, end, rule: make(m as RegExpExecArray) });
    }
  }
  for (const m of prompt.matchAll(KEYWORDS)) {
    const words = keywordList(m[1]!);
    if (words.length > 0)
      found.push({
        at: m.index ?? 0,
        end: (m.index ?? 0) + m[0].length,
        rule: { kind: "keywords", words, text: m[0].trim() },
      });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.rule);
}

/** A measured value: a number answer, a number written in a text answer, or a text's word count. */
export interface Measure {
  label: string;
  value: number;
  unit: string | null;
}

/** The numbers written in a text with their units ('I ran 9.5 km in 52 minutes'). */
export function measuresInText(label: string, text: string): Measure[] {
  const out: Measure[] = [];
  for (const m of text.matchAll(new RegExp(`${NUMBER}${UNIT}`, "g"))) {
    const q = quantity(m[1]!, m[2]);
    out.push({ label, value: q.value, unit: q.unit });
  }
  return out;
}

export const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/**
 * The value of `measure` in the rule's unit, or null when they do not compare (km against minutes).
 * A bare number compares with anything (the card's own unit is the creator's); a unit nobody knows
 * compares only with the same word ('reps' with 'reps').
 */
export function inUnit(measure: Pick<Measure, "value" | "unit">, unit: string | null): number | null {
  if (!unit || !measure.unit) return measure.value;
  if (unit === measure.unit) return measure.value;
  const from = unitOf(measure.unit);
  const to = unitOf(unit);
  if (!from || !to || from.family !== to.family) return null;
  return (measure.value * from.factor) / to.factor;
}

export interface Finding {
  /** The rule as the prompt wrote it. */
  rule: string;
  met: boolean;
  /** One sentence saying what was measured against what. */
  message: string;
}

const show = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/\.?0+$/, ""));
const said = (q: Quantity) => `${show(q.value)}${q.unit ? ` ${q.unit}` : ""}`;

function ruleUnit(rule: RubricRule): string | null {
  if (rule.kind === "range") return rule.min.unit ?? rule.max.unit;
  if (rule.kind === "min") return rule.min.unit;
  if (rule.kind === "max") return rule.max.unit;
  if (rule.kind === "target") return rule.target.unit;
  return null;
}

/** Whether the value meets the rule (targets: within 10%). */
function meets(rule: Exclude<RubricRule, { kind: "keywords" }>, v: number): boolean {
  switch (rule.kind) {
    case "range":
      return v >= rule.min.value && v <= rule.max.value;
    case "min":
      return rule.strict ? v > rule.min.value : v >= rule.min.value;
    case "max":
      return rule.strict ? v < rule.max.value : v <= rule.max.value;
    case "target":
      return Math.abs(v - rule.target.value) <= Math.abs(rule.target.value) * 0.1;
  }
}

function wanted(rule: Exclude<RubricRule, { kind: "keywords" }>): string {
  switch (rule.kind) {
    case "range":
      return `between ${show(rule.min.value)} and ${said(rule.max)}`;
    case "min":
      return `${rule.strict ? "more than" : "at least"} ${said(rule.min)}`;
    case "max":
      return `${rule.strict ? "under" : "at most"} ${said(rule.max)}`;
    case "target":
      return `close to ${said(rule.target)}`;
  }
}

export interface RubricAnswer {
  label: string;
  /** A number answer, with the card's unit. */
  number?: { value: number; unit: string | null };
  /** A text answer (or a transcript, a PDF's text). */
  text?: string;
}

/**
 * Checks the answers against the rules: each numeric rule against the first answer whose measure
 * compares with its unit (a number answer before numbers found in text; 'words' against word
 * counts), each keyword rule against all the text. A rule nothing answers says so, unmet.
 */
export function checkRubric(rules: RubricRule[], answers: RubricAnswer[]): Finding[] {
  const measures: Measure[] = [
    ...answers.flatMap((a) => (a.number ? [{ label: a.label, ...a.number }] : [])),
    ...answers.flatMap((a) => (a.text ? measuresInText(a.label, a.text) : [])),
  ];
  const text = answers
    .map((a) => a.text ?? "")
    .join("\n")
    .toLowerCase();
  return rules.map((rule): Finding => {
    if (rule.kind === "keywords") {
      const missing = rule.words.filter((w) => !mentions(text, w));
      const present = rule.words.filter((w) => mentions(text, w));
      return {
        rule: rule.text,
        met: missing.length === 0,
        message:
          missing.length === 0
            ? `Mentions ${list(present)}, as asked.`
            : present.length > 0
              ? `Mentions ${list(present)} but not ${list(missing)}.`
              : `Does not mention ${list(missing)}.`,
      };
    }
    const unit = ruleUnit(rule);
    if (unitOf(unit)?.family === "words") {
      const withText = answers.find((a) => a.text);
      if (!withText)
        return {
          rule: rule.text,
          met: false,
          message: `No written answer to count words in (wanted ${wanted(rule)}).`,
        };
      const count = wordCount(withText.text!);
      const met = meets(rule, count);
      return {
        rule: rule.text,
        met,
        message: `${withText.label}: ${count} words, ${met ? "within" : "not"} ${wanted(rule)}.`,
      };
    }
    for (const m of measures) {
      const v = inUnit(m, unit);
      if (v === null) continue;
      const met = meets(rule, v);
      const shown = `${show(m.value)}${m.unit ? ` ${m.unit}` : unit ? ` ${unit}` : ""}`;
      return {
        rule: rule.text,
        met,
        message: `${m.label}: ${shown} ${met ? "meets" : "misses"} the target (${wanted(rule)}).`,
      };
    }
    return { rule: rule.text, met: false, message: `No answer gives a value for "${rule.text.trim()}".` };
  });
}

/** Whole-word (or phrase) presence, forgiving a plural or -ing ('breath' in 'breathing' counts). */
export function mentions(text: string, word: string): boolean {
  const stem = word.toLowerCase().replace(/(?:ing|s|es|ed)$/, "");
  const escaped = (stem.length >= 3 ? stem : word.toLowerCase()).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}`, "u").test(text);
}

const list = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
