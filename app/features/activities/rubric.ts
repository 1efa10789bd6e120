/**
 * The rubric a creator writes into an analysis prompt, read without a model: ranges ("between 8 and
 * 10 km"), bounds ("at least 5", "under 2 hours", "no more than 300 words"), targets ("aim for 30
 * minutes"), keywords ("mentions pace, breathing"), a choice's options ('"Easy" or "Just right" is on
 * target') and the guide's lines for values outside a target ("Below 8: encourage…"). The embedded
 * analysis checks the end user's answers against it, so its verdict is measured, not made up. Pure.
 *
 * Each rule is bound to the answer it names (by unit, and by the words of its line's label and the
 * answer's card), and each value is judged once: an answer no rule names is not judged, and two rules
 * about one value make one finding. A guide's "Below 8: …" line is what to say there, not a limit.
 */

export type UnitFamily = "distance" | "time" | "weight" | "words" | "pace" | "speed" | "percent";

export interface Quantity {
  /** The number as written, in its unit. */
  value: number;
  /** The unit as written ('km', 'minutes', 'min/km'), or null for a bare number. */
  unit: string | null;
}

/** A guide's line for values below or above a threshold ("Below 8: encourage…"): what to say there. */
export interface Guidance {
  when: "below" | "above";
  at: Quantity;
  /** The guide's words, for the coach ('encourage, and suggest a little more next time'). */
  say: string;
  text: string;
}

interface Bound {
  /** The label of the rule's line ('Distance' in '- Distance: between 8 and 14 km'), or null. */
  about: string | null;
  /** The guide's lines for this rule's value ("Below 8: …", "Above 14: …"). */
  guidance: Guidance[];
  /** Whether its sentence asks the answer to name or list things ('name at least 3 openings'). */
  listed: boolean;
  text: string;
}

export type NumericRule =
  | ({ kind: "range"; min: Quantity; max: Quantity } & Bound)
  | ({ kind: "min"; min: Quantity; strict: boolean } & Bound)
  | ({ kind: "max"; max: Quantity; strict: boolean } & Bound)
  | ({ kind: "target"; target: Quantity } & Bound);

export type RubricRule =
  | NumericRule
  | { kind: "keywords"; words: string[]; text: string }
  | {
      kind: "choice";
      /** Options on target ('"Easy" or "Just right" is on target'). */
      onTarget: string[];
      /** Options off target, each with what the guide says of them ('means the next run should be slower'). */
      offTarget: { options: string[]; say: string }[];
      about: string | null;
      text: string;
    };

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
  "%": { family: "percent", factor: 1, name: "%" },
  percent: { family: "percent", factor: 1, name: "%" },
  mph: { family: "speed", factor: 1609.344 / 3600, name: "mph" },
  kph: { family: "speed", factor: 1000 / 3600, name: "km/h" },
};

/** A rate ('min/km' a pace, 'km/h' a speed): a time over a distance, or a distance over a time. */
function rateOf(unit: string): { family: UnitFamily; factor: number; name: string } | null {
  const [top, bottom, ...rest] = unit.toLowerCase().split("/");
  if (!top || !bottom || rest.length > 0) return null;
  const over = UNITS[top];
  const under = UNITS[bottom];
  if (!over || !under) return null;
  if (over.family === "time" && under.family === "distance")
    return { family: "pace", factor: over.factor / under.factor, name: unit };
  if (over.family === "distance" && under.family === "time")
    return { family: "speed", factor: over.factor / under.factor, name: unit };
  return null;
}

export const unitOf = (unit: string | null | undefined) => {
  if (!unit) return null;
  const u = unit.toLowerCase().replace(/\s+/g, "");
  return UNITS[u] ?? rateOf(u);
};

/** A number ('8', '7.5', '2,5'; '-16' with its sign when the sign is not a dash after a word, as in '8-10'). */
const NUMBER = String.raw`((?:(?<![\w.])-)?\d+(?:[.,]\d+)?)`;
/** A unit right after a number: known units, a rate ('min/km'), '%', or any other short word ('reps', 'puzzles'). */
const UNIT = String.raw`(?:\s*([a-zA-Z]{1,12}(?:-[a-zA-Z]{1,12})?(?:\s*\/\s*[a-zA-Z]{1,5})?\b|%))?`;
const num = (text: string) => Number(text.replace(",", "."));

/** A counting word ('reps', 'pages') is kept as its own unit; filler words after a number are not units. */
const NOT_UNITS = new Set(
  "and or to of a an the in on at for per with is are times each every it this that out than".split(" "),
);

/** A quantity as written: its unit keeps its case ('LUFS', 'km'), and filler words are no unit. */
function quantity(value: string, unit: string | undefined): Quantity {
  let u = unit?.replace(/\s+/g, "") ?? null;
  // 'km/week': a rate only when both sides are units; else the first word alone.
  if (u?.includes("/") && !rateOf(u)) u = u.split("/")[0]!;
  return { value: num(value), unit: u && !NOT_UNITS.has(u.toLowerCase()) ? u : null };
}

