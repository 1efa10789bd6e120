/**
 * Reading a creator's idea without a model: which practice it is about (the taxonomy), what the
 * idea calls it in its own words, who it is for, what they want to reach and in how long. Every
 * piece of an app the embedded default writes starts here, so an idea about knot tying speaks of
 * knot tying even though no domain knows it.
 *
 *   "A 6-week plan that helps office workers stretch daily and ease back pain"
 *   → domain mobility, subject "stretching", audience "office workers",
 *     outcome "stretch daily and ease back pain", weeks 6
 */
import { capitalise, clipText } from "~/platform/format";
import { loadOnce } from "~/platform/load-once";
import type { PhaseLevel, PracticeDomain } from "./domain";
import { MINUTES_PER_SESSION, ownPractice, paletteOf } from "./guided";
import type { TaggedTerm } from "./nlp";

/**
 * The taxonomy (./taxonomy, about 60 KB gzip) is a module of its own beside the worker
 * (`#lazy/practice-domains`, workers/lazy-modules.mjs): only requests that read an idea load it.
 */
const practiceDomains = loadOnce(async () => (await import("#lazy/practice-domains")).TAXONOMY);
/** The part-of-speech tagger (compromise, ./nlp.ts), a module of its own the same way (`#lazy/nlp`). */
const tagger = loadOnce(async () => (await import("#lazy/nlp")).tagTerms);

export interface IdeaReading {
  /** The idea, whitespace tidied. */
  idea: string;
  /** The taxonomy's domain, or one made from the idea's own words (generic: true). */
  domain: PracticeDomain;
  generic: boolean;
  /** What the practice is called in copy, lowercase unless a proper noun: 'yoga', 'Spanish', 'knot tying'. */
  subject: string;
  /** What the app's name calls it: the idea's own words when they name the practice ('sourdough baking'). */
  title: string;
  /** Who it is for, when the idea says: 'desk workers', 'busy parents'. */
  audience: string | null;
  /** What they want, as a verb phrase, when the idea says: 'ease back pain'. */
  outcome: string | null;
  /** A length the idea names ('6-week', 'in 30 days'), in weeks. */
  weeks: number | null;
  /** The level the idea says its people are at ('for complete beginners', 'club players', 'advanced'). */
  level: Exclude<PhaseLevel, "all"> | null;
  /** A rating range the idea names ('rated 1200-1600'): where plans start and what goals make sense. */
  rating: { min: number; max: number | null } | null;
}

const FILLER = new Set(
  (
    "a an the this that these those my our your their its his her some any each every " +
    "app apps application platform tool website site service program programme plan plans course courses coach coaching " +
    "guide guides series tracker system club community thing something kind " +
    "i me we you they he she it who whom which what where when how why " +
    "want wants would like build builds make makes create creates help helps helping let lets get gets teach teaches " +
    "learn learns learning start starts improve improves master masters " +
    "is are be been am was were will can should could do does did have has " +
    "new simple small little better best more most very really just also all easy quick daily weekly " +
    "step steps personalized personalised custom complete ultimate " +
    "people users user anyone everyone someone folks"
  ).split(" "),
);

/** Words that end the subject phrase and start what follows it. */
const BOUNDARY = new Set(
  "for to with that who which so and or but in on at by from into while without through using via of".split(" "),
);

const PROPER = new Set(
  (
    "english spanish french german italian portuguese japanese chinese mandarin cantonese korean arabic russian " +
    "hindi dutch swedish norwegian danish greek turkish polish hebrew vietnamese thai indonesian latin python javascript " +
    "typescript excel"
  ).split(" "),
);

export const tidy = (text: string) => text.replace(/\s+/g, " ").trim();

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}'+#-]+/u)
    .map((w) => w.replace(/^['-]+|['-]+$/g, ""))
    .filter(Boolean);

