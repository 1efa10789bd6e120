/**
 * The guided build: for a subject the taxonomy does not know, the creator says what only they know
 * (the outcome, the milestones on the way, what one session looks like and how long it is, what to
 * avoid) and the app is composed from those answers: its goals, onboarding, plan phases, stories,
 * quizzes and activities speak the creator's words, never a template's.
 *
 *   subject "watercolour landscapes", milestones ["Mix a clean wash", "Paint a sky in ten minutes", …]
 *   → phases "Mix a clean wash", "Paint a sky in ten minutes", …; level question "I can already: mix a
 *     clean wash"; sessions "Paint one small study from a photo, 25 min"
 */
import { capitalise, clipText } from "~/platform/format";
import type { PracticeDomain } from "./domain";
import { hashOf } from "./random";

/** What the creator answers (features/builder/schema.ts buildGuideSchema checks it). */
export interface BuildGuide {
  /** What a learner can do at the end: 'paint a landscape outdoors in an hour'. */
  outcome: string;
  /** 3–8 milestones, in the order a learner reaches them. */
  milestones: string[];
  /** What one session looks like: 'paint one small study from a photo'. */
  session: string;
  /** How long one session is, in minutes. */
  sessionMinutes: number;
  /** What learners should avoid, or null. */
  avoid: string | null;
}

/** Theme colours for apps of subjects no domain knows: primaries that keep 4.5:1 against white, chosen by the subject. */
export const PALETTES: PracticeDomain["colors"][] = [
  { primary: "#2f5d8a", accent: "#f2a541" },
  { primary: "#7a3e6d", accent: "#f4b860" },
  { primary: "#2e6b4f", accent: "#e9c46a" },
  { primary: "#8a4b2a", accent: "#9cc5a1" },
  { primary: "#3d4f9f", accent: "#f28f6b" },
  { primary: "#1f6f78", accent: "#f6c85f" },
];

/**
 * What every practice made of the idea's own words shares (the generic arc, ./idea.ts, and the guided
 * build): its name, plain words for who practises and what one sitting is, and what is counted.
 */
export function ownPractice(s: string) {
  return {
    name: capitalise(s),
    keywords: [s.toLowerCase()],
    signatureWords: [],
    practitioner: { one: "learner", many: "learners" },
    session: { one: "session", many: "sessions" },
    verb: `practise ${s}`,
    targetLabel: "Target date",
    metrics: [
      { key: "minutes", label: `Minutes of ${s}`, unit: "min" },
      { key: "sessions", label: "Sessions completed", unit: "sessions" },
    ],
  } satisfies Partial<PracticeDomain>;
}

/** The question whose answer bounds every session's length (plans/generator.ts sessionMinutesOf). */
export const MINUTES_PER_SESSION: PracticeDomain["questions"][number] = {
  key: "minutesPerSession",
  label: "Minutes you can give each session",
  type: "number",
  min: 5,
  max: 180,
  unit: "min",
};

/** The subject's theme colours: the same subject, the same colours. */
export const paletteOf = (subject: string) => PALETTES[hashOf(subject.toLowerCase()) % PALETTES.length]!;

/** 'Mix a clean wash' → 'mix a clean wash' (a proper noun or acronym keeps its capital). */
const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text);
const tidyLine = (text: string) =>
  text
    .replace(/\s+/g, " ")
    .replace(/[.;,]+$/, "")
    .trim();

/** Level options of the guided onboarding: where a learner starts ('from-2' starts at the second milestone). */
export function guidedLevels(subject: string, milestones: string[]): { value: string; label: string }[] {
  return [
    { value: "beginner", label: clipText(`I am new to ${subject}`, 100) },
    ...milestones.slice(0, 2).map((m, i) => ({ value: `from-${i + 2}`, label: clipText(`I can already: ${m}`, 100) })),
  ];
}

/** The app's practice, made of the creator's answers. */
export function guidedDomain(subject: string, guide: BuildGuide): PracticeDomain {
  const s = subject;
  const milestones = guide.milestones.map(tidyLine).filter(Boolean);
  const session = capitalise(tidyLine(guide.session));
  const minutes = guide.sessionMinutes;
  const short = Math.max(5, Math.round((minutes * 0.6) / 5) * 5);
  const outcome = capitalise(tidyLine(guide.outcome));
  const avoid = guide.avoid ? tidyLine(guide.avoid) : null;
  const last = milestones.length - 1;
  return {
    id: "guided",
    ...ownPractice(s),
    goals: [
      { value: "outcome", label: clipText(outcome, 100) },
      ...milestones
        .slice(1, last)
        .slice(-3)
        .map((m) => ({ value: `milestone-${milestones.indexOf(m) + 1}`, label: clipText(m, 100) })),
    ],
    milestones,
    questions: [MINUTES_PER_SESSION],
    levels: guidedLevels(s, milestones),
    phases: milestones.map((m, i) => ({
      title: clipText(m, 80),
      focus: clipText(
        i === 0
          ? `Where everyone starts: "${m}".${avoid ? ` Avoid ${lowerFirst(avoid)}.` : ""}`
          : `From "${milestones[i - 1]}" to "${m}".`,
        300,
      ),
      sessions: [
        clipText(`${session}, ${minutes} min`, 120),
        clipText(i === last ? `Try it: ${lowerFirst(outcome)}` : `Check where you are: "${m}"`, 120),
      ],
      level: "all" as const,
    })),
    fillers: {
      beginner: [clipText(`${session}, ${short} min`, 120), "Rest, or look back over your notes"],
      intermediate: [clipText(`${session}, ${minutes} min`, 120), "Look back over your notes, 10 min"],
      advanced: [clipText(`${session}, ${minutes} min`, 120), clipText(`${session}, ${short} min`, 120)],
    },
    extras: [
      {
        value: "journal",
        label: "A short journal after each session",
        session: "Journal 5 min: what worked, what to try next",
      },
    ],
    stories: milestones.slice(0, 5).map((m) => clipText(`${m}: what it takes`, 120)),
    quizzes: milestones.slice(0, 5).map((m) => clipText(`${m}: check yourself`, 120)),
    activities: [clipText(`${session}: how it went`, 120), clipText(`${milestones[0]}: how it went`, 120)],
    colors: paletteOf(s),
    cautions: avoid,
  };
}