/** A rule's unit missing on one side of a range ('between 8 and 10 km') is the other side's. */
const withUnit = (q: Quantity, unit: string | null): Quantity => (q.unit ? q : { ...q, unit });

type Made =
  | { kind: "range"; min: Quantity; max: Quantity }
  | { kind: "min"; min: Quantity; strict: boolean }
  | { kind: "max"; max: Quantity; strict: boolean }
  | { kind: "target"; target: Quantity };

/** Inclusive phrases first, so "no more than" is not read as "more than". */
const PATTERNS: { re: RegExp; make: (m: RegExpExecArray) => Made }[] = [
  {
    re: new RegExp(String.raw`\b(?:between|from)\s+${NUMBER}${UNIT}\s+(?:and|to|-)\s+${NUMBER}${UNIT}`, "gi"),
    make: (m) => {
      const max = quantity(m[3]!, m[4]);
      const min = withUnit(quantity(m[1]!, m[2]), max.unit);
      return { kind: "range", min, max: withUnit(max, min.unit) };
    },
  },
  {
    // "5 to 15 km", "8-10 minutes": a range without "between" (a number before the unit is its own).
    re: new RegExp(String.raw`(?<![\w.])${NUMBER}${UNIT}\s*(?:to|-|–)\s*${NUMBER}${UNIT}`, "gi"),
    make: (m) => {
      const max = quantity(m[3]!, m[4]);
      const min = withUnit(quantity(m[1]!, m[2]), max.unit);
      return { kind: "range", min, max: withUnit(max, min.unit) };
    },
  },
  {
    re: new RegExp(
      String.raw`\b(at\s+least|no\s+less\s+than|not\s+less\s+than|minimum\s+(?:of\s+)?|min\.?\s+)\s*${NUMBER}${UNIT}`,
      "gi",
    ),
    make: (m) => ({ kind: "min", min: quantity(m[2]!, m[3]), strict: false }),
  },
  {
    re: new RegExp(
      String.raw`\b(at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to|maximum\s+(?:of\s+)?|max\.?\s+|within)\s*${NUMBER}${UNIT}`,
      "gi",
    ),
    make: (m) => ({ kind: "max", max: quantity(m[2]!, m[3]), strict: false }),
  },
  {
    re: new RegExp(String.raw`\b(more\s+than|over|above|longer\s+than|faster\s+than)\s+${NUMBER}${UNIT}`, "gi"),
    make: (m) => ({ kind: "min", min: quantity(m[2]!, m[3]), strict: true }),
  },
  {
    re: new RegExp(String.raw`\b(under|less\s+than|fewer\s+than|below|shorter\s+than)\s+${NUMBER}${UNIT}`, "gi"),
    make: (m) => ({ kind: "max", max: quantity(m[2]!, m[3]), strict: true }),
  },
  {
    re: new RegExp(String.raw`(?<![\w.])${NUMBER}${UNIT}\s+or\s+more\b${UNIT}`, "gi"),
    make: (m) => ({ kind: "min", min: quantity(m[1]!, m[2] ?? m[3]), strict: false }),
  },
  {
    re: new RegExp(String.raw`(?<![\w.])${NUMBER}${UNIT}\s+or\s+(?:less|fewer)\b${UNIT}`, "gi"),
    make: (m) => ({ kind: "max", max: quantity(m[1]!, m[2] ?? m[3]), strict: false }),
  },
  {
    re: new RegExp(
      String.raw`\b(?:target(?:\s+of|\s+is)?|aim\s+for|goal(?:\s+of|\s+is)?|exactly|around|about)\s+${NUMBER}${UNIT}`,
      "gi",
    ),
    make: (m) => ({ kind: "target", target: quantity(m[1]!, m[2]) }),
  },
];

// ---- the guide's lines: "Below 8: encourage…", "If it is over 15, praise it" ----------------------

const BELOW = /^(?:below|under|less\s+than|fewer\s+than|short\s+of)$/i;
/** "Below 8:", "Above 14 km –", "If it is under 5, …", "When they run more than 20 km then …" (not "under 5 -"). */
const GUIDANCE_HEAD = new RegExp(
  String.raw`\b(?:(if|when)\s+(?:(?:it|that|the\s+\w+|they|you)\s+(?:is|are|was|were|'s|runs?|did|does|do|solves?|logs?)\s+)?)?` +
    String.raw`(below|under|less\s+than|fewer\s+than|short\s+of|over|above|more\s+than|beyond)\s+${NUMBER}${UNIT}` +
    String.raw`\s*(:|,|–|—|then\b)\s*`,
  "gi",
);