export const properCase = (word: string) => (PROPER.has(word) ? word[0]!.toUpperCase() + word.slice(1) : word);

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** How strongly an idea is about a domain: whole-word keyword hits, longer phrases worth more. */
function domainScore(lower: string, domain: PracticeDomain): { score: number; keyword: string | null } {
  let score = 0;
  let keyword: string | null = null;
  let earliest = Infinity;
  for (const k of domain.keywords) {
    const match = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(k.toLowerCase())}(?![\\p{L}\\p{N}])`, "u").exec(lower);
    if (!match) continue;
    score += 1 + k.split(/\s+/).length;
    if (match.index < earliest) {
      earliest = match.index;
      keyword = k.toLowerCase();
    }
  }
  return { score, keyword };
}

/** The taxonomy domain the idea is most about (ties: the keyword that comes first in the idea). */
export async function matchDomain(idea: string): Promise<{ domain: PracticeDomain; keyword: string } | null> {
  const taxonomy = await practiceDomains();
  const lower = ` ${idea.toLowerCase()} `;
  let best: { domain: PracticeDomain; keyword: string; score: number; at: number } | null = null;
  for (const domain of taxonomy) {
    const { score, keyword } = domainScore(lower, domain);
    if (!keyword || score === 0) continue;
    const at = lower.indexOf(keyword);
    if (!best || score > best.score || (score === best.score && at < best.at)) best = { domain, keyword, score, at };
  }
  return best ? { domain: best.domain, keyword: best.keyword } : null;
}

/** The idea's first content noun phrase (up to three words, before 'for', 'to', 'with'…). */
export function subjectPhrase(idea: string): string | null {
  const list = words(idea.replace(/\b\d+[-\s]?(?:day|week|month|minute|min)s?\b/gi, " "));
  const phrase: string[] = [];
  for (const w of list) {
    if (BOUNDARY.has(w)) {
      if (phrase.length > 0) break;
      continue;
    }
    if (FILLER.has(w) || /^\d+$/.test(w) || w.length < 2) {
      if (phrase.length > 0) break;
      continue;
    }
    phrase.push(w);
    if (phrase.length === 3) break;
  }
  return phrase.length > 0 ? phrase.map(properCase).join(" ") : null;
}

const DETERMINERS = new Set("a an the your our their my his her some".split(" "));
/** Words too general to name an audience by: 'an app to help people…' says nothing about who. */
const NOBODY = new Set("people users user anyone everyone someone folks folk them you us me".split(" "));
/** A word that names a group of people: plural-looking ('workers', 'over-50s', 'children'). */
const isGroup = (word: string) =>
  word.length > 2 && /(?:s|people|folk|men|women|children|staff|crew)$/.test(word) && !/(?:ous|ss|us|is)$/.test(word);

/**
 * Who the idea is for and what they want, from 'helps X do Y' or 'for X (who want to Y)': X ends at
 * its first group word ('kids aged 6 to 10' → 'kids'); Y is what follows.
 */
export function audienceAndOutcome(idea: string): { audience: string | null; outcome: string | null } {
  const sentence = tidy(idea)
    .toLowerCase()
    .replace(/(?<=\S)[.!?](?:\s.*)?$/, "");
  const tokens = (text: string) => text.split(" ").filter(Boolean);
  const groupAt = (list: string[]) => {
    const words = list.slice(0, 5);
    const end = words.findIndex((w) => isGroup(w.replace(/[^\p{L}\p{N}-]/gu, "")));
    if (end < 0) return null;
    const group = words.slice(0, end + 1).map((w) => w.replace(/[^\p{L}\p{N}'-]/gu, ""));
    while (group.length > 0 && DETERMINERS.has(group[0]!)) group.shift();
    return group.length > 0 && group.every(Boolean) && !group.some((w) => BOUNDARY.has(w))
      ? { group, rest: list.slice(end + 1) }
      : null;
  };
  const outcomeFrom = (rest: string[], needsLead: boolean) => {
    let text = rest
      .join(" ")
      .replace(/[,;:]+$/, "")
      .trim();
    // 'kids aged 6 to 10 to tie knots': the age says who, not what.
    text = text.replace(/^aged\s+\d+\s*(?:to|-|–)\s*\d+\s+/, "");
    const lead = /^(?:who|that)\s+(?:want|wants|need|needs|would like)\s+to\s+|^to\s+/.exec(text);
    if (lead) text = text.slice(lead[0].length);
    else if (needsLead) return null;
    const first = text.split(" ")[0] ?? "";
    return text.length >= 4 && /^\p{L}/u.test(first) && !BOUNDARY.has(first) ? text.slice(0, 120) : null;
  };
  const helps = /\b(?:helps?|gets?|takes?|coaches|trains|teaches)\s+(.+)$/.exec(sentence);
  if (helps) {
    const list = tokens(helps[1]!);
    const found = groupAt(list);
    if (found && !NOBODY.has(found.group.at(-1)!))
      return { audience: found.group.join(" "), outcome: outcomeFrom(found.rest, false) };
    // 'help people learn X' / 'help you learn X': nobody in particular; the rest is the outcome.
    const skip = list.findIndex((w) => !NOBODY.has(w) && !DETERMINERS.has(w));
    return { audience: null, outcome: skip > 0 ? outcomeFrom(list.slice(skip), false) : null };
  }
  const forMatch = /\bfor\s+(.+)$/.exec(sentence);
  if (forMatch) {
    const found = groupAt(tokens(forMatch[1]!));
    if (found && !NOBODY.has(found.group.at(-1)!))
      return { audience: found.group.join(" "), outcome: outcomeFrom(found.rest, true) };
  }
  const to = /\b(?:so (?:that )?(?:you|they) can|in order to)\s+(.+)$/.exec(sentence);
  return { audience: null, outcome: to ? outcomeFrom(tokens(to[1]!), false) : null };
}

/** A length the idea names, in weeks: '6-week', '30 days', '3 months'. */
const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirty: 30,
  ninety: 90,
};

export function weeksOf(idea: string): number | null {
  const m =
    /\b(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirty|ninety)[-\s]?(day|week|month)s?\b/i.exec(
      idea,
    );
  if (!m) return null;
  const n = NUMBER_WORDS[m[1]!.toLowerCase()] ?? Number(m[1]);
  const unit = m[2]!.toLowerCase();
  const weeks = unit === "day" ? Math.ceil(n / 7) : unit === "month" ? Math.round(n * 4.345) : n;
  return weeks >= 1 && weeks <= 52 ? weeks : null;
}

/**
 * A domain made from an idea the taxonomy does not know, in the idea's own words: an arc of plain
 * stages from first steps to the learner's own project, with the outcome the idea names. It claims no
 * knowledge of the practice it does not have (no drills, no peak sessions, no goal days): the guided
 * build (./guided.ts) replaces it with the creator's own milestones and sessions.
 */
export function genericDomain(subject: string, outcome: string | null = null): PracticeDomain {
  const s = subject;
  const S = capitalise(s);
  const aim = outcome ? capitalise(outcome) : null;
  const phase = (
    title: string,
    focus: string,
    sessions: string[],
    level: PracticeDomain["phases"][number]["level"] = "all",
  ) => ({ title, focus, sessions, level });
  return {
    id: "generic",
    ...ownPractice(s),
    goals: [
      ...(aim ? [{ value: "outcome", label: clipText(aim, 100) }] : []),
      { value: "start", label: `Get started with ${s}` },
      { value: "habit", label: `Make ${s} a regular habit` },
      { value: "improve", label: `Get noticeably better at ${s}` },
    ].slice(0, 4),
    milestones: [
      `First week of ${s} done`,
      `Ten ${s} sessions completed`,
      `Something new in ${s} you can show`,
      aim ?? `A month of regular ${s}`,
    ],
    questions: [
      {
        key: "experience",
        label: `How much ${s} have you done before?`,
        type: "single_choice",
        options: [
          { value: "none", label: "None yet" },
          { value: "some", label: "A little, on and off" },
          { value: "lots", label: "Quite a lot" },
        ],
      },
      MINUTES_PER_SESSION,
    ],
    phases: [
      phase(
        `${S}: first steps`,
        `The basics of ${s}, in short sessions that build the habit.`,
        [`${S} basics, 15 min`, "Write down one thing you noticed"],
        "beginner",
      ),
      phase("A regular rhythm", `Short, regular ${s} sessions on the days you picked.`, [
        `${S}, 20 min`,
        `${S}, 25 min`,
      ]),
      phase("Slow and careful", `Slow, careful ${s}: one detail at a time.`, [
        `One detail of ${s}, slowly, 15 min`,
        `${S}, 20 min`,
      ]),
      phase("Something to show", `A first piece of ${s} you can show someone.`, [
        `${S}, 30 min`,
        "Look back: what went well",
      ]),
      phase("Widening out", `Something new in ${s}, one thing at a time.`, [
        `Try something new in ${s}, 25 min`,
        "Repeat last session's new thing, 15 min",
      ]),
      phase(
        "Further on",
        `A little more each week, never too much at once.`,
        [`${S}, 30 min`, `${S}, 20 min`],
        "intermediate",
      ),
      phase("Putting it together", `Whole ${s} sessions that use what you have learned.`, [
        `${S}, 35 min`,
        "Short recap, 10 min",
      ]),
      phase(
        "Your own project",
        `A ${s} project of your own choosing, in steps.`,
        [`Your ${s} project, 40 min`, "Notes on your project, 10 min"],
        "advanced",
      ),
      phase(
        aim ? clipText(aim, 80) : "Where you wanted to be",
        aim ? `${aim}: the last stretch, at an easy pace.` : `Steady ${s}, and a look back at how far you have come.`,
        [`${S}, 20 min`, "Look back over your notes"],
      ),
    ],
    fillers: {
      beginner: [`Easy ${s}, 15 min`, "Rest or a short review"],
      intermediate: [`${S}, 25 min`, "Review your notes, 10 min"],
      advanced: [`${S}, 40 min`, `${S}, 30 min`],
    },
    extras: [
      {
        value: "journal",
        label: "A short journal after each session",
        session: "Journal 5 min: what worked, what to try next",
      },
      { value: "community", label: "Share progress with others", session: `Share one ${s} win with a friend or group` },
    ],
    stories: [`Starting ${s}: the first weeks`, `Keeping ${s} going`, `${S}: making it your own`],
    quizzes: [`${S}: the first weeks`, `${S}: keeping it going`],
    activities: [`${S} session log`, `Weekly ${s} check-in`],
    colors: paletteOf(s),
  };
}

// ---------------------------------------------------------------- strong evidence

/** Words that say what kind of thing the app is, never which practice: they never weaken a match. */
const NEUTRAL = new Set(
  (
    "practice practise practicing practising training routine routines lesson lessons class classes skill skills " +
    "basics fundamentals habit habits session sessions journey challenge beginner beginners novice novices home " +
    "tip tips technique techniques level levels confidence routine workout workouts exercise exercises"
  ).split(" "),
);
const PHRASE_TAGS = ["Noun", "Adjective", "Gerund", "ProperNoun", "Acronym", "Demonym"];
const NOT_PHRASE_TAGS = ["Determiner", "Preposition", "Conjunction", "Pronoun", "Value", "Date", "Duration"];
const inPhrase = (t: TaggedTerm) =>
  /\p{L}/u.test(t.lower) &&
  t.tags.some((tag) => PHRASE_TAGS.includes(tag)) &&
  !t.tags.some((tag) => NOT_PHRASE_TAGS.includes(tag));
const nounish = (t: TaggedTerm) => t.tags.some((tag) => tag === "Noun" || tag === "Gerund" || tag === "ProperNoun");
const endsPhrase = (t: TaggedTerm) => /[,:;.!?()/]/.test(t.after);

const VOCABULARIES = new WeakMap<PracticeDomain, Set<string>>();
/** Every word a domain speaks (its keywords, words and curriculum), with plural and singular forms. */
function vocabularyOf(domain: PracticeDomain): Set<string> {
  let vocabulary = VOCABULARIES.get(domain);
  if (!vocabulary) {
    vocabulary = new Set();
    for (const word of JSON.stringify(domain)
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)) {
      if (word.length < 2) continue;
      vocabulary.add(word);
      vocabulary.add(word.replace(/(?:es|s)$/, ""));
    }
    VOCABULARIES.set(domain, vocabulary);
  }
  return vocabulary;
}

const knownTo = (domain: PracticeDomain, t: TaggedTerm) => {
  const vocabulary = vocabularyOf(domain);
  return [t.lower, t.root, t.lower.replace(/(?:es|s)$/, "")].some(
    (w) => NEUTRAL.has(w) || FILLER.has(w) || vocabulary.has(w),
  );
};

/**
 * Whether the idea is really about the domain its keyword names: the noun phrase around the keyword
 * ('sourdough bread baking', 'Japanese kanji', 'chess openings') holds no noun the domain never speaks
 * of. 'baking' names cooking, but sourdough bread is not weeknight cooking; 'Japanese' names a
 * language, but kanji are not a travel phrasebook. A near miss gets its own words instead.
 */
export function strongEvidence(terms: TaggedTerm[], idea: string, domain: PracticeDomain): boolean {
  const lower = idea.toLowerCase();
  for (const keyword of domain.keywords) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(keyword.toLowerCase())}(?![\\p{L}\\p{N}])`, "gu");
    for (const match of lower.matchAll(pattern)) {
      const from = match.index;
      const to = from + match[0].length;
      const inside = terms.flatMap((t, i) => (t.end > from && t.start < to ? [i] : []));
      // The tagger split the keyword differently from the text ('5k'): the keyword alone is the evidence.
      if (inside.length === 0) return true;
      let a = inside[0]!;
      let b = inside.at(-1)!;
      // A keyword used as a verb ('stretch daily') names the practice by itself.
      if (inside.some((i) => inPhrase(terms[i]!))) {
        while (a > 0 && inPhrase(terms[a - 1]!) && !endsPhrase(terms[a - 1]!)) a--;
        while (b < terms.length - 1 && !endsPhrase(terms[b]!) && inPhrase(terms[b + 1]!)) b++;
      }
      const strangers = terms
        .slice(a, b + 1)
        .filter((t, i) => !inside.includes(a + i) && nounish(t) && !knownTo(domain, t));
      if (strangers.length === 0) return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------- subject, level, rating

/** What a creator recovering from, healing after… something practises: 'knee surgery recovery'. */
const NOMINAL: Record<string, string> = {
  recovering: "recovery",
  recover: "recovery",
  healing: "healing",
  rehabbing: "rehab",
  returning: "return",
  preparing: "preparation",
};

/** What a gerund acts on follows these ('for' names the audience instead: 'beekeeping for city dwellers'). */
const ACTS_ON = new Set(["from", "after", "with", "through"]);

/**
 * The idea's subject when it opens with a gerund and what it acts on ('Recovering from knee surgery' →
 * 'knee surgery recovery', 'Living with tinnitus' → 'tinnitus'), else null.
 */
export function gerundSubject(terms: TaggedTerm[]): string | null {
  const first = terms.findIndex((t) => !FILLER.has(t.lower) && !t.tags.includes("Value"));
  const gerund = terms[first];
  const preposition = terms[first + 1];
  if (!gerund || !preposition || !gerund.tags.includes("Gerund") || !ACTS_ON.has(preposition.lower)) return null;
  const phrase: string[] = [];
  for (const t of terms.slice(first + 2)) {
    if (phrase.length === 0 && t.tags.includes("Determiner")) continue;
    if (!inPhrase(t) || FILLER.has(t.lower)) break;
    phrase.push(properCase(t.lower));
    if (phrase.length === 3 || endsPhrase(t)) break;
  }
  if (phrase.length === 0) return null;
  const noun = NOMINAL[gerund.lower] ?? NOMINAL[gerund.root];
  return noun ? `${phrase.join(" ")} ${noun}` : phrase.join(" ");
}

/**
 * The idea's subject from its parts of speech: the first noun phrase that is not its audience, past
 * leading verbs ('Launch a podcast' → 'podcast', 'Solve a Rubik's cube' → 'Rubik's cube') and filler,
 * kept whole across hyphens ('wheel-thrown pottery'), at most four words.
 */
export function taggedSubject(terms: TaggedTerm[], audience: string | null): string | null {
  const theirs = new Set((audience ?? "").toLowerCase().split(" ").filter(Boolean));
  const ordinal = (t: TaggedTerm) => t.tags.includes("Ordinal") && t.tags.includes("TextValue");
  let i = 0;
  while (i < terms.length) {
    const phrase: TaggedTerm[] = [];
    for (; i < terms.length; i++) {
      const t = terms[i]!;
      const joined = phrase.length > 0 && phrase.at(-1)!.after === "-";
      const fits = joined || ((inPhrase(t) || ordinal(t)) && !FILLER.has(t.lower) && !BOUNDARY.has(t.lower));
      if (!fits) break;
      phrase.push(t);
      if (phrase.length === 4 || (endsPhrase(t) && t.after !== "-")) {
        i++;
        break;
      }
    }
    if (phrase.length === 0) {
      i++;
      continue;
    }
    const words = phrase.map((t) => t.lower.replace(/[^\p{L}\p{N}'-]/gu, ""));
    if (phrase.some(nounish) && !words.every((w) => theirs.has(w)))
      return (
        phrase
          .map((t, k) => properCase(words[k]!) + (t.after === "-" && k < phrase.length - 1 ? "-" : " "))
          .join("")
          .replace(/- /g, "-")
          .trim() || null
      );
  }
  return null;
}

/** What follows an idea's title when it starts with a verb ('play a steady teental'), its length left out. */
function afterTitleOutcome(rest: string, terms: TaggedTerm[]): string | null {
  const text = rest
    .trim()
    .replace(/\s+(?:in|within|over)\s+\S+[-\s]?(?:days?|weeks?|months?)\.?$/i, "")
    .replace(/[.!]+$/, "");
  const first = text.split(" ")[0]?.toLowerCase();
  const term = terms.find((t) => t.lower === first);
  return text.length >= 4 && term?.tags.includes("Verb") && !term.tags.includes("Gerund") ? text.slice(0, 120) : null;
}

/** The idea's title part when it reads 'Title: what it is' ('Dog training: loose-lead walking…'), else null. */
export function titlePart(idea: string): string | null {
  const m = /^([^:]{3,60}):\s+\S/.exec(idea);
  return m ? m[1]!.trim() : null;
}

const BEGINNERS =
  /\b(?:complete|absolute|total)?\s?(?:beginners?|novices?|first[- ]timers?|newbies?|newcomers?)\b|\bnew to\b|\bfrom scratch\b|\bnever\b/i;
const INTERMEDIATE = /\b(?:intermediate|improvers?|club players?|returning|rusty)\b/i;
const ADVANCED = /\b(?:advanced|experienced|seasoned|competitive|expert|professionals?|pros)\b/i;

/** A rating range ('rated 1200-1600', 'Elo 1500+', 'rating of 1800'). */
export function ratingOf(idea: string): { min: number; max: number | null } | null {
  const range = /\b(?:rated|ratings?(?: of)?|elo)\s*(?:of\s*)?(\d{3,4})\s*(?:-|–|to)\s*(\d{3,4})\b/i.exec(idea);
  if (range) {
    const [a, b] = [Number(range[1]), Number(range[2])];
    return a < b ? { min: a, max: b } : null;
  }
  const one = /\b(?:rated|ratings?(?: of)?|elo)\s*(?:of\s*)?(?:about|around|over|above)?\s*(\d{3,4})\b/i.exec(idea);
  return one ? { min: Number(one[1]), max: null } : null;
}

/** The level the idea says its people are at: a rating or 'club players' is past beginner. */
export function levelOf(idea: string): IdeaReading["level"] {
  if (BEGINNERS.test(idea)) return "beginner";
  if (ADVANCED.test(idea) && !/\bcompetitive\b/i.test(idea)) return "advanced";
  if (INTERMEDIATE.test(idea) || ratingOf(idea) || /\bcompetitive\b/i.test(idea)) return "intermediate";
  return null;
}

/** What an idea that names no practice at all ('I want to build an app') is about. */
export const NO_SUBJECT = "daily practice";

const hasWord = (phrase: string, word: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, "u").test(phrase);

/** Whether a text names a subject of its own (a noun phrase past filler): 'Birdwatching' does, 'My app' does not. */
export const namesSubject = async (text: string) => taggedSubject((await tagger())(text), null) !== null;

/** The known domain a text is about, on strong evidence only (a blueprint's topic: 'Sourdough bread baking' is none). */
export async function knownDomain(text: string): Promise<PracticeDomain | null> {
  const found = await matchDomain(text);
  return found && strongEvidence((await tagger())(text), text, found.domain) ? found.domain : null;
}

/** Everything the embedded default reads from an idea. Deterministic: the same idea, the same reading. */
export async function readIdea(raw: string): Promise<IdeaReading> {
  const idea = tidy(raw);
  const [terms, { audience, outcome }] = [(await tagger())(idea), audienceAndOutcome(idea)];
  // Who it is for is a weaker sign than what it is about: 'yoga for desk workers' is yoga, though
  // desk workers suggest stretching. The audience counts only when nothing else names a practice.
  const withoutAudience = audience ? idea.toLowerCase().replace(audience, " ") : idea;
  // 'Title: what it is' names its subject in the title ('Birdwatching by ear: learn 50 garden bird
  // songs' is not gardening), when the title names anything at all.
  const title = titlePart(idea);
  const named = title !== null && taggedSubject((await tagger())(title), audience) !== null ? title : null;
  const found = named ? await matchDomain(named) : ((await matchDomain(withoutAudience)) ?? (await matchDomain(idea)));
  // A known domain only on strong evidence: a near miss never borrows another subject's curriculum.
  const match = found && strongEvidence(terms, idea, found.domain) ? found : null;
  const phrase = match
    ? subjectPhrase(idea)
    : (gerundSubject(terms) ?? taggedSubject(terms, audience) ?? subjectPhrase(idea));
  // The idea's own name for the practice ('sourdough baking', 'chess openings') when it names the
  // practice and not its audience; the domain's name otherwise.
  const ownWords =
    phrase !== null &&
    match !== null &&
    hasWord(phrase.toLowerCase(), match.keyword) &&
    !(audience && audience.split(" ").some((w) => hasWord(phrase.toLowerCase(), w)));
  const subject = match
    ? PROPER.has(match.keyword)
      ? properCase(match.keyword)
      : match.domain.name.toLowerCase()
    : (phrase ?? NO_SUBJECT);
  // 'Tabla for adult beginners: play a steady teental in 10 weeks': what follows the title, when it
  // starts with a verb, is what they want.
  const outcomeAfter =
    title !== null && outcome === null ? afterTitleOutcome(idea.slice(title.length + 1), terms) : null;
  const wanted = outcome ?? outcomeAfter;
  return {
    idea,
    domain: match ? match.domain : genericDomain(subject, wanted),
    generic: !match,
    subject,
    title: match ? (ownWords ? phrase! : PROPER.has(match.keyword) ? subject : match.domain.name) : subject,
    audience: audience === null ? null : audience.split(" ").map(properCase).join(" "),
    outcome: wanted,
    weeks: weeksOf(idea),
    level: levelOf(idea),
    rating: ratingOf(idea),
  };
}
