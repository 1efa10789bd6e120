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
import { capitalise } from "~/platform/format";
import { loadOnce } from "~/platform/load-once";
import type { PracticeDomain } from "./domain";

/**
 * The taxonomy (./taxonomy, about 60 KB gzip) is a module of its own beside the worker
 * (`#lazy/practice-domains`, workers/lazy-modules.mjs): only requests that read an idea load it.
 */
const practiceDomains = loadOnce(async () => (await import("#lazy/practice-domains")).TAXONOMY);

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
    const lead = /^(?:who|that)\s+(?:want|wants|need|needs|would like)\s+to\s+|^to\s+/.exec(text);
    if (lead) text = text.slice(lead[0].length);
    else if (needsLead) return null;
    const first = text.split(" ")[0] ?? "";
    return text.length >= 4 && /^\p{L}/u.test(first) && !BOUNDARY.has(first) ? text.slice(0, 120) : null;
  };
  const helps = /\b(?:helps?|gets?|takes?|coaches|trains)\s+(.+)$/.exec(sentence);
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
 * A domain made from an idea the taxonomy does not know, in the idea's own words: sessions of
 * {subject}, a practice arc from foundations to a showcase, and plain milestones.
 */
export function genericDomain(subject: string): PracticeDomain {
  const s = subject;
  const S = capitalise(s);
  const phase = (
    title: string,
    focus: string,
    sessions: string[],
    level: PracticeDomain["phases"][number]["level"] = "all",
  ) => ({
    title,
    focus,
    sessions,
    level,
  });
  return {
    id: "generic",
    name: S,
    keywords: [s.toLowerCase()],
    signatureWords: [],
    practitioner: { one: "learner", many: "learners" },
    session: { one: "session", many: "sessions" },
    verb: `practise ${s}`,
    targetLabel: "Goal Day",
    goals: [
      { value: "start", label: `Get started with ${s}` },
      { value: "habit", label: `Make ${s} a regular habit` },
      { value: "improve", label: `Get noticeably better at ${s}` },
      { value: "milestone", label: "Reach my next big milestone" },
    ],
    milestones: [
      `First week of ${s} done`,
      `Ten ${s} sessions completed`,
      `A new ${s} skill you can show`,
      `Your ${s} goal reached`,
    ],
    metrics: [
      { key: "minutes", label: `Minutes of ${s}`, unit: "min" },
      { key: "sessions", label: "Sessions completed", unit: "sessions" },
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
      {
        key: "minutesPerSession",
        label: "Minutes you can give each session",
        type: "number",
        min: 5,
        max: 180,
        unit: "min",
      },
    ],
    phases: [
      phase(
        `${S} foundations`,
        `The basics of ${s}, in short sessions that build the habit.`,
        [`${S} basics, 15 min`, "Note one thing you learned"],
        "beginner",
      ),
      phase("A regular rhythm", `Short, regular ${s} sessions on the days you picked.`, [
        `${S} session, 20 min`,
        `${S} session, 25 min`,
      ]),
      phase("Technique", "Slow, careful practice of the details that matter most.", [
        `Technique drill, 15 min`,
        `${S} session, 20 min`,
      ]),
      phase("First milestone", `A longer ${s} session to see how far you have come.`, [
        `Long ${s} session, 40 min`,
        "Review: what went well",
      ]),
      phase("Building range", `New ${s} skills, one at a time.`, [
        `Learn one new ${s} skill, 25 min`,
        "Repeat yesterday's skill, 15 min",
      ]),
      phase(
        "Going further",
        "A little more challenge each week, never too much at once.",
        [`${S} session, 30 min`, "Stretch goal: one harder attempt"],
        "intermediate",
      ),
      phase("Putting it together", `Whole ${s} sessions that combine what you have learned.`, [
        `Full ${s} session, 35 min`,
        "Short recap, 10 min",
      ]),
      phase("Feedback", "Record or review your work and fix the biggest gap.", [
        "Record yourself, then review, 20 min",
        `Targeted ${s} session, 20 min`,
      ]),
      phase(
        "Advanced challenge",
        `Harder ${s} sessions that make your goal feel easy.`,
        [`Challenge session, 40 min`, "Recovery and review, 15 min"],
        "advanced",
      ),
      phase("Peak session", `Your biggest ${s} session of the plan.`, [
        `Longest ${s} session of the plan`,
        "Rest and reflect",
      ]),
      phase("Polish", "Shorter, sharper sessions on the details.", [
        `Polish the details, 20 min`,
        `Easy ${s} session, 15 min`,
      ]),
      phase("Goal week", `Light ${s} sessions, rest and a plan for the day.`, [
        `Light ${s} session, 15 min`,
        "Rest",
        "Goal day: show what you can do",
      ]),
    ],
    fillers: {
      beginner: [`Easy ${s} session, 15 min`, "Rest or a short review"],
      intermediate: [`${S} session, 25 min`, "Review your notes, 10 min"],
      advanced: [`${S} session, 40 min`, "Focused drill, 20 min"],
    },
    extras: [
      {
        value: "journal",
        label: "A short journal after each session",
        session: "Journal 5 min: what worked, what to try next",
      },
      { value: "community", label: "Share progress with others", session: `Share one ${s} win with a friend or group` },
    ],
    stories: [`Why ${s} gets easier with small steps`, `The most common ${s} mistakes`, `How to keep going with ${s}`],
    quizzes: [`${S} basics`, `${S}: what to practise next`],
    activities: [`${S} session log`, `Weekly ${s} check-in`, `${S} challenge day`],
    colors: { primary: "#2f5d8a", accent: "#f2a541" },
  };
}

/** What an idea that names no practice at all ('I want to build an app') is about. */
export const NO_SUBJECT = "daily practice";

const hasWord = (phrase: string, word: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, "u").test(phrase);

/** Everything the embedded default reads from an idea. Deterministic: the same idea, the same reading. */
export async function readIdea(raw: string): Promise<IdeaReading> {
  const idea = tidy(raw);
  const { audience, outcome } = audienceAndOutcome(idea);
  // Who it is for is a weaker sign than what it is about: 'yoga for desk workers' is yoga, though
  // desk workers suggest stretching. The audience counts only when nothing else names a practice.
  const withoutAudience = audience ? idea.toLowerCase().replace(audience, " ") : idea;
  const match = (await matchDomain(withoutAudience)) ?? (await matchDomain(idea));
  const phrase = subjectPhrase(idea);
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
  return {
    idea,
    domain: match ? match.domain : genericDomain(subject),
    generic: !match,
    subject,
    title: match ? (ownWords ? phrase! : PROPER.has(match.keyword) ? subject : match.domain.name) : subject,
    audience: audience === null ? null : audience.split(" ").map(properCase).join(" "),
    outcome,
    weeks: weeksOf(idea),
  };
}