/** Where a clause starts: a line's start (after a bullet), after a sentence, a semicolon or a bracket. */
const CLAUSE_START = /(?:^|[\n;!?(]|[.:](?=\s)\s|,)\s*(?:[-*•]\s*)?$/;

interface Found<T> {
  at: number;
  end: number;
  value: T;
}

function guidanceIn(prompt: string): Found<Guidance>[] {
  const heads: { at: number; sayAt: number; when: Guidance["when"]; threshold: Quantity }[] = [];
  for (const m of prompt.matchAll(GUIDANCE_HEAD)) {
    const at = m.index ?? 0;
    const lead = m[1];
    const sep = m[5]!;
    const before = prompt.slice(Math.max(0, at - 200), at);
    if (!CLAUSE_START.test(before)) continue;
    // A comma makes a guide line only after "if"/"when" ("Under 5, fewer than 8 km" is two bounds).
    if (sep === "," && !lead) continue;
    // After a comma, only a colon form starts one ("…, above 14: praise it").
    if (/,\s*(?:[-*•]\s*)?$/.test(before) && sep !== ":") continue;
    const q = quantity(m[3]!, m[4]);
    heads.push({
      at,
      sayAt: at + m[0].length,
      when: BELOW.test(m[2]!.replace(/\s+/g, " ")) ? "below" : "above",
      threshold: q,
    });
  }
  return heads.map((head, i) => {
    const next = heads[i + 1]?.at ?? prompt.length;
    const rest = prompt.slice(head.sayAt, next);
    const stop = rest.search(/[.!?](?=\s|$)|\n/);
    const end = head.sayAt + (stop === -1 ? rest.length : stop);
    const say = prompt
      .slice(head.sayAt, end)
      .trim()
      .replace(/[,;:\s]+$/, "");
    return {
      at: head.at,
      end: Math.min(prompt.length, end + 1),
      value: { when: head.when, at: head.threshold, say, text: prompt.slice(head.at, end).trim() },
    };
  });
}

// ---- a choice's options: '"Easy" or "Just right" is on target; "Hard" means …' --------------------

const QUOTED = String.raw`["“]([^"”\n]{1,60})["”]`;
const QUOTED_LIST = String.raw`(${QUOTED}(?:\s*(?:,|\bor\b|\band\b|\/)\s*${QUOTED})*)`;
const ON_TARGET = new RegExp(
  String.raw`${QUOTED_LIST}\s+(?:is|are)\s+(?:(?:right\s+)?on\s+target|fine|good|great|ideal|right|the\s+goal|what\s+we\s+want)\b`,
  "gi",
);
const OFF_TARGET = new RegExp(
  String.raw`${QUOTED_LIST}\s+(?:means?|suggests?|shows?|calls?\s+for|is\s+a\s+sign)\s+(?:that\s+)?([^;\n]+?)(?=[.!?](?:\s|$)|;|\n|$)`,
  "gi",
);
const optionsIn = (list: string) => [...list.matchAll(new RegExp(QUOTED, "g"))].map((m) => m[1]!.trim());

// ---- keywords: "mentions pace, breathing and cadence", "keywords: form, rhythm" -------------------

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
    .filter((w) => w.length >= 2 && w.split(" ").length <= 3 && !/\d/.test(w));
}

/** The label of the line `at` is on ('Distance' in '- Distance: a long run is…'), if it has a short one. */
function labelAt(prompt: string, at: number): string | null {
  const start = prompt.lastIndexOf("\n", at - 1) + 1;
  const line = prompt.slice(start, at);
  const m = /^\s*(?:[-*•]|\d+[.)])?\s*([^:\n]{1,40}?)\s*:/.exec(line);
  if (!m) return null;
  const label = m[1]!.trim();
  if (label.split(/\s+/).length > 5 || /\d/.test(label) || /^(?:rubric|keywords?|note|notes)$/i.test(label))
    return null;
  return label;
}

/** The sentence `at` is in. */
function sentenceAt(prompt: string, at: number): string {
  const before = prompt.slice(0, at);
  const start = Math.max(before.search(/(?:[.!?](?=\s)|\n)[^.!?\n]*$/) + 1, 0);
  const after = prompt.slice(at).search(/[.!?](?=\s|$)|\n/);
  return prompt.slice(start, after === -1 ? prompt.length : at + after);
}

const LISTING = /\b(?:name[sd]?|naming|list(?:s|ed|ing)?|write\s+down|give|which)\b/i;

/**
 * The rules a prompt states, in the order it states them: a span read as a range is not read again as
 * a bound, and a guide's line ("Below 8: encourage…") is read as what to say, with no rule inside it.
 */
