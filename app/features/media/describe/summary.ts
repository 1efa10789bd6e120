/**
 * Extractive summaries: the embedded default's way of describing a PDF or a web page without a
 * model. The text is split into sentences, each sentence is scored by how often its words occur in
 * the whole text (common words left out), where it stands (openings carry the point) and whether it
 * shares the title's words; the best are kept, near-duplicates dropped, and given back in the
 * order they were written. Pure.
 */

const STOPWORDS = new Set(
  (
    "a about above after again against all also am an and any are as at be because been before being below between " +
    "both but by can could did do does doing down during each few for from further had has have having he her here " +
    "hers herself him himself his how i if in into is it its itself just let me more most my myself no nor not now of " +
    "off on once only or other our ours ourselves out over own same she should so some such than that the their " +
    "theirs them themselves then there these they this those through to too under until up very was we were what " +
    "when where which while who whom why will with would you your yours yourself yourselves one two may might must " +
    "shall us get got make made many much every via per etc like well even use used using"
  ).split(" "),
);

/** Words a full stop follows without ending the sentence. */
const ABBREVIATIONS = new Set(
  "mr mrs ms dr prof sr jr st vs etc e.g i.e eg ie no fig figs approx inc ltd co corp dept est min max vol ed eds al cf p pp ca jan feb mar apr jun jul aug sep sept oct nov dec mt ft u.s u.k".split(
    " ",
  ),
);

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];

/** A word's stem, lightly: plurals and possessives fold together ("runs", "run's" → "run"). */
function stem(word: string): string {
  const w = word.replace(/['’]s$/, "").replace(/['’]$/, "");
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is"))
    return w.slice(0, -1);
  return w;
}

const contentWords = (text: string) =>
  words(text)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w) && !/^\d+$/.test(w))
    .map(stem);

/** Whitespace made single spaces; nothing else changes. */
export const squeeze = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The sentences of one paragraph. A sentence ends at . ! ? or … (with any closing quote or
 * bracket) before a space and a capital, digit, quote or bracket, unless the full stop closes an
 * abbreviation or an initial ("Dr. Lee", "J. R. Smith", "e.g. this").
 */
export function splitSentences(paragraph: string): string[] {
  const text = squeeze(paragraph);
  const out: string[] = [];
  const boundary = /([.!?…]+)(["'”’)\]]*)\s+(?=["'“‘([]?[\p{Lu}\p{N}])/gu;
  let start = 0;
  for (let match = boundary.exec(text); match; match = boundary.exec(text)) {
    const end = match.index + match[1].length + match[2].length;
    if (match[1] === ".") {
      const before = text.slice(start, match.index).split(" ").pop() ?? "";
      const word = before.toLowerCase().replace(/^["'“‘([]+/, "");
      if (ABBREVIATIONS.has(word) || /^\p{Lu}$/u.test(before) || /^(\p{L}\.)+\p{L}$/u.test(before)) continue;
    }
    out.push(text.slice(start, end).trim());
    start = match.index + match[0].length;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out.filter((s) => /\p{L}/u.test(s));
}

/** Lines that are page furniture, not content: never picked. */
const BOILERPLATE =
  /\b(cookies?|subscribe|sign up|log ?in|all rights reserved|privacy policy|terms of (use|service)|click here|newsletter|javascript)\b|©/i;

export interface SummaryOptions {
  /** At most this many sentences. */
  sentences: number;
  /** And at most this many characters in all (the first sentence is cut to fit when alone). */
  maxChars?: number;
  /** The document's title: sentences sharing its words score higher. */
  title?: string;
}

interface Scored {
  text: string;
  index: number;
  score: number;
  terms: Set<string>;
}

const jaccard = (a: Set<string>, b: Set<string>) => {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.size + b.size - shared || 1);
};

/** The text's sentences, numbered in reading order, with whether each opens a paragraph. */
function sentencesOf(text: string | string[]): { text: string; opens: boolean }[] {
  const paragraphs = (Array.isArray(text) ? text : text.split(/\n\s*\n|\r\n\s*\r\n/)).map(squeeze).filter(Boolean);
  // A list item's bullet ("• A standard way…", "– Step one") is layout, not words of the sentence.
  const unbulleted = (s: string) => s.replace(/^[•·▪◦‣∙●○■□–—*-]+\s*/u, "");
  return paragraphs.flatMap((p) =>
    splitSentences(p)
      .map(unbulleted)
      .filter(Boolean)
      .map((s, i) => ({ text: s, opens: i === 0 })),
  );
}

/**
 * The best sentences of `text` (one string, paragraphs separated by blank lines, or a list of
 * paragraphs), in reading order.
 */
export function summarize(text: string | string[], options: SummaryOptions): string[] {
  const sentences = sentencesOf(text);
  if (sentences.length === 0 || options.sentences < 1) return [];
  const frequency = new Map<string, number>();
  const terms = sentences.map((s) => contentWords(s.text));
  for (const list of terms) for (const t of list) frequency.set(t, (frequency.get(t) ?? 0) + 1);
  const top = Math.max(1, ...frequency.values());
  const titleTerms = new Set(contentWords(options.title ?? ""));
  const count = sentences.length;

  const scored: Scored[] = sentences.map((s, index) => {
    const unique = new Set(terms[index]);
    let score = 0;
    for (const t of unique) score += (frequency.get(t) ?? 0) / top;
    score /= Math.sqrt(Math.max(1, unique.size));
    // Openings carry the point: the first sentence, the first tenth, each paragraph's first.
    if (index === 0) score *= 1.3;
    else if (index < Math.max(2, count / 10)) score *= 1.15;
    if (s.opens) score *= 1.1;
    if (titleTerms.size) {
      let shared = 0;
      for (const t of titleTerms) if (unique.has(t)) shared++;
      score *= 1 + (0.4 * shared) / titleTerms.size;
    }
    const length = words(s.text).length;
    if (length < 5) score *= 0.3;
    else if (length > 45) score *= 0.7;
    if (BOILERPLATE.test(s.text)) score *= 0.1;
    if (/[:;,]$/.test(s.text)) score *= 0.5;
    return { text: s.text, index, score, terms: unique };
  });

  const chosen: Scored[] = [];
  let chars = 0;
  for (const candidate of [...scored].sort((a, b) => b.score - a.score || a.index - b.index)) {
    if (chosen.length >= options.sentences) break;
    if (chosen.some((c) => jaccard(c.terms, candidate.terms) >= 0.6)) continue;
    const cost = candidate.text.length + (chosen.length ? 1 : 0);
    if (options.maxChars !== undefined && chars + cost > options.maxChars) {
      if (chosen.length === 0) {
        chosen.push({ ...candidate, text: clip(candidate.text, options.maxChars) });
        break;
      }
      continue;
    }
    chosen.push(candidate);
    chars += cost;
  }
  return chosen.sort((a, b) => a.index - b.index).map((c) => c.text);
}

/**
 * The text cut to at most `max` characters at a word boundary, with an ellipsis when cut. Spaces
 * are squeezed; paragraph breaks (blank lines) are kept.
 */
export function clip(text: string, max: number): string {
  const clean = text
    .split(/\n\s*\n/)
    .map(squeeze)
    .filter(Boolean)
    .join("\n\n");
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, Math.max(1, max - 1));
  const space = Math.max(cut.lastIndexOf(" "), cut.lastIndexOf("\n"));
  return `${(space > max * 0.5 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, "")}…`;
}