export function parseRubric(prompt: string): RubricRule[] {
  const guides = guidanceIn(prompt);
  const taken: { at: number; end: number }[] = guides.map(({ at, end }) => ({ at, end }));
  const isTaken = (at: number, end: number) => taken.some((f) => at < f.end && end > f.at);
  const found: Found<RubricRule>[] = [];

  // A choice's options, with what the guide says of the ones off target.
  const choices = new Map<number, Found<Extract<RubricRule, { kind: "choice" }>>>();
  const choiceOfLine = (at: number) => {
    const line = prompt.lastIndexOf("\n", at - 1) + 1;
    let rule = choices.get(line);
    if (!rule) {
      rule = {
        at,
        end: at,
        value: { kind: "choice", onTarget: [], offTarget: [], about: labelAt(prompt, at), text: "" },
      };
      choices.set(line, rule);
    }
    return rule;
  };
  for (const m of prompt.matchAll(ON_TARGET)) {
    const at = m.index ?? 0;
    const rule = choiceOfLine(at);
    rule.value.onTarget.push(...optionsIn(m[1]!));
    rule.at = Math.min(rule.at, at);
    rule.end = Math.max(rule.end, at + m[0].length);
  }
  for (const m of prompt.matchAll(OFF_TARGET)) {
    const at = m.index ?? 0;
    const rule = choiceOfLine(at);
    rule.value.offTarget.push({ options: optionsIn(m[1]!), say: m[4]!.trim() });
    rule.at = Math.min(rule.at, at);
    rule.end = Math.max(rule.end, at + m[0].length);
  }
  for (const rule of choices.values()) {
    rule.value.text = prompt.slice(rule.at, rule.end).trim();
    found.push(rule);
    taken.push({ at: rule.at, end: rule.end });
  }

  const numeric: Found<NumericRule>[] = [];
  for (const { re, make } of PATTERNS) {
    for (const m of prompt.matchAll(re)) {
      const at = m.index ?? 0;
      const end = at + m[0].length;
      if (isTaken(at, end)) continue;
      const rule = {
        ...make(m as RegExpExecArray),
        about: labelAt(prompt, at),
        guidance: [],
        listed: LISTING.test(sentenceAt(prompt, at)),
        text: m[0],
      } as NumericRule;
      numeric.push({ at, end, value: rule });
      taken.push({ at, end });
    }
  }
  found.push(...numeric);

  for (const m of prompt.matchAll(KEYWORDS)) {
    const at = m.index ?? 0;
    if ([...guides, ...choices.values()].some((g) => at >= g.at && at < g.end)) continue;
    const words = keywordList(m[1]!);
    if (words.length > 0)
      found.push({ at, end: at + m[0].length, value: { kind: "keywords", words, text: m[0].trim() } });
  }

  // Each guide line goes with the rule it speaks of: its line's rule, else the nearest one before it
  // in a unit it compares with.
  const lineOf = (at: number) => prompt.lastIndexOf("\n", at - 1);
  numeric.sort((a, b) => a.at - b.at);
  for (const guide of guides) {
    const sameLine = numeric.filter((r) => lineOf(r.at) === lineOf(guide.at));
    const before = (list: typeof numeric) => list.filter((r) => r.at < guide.at).at(-1);
    const fits = numeric.filter((r) => comparable(guide.value.at.unit, ruleUnit(r.value)));
    const owner = before(sameLine) ?? sameLine[0] ?? before(fits);
    if (owner) owner.value.guidance.push({ ...guide.value, at: withUnit(guide.value.at, ruleUnit(owner.value)) });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.value);
}

// ---- answers and what they measure -----------------------------------------------------------------

export interface RubricAnswer {
  label: string;
  /** A number answer, with the card's unit. */
  number?: { value: number; unit: string | null };
  /** A text answer (or a transcript, a PDF's text). */
  text?: string;
  /** A choice answer: the option chosen. */
  choice?: string;
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
 * The items a text lists: one a line or bullet, or separated by commas, semicolons, "and" or "&"
 * ('Italian, Sicilian and the London System' is three). A line's lead-in before a colon is not an item.
 */
export function listItems(text: string): string[] {
  return text
    .split(/\n+/)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, "").trim())
    .flatMap((line) => {
      const colon = line.indexOf(":");
      const body = colon >= 0 && colon < line.length - 1 ? line.slice(colon + 1) : line;
      return body.split(/[,;]|\s+(?:and|&|plus)\s+|\.\s+/i);
    })
    .map((item) =>
      item
        .trim()
        .replace(/^(?:and|&|plus|also|then)\s+/i, "")
        .replace(/[.!?]+$/, "")
        .trim(),
    )
    .filter((item) => /\p{L}/u.test(item));
}

/** Whether a text is written as a list: several lines or bullets, or items separated by commas or semicolons. */
const listShaped = (text: string) => /\n\s*\S/.test(text.trim()) || /[,;]/.test(text);

/**
 * A unit word as compared: lower case, singular, its first word, and not per anything unless it is a
 * rate ('puzzles' and 'puzzle' are one; 'V grade' is 'v'; 'plants/week' is 'plant'; 'min/km' stays).
 */
function unitKey(unit: string): string {
  let u = unit.toLowerCase().trim().split(/\s+/)[0] ?? "";
  if (u.includes("/") && !rateOf(u)) u = u.split("/")[0]!;
  if (/(?:ss|us|is)$/.test(u) || u.length <= 3) return u;
  if (/(?:ches|shes|xes|sses)$/.test(u)) return u.slice(0, -2);
  return u.endsWith("s") ? u.slice(0, -1) : u;
}

/**
 * The value of `measure` in the rule's unit, or null when they do not compare (km against minutes).
 * A bare number compares with anything (the card's own unit is the creator's); a unit nobody knows
 * compares only with the same word ('reps' with 'rep').
 */
export function inUnit(measure: Pick<Measure, "value" | "unit">, unit: string | null): number | null {
  if (!unit || !measure.unit) return measure.value;
  if (unitKey(unit) === unitKey(measure.unit)) return measure.value;
  const from = unitOf(measure.unit);
  const to = unitOf(unit);
  if (!from || !to || from.family !== to.family) return null;
  return (measure.value * from.factor) / to.factor;
}

const comparable = (a: string | null, b: string | null) => !a || !b || inUnit({ value: 1, unit: a }, b) !== null;

export interface Finding {
  /** The rule (or rules, for one value) as the prompt wrote it. */
  rule: string;
  met: boolean;
  /** One sentence saying what was measured against what. */
  message: string;
  /** The answer judged (its card's label), or null for a check of all the writing. */
  label: string | null;
  /** What to work on, in a few words, when it is not met ('distance (between 8 and 14 km)'). */
  focus: string;
}

const show = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/\.?0+$/, ""));
const said = (q: Quantity) => `${show(q.value)}${q.unit ? ` ${q.unit}` : ""}`;

function ruleUnit(rule: NumericRule): string | null {
  if (rule.kind === "range") return rule.min.unit ?? rule.max.unit;
  if (rule.kind === "min") return rule.min.unit;
  if (rule.kind === "max") return rule.max.unit;
  return rule.target.unit;
}

/** Whether the value meets the rule (targets: within 10%). */
function meets(rule: NumericRule, v: number): boolean {
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

function wanted(rule: NumericRule): string {
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

/** The guide's line that speaks of the value (the nearest threshold it passes), or null. */
function guidanceFor(rule: NumericRule, v: number): Guidance | null {
  const at = (g: Guidance) => inUnit(g.at, ruleUnit(rule)) ?? g.at.value;
  const applies = rule.guidance.filter((g) => (g.when === "below" ? v < at(g) : v > at(g)));
  applies.sort((a, b) => Math.abs(at(a) - v) - Math.abs(at(b) - v));
  return applies[0] ?? null;
}

const PRONOUNS: [RegExp, string][] = [
  [/\bthemselves\b/gi, "yourself"],
  [/\bthey're\b/gi, "you're"],
  [/\bthey are\b/gi, "you are"],
  [/\bthey\b/gi, "you"],
  [/\btheir\b/gi, "your"],
  [/\bthem\b/gi, "you"],
  [/\bthe (?:user|runner|player|learner|athlete|student|member)'s\b/gi, "your"],
  [/\bthe (?:user|runner|player|learner|athlete|student|member)\b/gi, "you"],
];

const COACH_VERBS: [RegExp, (rest: string) => string][] = [
  [/^encourage(?:\s+(?:them|it|him|her))?(?:\s+to\s+(.+))?$/i, (rest) => (rest ? `try to ${rest}` : "good effort")],
  [/^(?:praise|celebrate|congratulate)(?:\s+(?:it|them|that))?$/i, () => "great work"],
  [/^(?:suggest|recommend|propose)(?:\s+that)?(?:\s+(?:they|them))?\s+(.+)$/i, (rest) => `try ${rest}`],
  [/^warn(?:\s+(?:them|him|her))?\s+against\s+(.+)$/i, (rest) => `avoid ${rest}`],
  [/^warn(?:\s+(?:them|him|her))?(?:\s+that)?\s+(.+)$/i, (rest) => `note that ${rest}`],
  [/^(?:remind)(?:\s+(?:them|him|her))?\s+to\s+(.+)$/i, (rest) => `remember to ${rest}`],
  [/^(?:tell|ask|advise)(?:\s+(?:them|him|her))?\s+to\s+(.+)$/i, (rest) => rest],
  [/^reassure(?:\s+(?:them|him|her))?(?:\s+that)?\s*(.*)$/i, (rest) => (rest ? rest : "that is fine")],
];

/**
 * A guide's words, for the coach ('encourage, and suggest a little more next time'), said to the end
 * user: 'Good effort; try a little more next time.'
 */
export function saidToYou(guide: string): string {
  const clauses = guide
    .trim()
    .replace(/[.!?\s]+$/, "")
    .split(
      /\s*[,;]\s*(?:and\s+|then\s+)?|\s+and\s+(?=(?:suggest|recommend|warn|praise|encourage|remind|tell|ask|advise|reassure)\b)/i,
    )
    .map((clause) => clause.trim())
    .filter(Boolean)
    .map((clause) => {
      for (const [re, make] of COACH_VERBS) {
        const m = re.exec(clause);
        if (m) return make((m[1] ?? "").trim());
      }
      return clause;
    })
    .map((clause) => PRONOUNS.reduce((text, [re, to]) => text.replace(re, to), clause));
  const text = clauses.join("; ");
  return text ? `${text[0]!.toUpperCase()}${text.slice(1)}.` : "";
}

// ---- binding rules to what answers them -------------------------------------------------------------

interface Candidate extends Measure {
  source: "number" | "text" | "list" | "words" | "derived";
  /** The answer's text (lists and word counts). */
  text?: string;
  items?: string[];
  /** How a derived value was made ('65 min over 10 km'). */
  from?: string;
}

const STOP = new Set(
  "the and for you your did was what how today many much this that with from its it's are were have has had does any".split(
    " ",
  ),
);
const tokens = (text: string) =>
  new Set((text.toLowerCase().match(/\p{L}{3,}/gu) ?? []).filter((w) => !STOP.has(w)).map((w) => unitKey(w)));

/** Words for what each family measures, so 'How far did you run?' names a distance. */
const FAMILY_WORDS: Partial<Record<UnitFamily, string>> = {
  distance: "distance far length",
  time: "time long duration",
  weight: "weight heavy load",
  pace: "pace",
  speed: "speed fast",
};

const overlaps = (a: Set<string>, b: Set<string>) => [...a].some((w) => b.has(w));

/**
 * How well an answer's label names a rule: its line's label's words (3: 'Warm-up' in 'Warm-up
 * minutes'), its unit's or family's words (1: 'far' in 'How far did you run?'); 0 when it does not.
 */
function naming(rule: NumericRule, label: string): number {
  const unit = ruleUnit(rule);
  const family = unitOf(unit)?.family;
  const words = tokens(label);
  return (
    (rule.about && overlaps(tokens(rule.about), words) ? 3 : 0) +
    (overlaps(tokens(`${unit ?? ""} ${(family && FAMILY_WORDS[family]) ?? ""}`), words) ? 1 : 0)
  );
}

/** How well a candidate answers a rule (higher is better), or null when it cannot. */
function fit(rule: NumericRule, c: Candidate, only: boolean): number | null {
  const unit = ruleUnit(rule);
  const family = unitOf(unit)?.family ?? null;
  const named = naming(rule, c.label);
  // A words rule counts the words of a written answer, or takes a number of words answered ('Words learned: 12').
  if (family === "words" && c.source === "number" && unitOf(c.unit)?.family === "words") return 5 + named;
  if (family === "words" || c.source === "words") return family === "words" && c.source === "words" ? 2 + named : null;
  if (c.source === "derived") return c.unit === unit ? 5 + named : null;
  if (c.source === "list") {
    // Named things are counted for a counting unit ('3 openings'), when the card, the text or the rule asks for them.
    if (!unit || family) return null;
    const asked = named > 0 || rule.listed || mentions(c.text!.toLowerCase(), unit);
    return asked && (listShaped(c.text!) || named > 0) ? 1 + named : null;
  }
  if (unit && c.unit) {
    if (inUnit(c, unit) === null) return null;
    return (unitKey(unit) === unitKey(c.unit) ? 4 : 3) + named + (c.source === "number" ? 1 : 0);
  }
  if (unit && !c.unit) {
    // A bare number in a text is no value of a unit; a bare answer is one when its card names the rule.
    return c.source === "number" && named ? named + 1 : null;
  }
  // A rule without a unit ('at least 5'): the answer its card names, or the only number answer there is.
  if (c.source === "number") return named || only ? named + 1 : null;
  return named ? named : null;
}

/** The candidates the answers give: numbers, numbers written in text, lists, word counts. */
function candidatesOf(answers: RubricAnswer[]): Candidate[] {
  const out: Candidate[] = [];
  for (const a of answers) if (a.number) out.push({ label: a.label, ...a.number, source: "number" });
  for (const a of answers) {
    if (!a.text) continue;
    for (const m of measuresInText(a.label, a.text)) out.push({ ...m, source: "text" });
    const items = listItems(a.text);
    out.push({ label: a.label, value: items.length, unit: null, source: "list", text: a.text, items });
    out.push({ label: a.label, value: wordCount(a.text), unit: "words", source: "words", text: a.text });
  }
  return out;
}

/** A pace or speed from a distance and a time answered ('65 min over 10 km' is 6.5 min/km). */
function derived(rule: NumericRule, answers: Candidate[]): Candidate | null {
  const unit = ruleUnit(rule);
  const rate = unitOf(unit);
  if (!unit || !rate || (rate.family !== "pace" && rate.family !== "speed")) return null;
  const pick = (family: UnitFamily) =>
    answers.find((c) => c.source === "number" && unitOf(c.unit)?.family === family) ??
    answers.find((c) => c.source === "text" && unitOf(c.unit)?.family === family);
  const distance = pick("distance");
  const time = pick("time");
  if (!distance || !time || distance.value <= 0 || time.value <= 0) return null;
  const metres = distance.value * unitOf(distance.unit)!.factor;
  const seconds = time.value * unitOf(time.unit)!.factor;
  const base = rate.family === "pace" ? seconds / metres : metres / seconds;
  const over = rate.family === "pace" ? `${said(time)} over ${said(distance)}` : `${said(distance)} in ${said(time)}`;
  return {
    label: rule.about ?? (rate.family === "pace" ? "Pace" : "Speed"),
    value: base / rate.factor,
    unit,
    source: "derived",
    from: over,
  };
}

const list = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;

/** What a rule is about, in a word or two: its line's label, else its unit's family or word, else the answer's label. */
function subjectOf(rule: NumericRule, label: string | null): string {
  const unit = ruleUnit(rule);
  const family = unitOf(unit)?.family;
  const named = family && family !== "percent" ? family : unit;
  // A short label ('Minutes') says it better than a family; a question ('How far did you run?') does not.
  const short = label && !label.includes("?") && label.split(/\s+/).length <= 3 ? label.replace(/[:.]+$/, "") : null;
  return (rule.about ?? short ?? named ?? label?.replace(/[?:.]+$/, "") ?? "the value").toLowerCase().trim();
}

/** The one finding of a value and the rules about it. */
function judge(c: Candidate, rules: NumericRule[]): Finding {
  const unit = ruleUnit(rules[0]!);
  const v = (rule: NumericRule) => inUnit(c, ruleUnit(rule)) ?? c.value;
  const missed = rules.filter((r) => !meets(r, v(r)));
  const met = missed.length === 0;
  const rule = rules.map((r) => r.text.trim()).join("; ");
  const focus = `${subjectOf(rules[0]!, c.label)} (${(met ? rules : missed).map(wanted).join("; ")})`;
  if (c.source === "words") {
    const label = c.label;
    return {
      rule,
      met,
      label,
      focus,
      message: `${label}: ${c.value} words, ${met ? "within" : "not"} ${(met ? rules : missed).map(wanted).join("; ")}.`,
    };
  }
  const shown =
    c.source === "list"
      ? `${c.value} ${unit} named${c.items!.length ? ` (${list(c.items!)})` : ""}`
      : c.source === "derived"
        ? `${show(c.value)} ${c.unit} (${c.from})`
        : `${show(c.value)}${c.unit ? ` ${c.unit}` : unit ? ` ${unit}` : ""}`;
  // The guide's line that speaks of the value, from the rules it missed first.
  const guide = [...missed, ...rules].map((r) => guidanceFor(r, v(r))).find((g) => g !== null) ?? null;
  const advice = guide ? ` ${saidToYou(guide.say)}` : "";
  if (met)
    return {
      rule,
      met,
      label: c.label,
      focus,
      message: `${c.label}: ${shown} meets the target (${rules.map(wanted).join("; ")}).${advice}`,
    };
  return {
    rule,
    met,
    label: c.label,
    focus,
    message: guide
      ? `${c.label}: ${shown} is ${guide.when === "below" ? "under" : "over"} the target (${missed.map(wanted).join("; ")}).${advice}`
      : `${c.label}: ${shown} misses the target (${missed.map(wanted).join("; ")}).`,
  };
}

/** Whether two rules can both be met by one value (an "under 5" beside "between 5 and 15" cannot). */
function overlapping(a: NumericRule, b: NumericRule): boolean {
  const span = (r: NumericRule): [number, number] => {
    switch (r.kind) {
      case "range":
        return [r.min.value, r.max.value];
      case "min":
        return [r.strict ? r.min.value + 1e-9 : r.min.value, Infinity];
      case "max":
        return [-Infinity, r.strict ? r.max.value - 1e-9 : r.max.value];
      case "target":
        return [r.target.value * 0.9, r.target.value * 1.1];
    }
  };
  const unit = ruleUnit(a);
  const to = (r: NumericRule, x: number) =>
    Number.isFinite(x) ? (inUnit({ value: x, unit: ruleUnit(r) }, unit) ?? x) : x;
  const [a0, a1] = span(a);
  const [b0, b1] = span(b).map((x) => to(b, x)) as [number, number];
  return a0 <= b1 && b0 <= a1;
}

/**
 * Checks the answers against the rules. Each numeric rule is bound to the value that answers it best
 * (its unit, then the words of its line's label in the answer's card; a number answer before one
 * written in text), and a value is judged once: rules about one value make one finding, and a value no
 * rule names is not judged. A numeric rule nothing answers says so, unmet. Keywords are checked
 * against what was written (not checked when nothing was); a choice's options against the choice.
 */
export function checkRubric(rules: RubricRule[], answers: RubricAnswer[]): Finding[] {
  const numeric = rules.filter((r): r is NumericRule => r.kind !== "keywords" && r.kind !== "choice");
  const base = candidatesOf(answers);
  const derivedOf = new Map(numeric.map((r) => [r, derived(r, base)] as const));
  const candidates = [...base, ...[...derivedOf.values()].filter((c): c is Candidate => c !== null)];

  const numbers = answers.filter((a) => a.number).length;
  // The best pairs first, each rule and each value once.
  const pairs: { rule: NumericRule; c: Candidate; score: number; order: number }[] = [];
  numeric.forEach((rule, ri) =>
    candidates.forEach((c, ci) => {
      if (c.source === "derived" && derivedOf.get(rule) !== c) return;
      const score = fit(rule, c, numbers === 1);
      if (score !== null) pairs.push({ rule, c, score, order: ri * 10_000 + ci });
    }),
  );
  pairs.sort((a, b) => b.score - a.score || a.order - b.order);
  const valueOf = new Map<NumericRule, Candidate>();
  const used = new Set<Candidate>();
  for (const p of pairs) {
    if (valueOf.has(p.rule) || used.has(p.c)) continue;
    valueOf.set(p.rule, p.c);
    used.add(p.c);
  }
  // A rule whose value another rule took joins it (one value, one finding) when both can be met at
  // once; one that cannot ('under 5' beside 'between 5 and 15') speaks of the outside of that target.
  const groups = new Map<Candidate, NumericRule[]>();
  for (const rule of numeric) {
    const own = valueOf.get(rule);
    if (own) {
      groups.set(own, [...(groups.get(own) ?? []), rule]);
      continue;
    }
    const shared = pairs.find((p) => p.rule === rule && used.has(p.c) && p.score >= 3);
    if (!shared) continue;
    const owner = [...valueOf.entries()].find(([, c]) => c === shared.c)![0];
    if (overlapping(owner, rule)) groups.set(shared.c, [...(groups.get(shared.c) ?? []), rule]);
    valueOf.set(rule, shared.c);
  }

  const written = answers
    .filter((a) => a.text)
    .map((a) => a.text!)
    .join("\n")
    .toLowerCase();
  const findings: Finding[] = [];
  for (const rule of rules) {
    if (rule.kind === "keywords") {
      if (!written.trim()) continue;
      const missing = rule.words.filter((w) => !mentions(written, w));
      const present = rule.words.filter((w) => mentions(written, w));
      findings.push({
        rule: rule.text,
        met: missing.length === 0,
        label: null,
        focus: `mentioning ${list(missing)}`,
        message:
          missing.length === 0
            ? `Mentions ${list(present)}, as asked.`
            : present.length > 0
              ? `Mentions ${list(present)} but not ${list(missing)}.`
              : `Does not mention ${list(missing)}.`,
      });
      continue;
    }
    if (rule.kind === "choice") {
      const finding = judgeChoice(rule, answers);
      if (finding) findings.push(finding);
      continue;
    }
    const c = valueOf.get(rule);
    if (!c) {
      findings.push({
        rule: rule.text,
        met: false,
        label: null,
        focus: `${subjectOf(rule, null)} (${wanted(rule)})`,
        message: `No answer gives a value for "${rule.text.trim()}".`,
      });
      continue;
    }
    const group = groups.get(c);
    // The group's finding is written once, at its first rule.
    if (group?.[0] === rule) findings.push(judge(c, group));
  }
  return findings;
}

/**
 * The rubric's words no answer could be checked for: its keywords when nothing was written (a run of
 * numbers and choices). They are the words to use, said as such, not judged as missing.
 */
export function wordsToUse(rules: RubricRule[], answers: RubricAnswer[]): string[] {
  if (answers.some((a) => a.text?.trim())) return [];
  return [...new Set(rules.flatMap((r) => (r.kind === "keywords" ? r.words : [])))];
}

const sameOption = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A choice's finding: on target, or off target with what the guide says of it; null when no answer chose one of its options. */
function judgeChoice(rule: Extract<RubricRule, { kind: "choice" }>, answers: RubricAnswer[]): Finding | null {
  const options = [...rule.onTarget, ...rule.offTarget.flatMap((o) => o.options)];
  const answer = answers.find((a) => {
    const given = a.choice ?? a.text;
    return given !== undefined && options.some((o) => sameOption(o, given));
  });
  if (!answer) return null;
  const given = (answer.choice ?? answer.text)!.trim();
  const subject = (rule.about ?? answer.label.replace(/[?:.]+$/, "")).toLowerCase();
  if (rule.onTarget.some((o) => sameOption(o, given)))
    return {
      rule: rule.text,
      met: true,
      label: answer.label,
      focus: subject,
      message: `${answer.label}: "${given}", on target.`,
    };
  const off = rule.offTarget.find((o) => o.options.some((x) => sameOption(x, given)));
  const say = off ? PRONOUNS.reduce((text, [re, to]) => text.replace(re, to), off.say) : "";
  return {
    rule: rule.text,
    met: false,
    label: answer.label,
    focus: say ? `${subject} (${say})` : subject,
    message: say
      ? `${answer.label}: "${given}", so ${say}.`
      : `${answer.label}: "${given}" is not on target (${list(rule.onTarget.map((o) => `"${o}"`))}).`,
  };
}

/** Whole-word (or phrase) presence, forgiving a plural or -ing ('breath' in 'breathing' counts). */
export function mentions(text: string, word: string): boolean {
  const stem = word.toLowerCase().replace(/(?:ing|s|es|ed)$/, "");
  const escaped = (stem.length >= 3 ? stem : word.toLowerCase()).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}`, "u").test(text);
}
