/**
 * The embedded plan generator (no model): from the end user's onboarding answers and the app's
 * blueprint it builds a personalized plan (spec 3 "Personalized plan", 9 defaults): the expected
 * number of dated phases with titles, weekly focus and sessions sized to the days the user can
 * train, the programme length from the target date, the countdown copy, title and description.
 * Pure and deterministic: the same answers on the same day give the same plan; different answers
 * give visibly different plans. The AI adapter falls back to it.
 */
import { longDateText } from "~/platform/format";
import { PLAN_DEFAULTS, type Blueprint, type BlueprintVocabulary, type Plan, type PlanPhase } from "~/db/app-content";

export type PlanAnswers = Record<string, unknown>;
type Level = "beginner" | "intermediate" | "advanced";
type Template = Blueprint["phaseTemplates"][number];

const t = (title: string, focus: string, sessions: string[], level: Template["level"] = "all"): Template => ({
  title,
  focus,
  sessions,
  level,
});

/** Spec 9's half-marathon plan: what an app without a (usable) blueprint gets. */
export const DEFAULT_BLUEPRINT: Blueprint = {
  topic: "Running",
  goal: "Run a half marathon in under 2 hours",
  planTitle: "Your Half Marathon Plan",
  description: PLAN_DEFAULTS.description,
  targetLabel: "Race Day",
  defaultProgramLengthWeeks: PLAN_DEFAULTS.programLengthWeeks,
  expectedPhaseCount: PLAN_DEFAULTS.expectedPhases,
  phaseTemplates: [
    t(
      "Run-walk foundations",
      "Build the habit with easy run-walk intervals.",
      ["Run 2 min / walk 1 min × 8", "Easy 20 min walk-run"],
      "beginner",
    ),
    t("Easy aerobic base", "Conversational running to build your engine.", ["Easy 30 min", "Long easy 45 min"]),
    t("Cadence and form", "Quick, light steps; relaxed shoulders.", ["Easy 30 min with 6 × 20 s strides"]),
    t("First long run", "Time on feet at an easy pace.", ["Long run 60 min easy"]),
    t("Hill strength", "Short hills build power.", ["8 × 45 s uphill, jog down"], "intermediate"),
    t("Tempo introduction", "Comfortably hard running.", ["2 × 8 min tempo"]),
    t("Long run build", "Extend the long run toward race distance.", ["Long run 75–90 min easy"]),
    t("Race-pace practice", "Lock in your race pace.", ["3 × 2 km at race pace"]),
    t("Speed endurance", "Intervals that make race pace feel easy.", ["6 × 800 m at 10 km pace"], "advanced"),
    t("Peak long run", "Your longest run.", ["Long run 16–18 km"]),
    t("Sharpening", "Shorter, faster, fresher.", ["Tempo 20 min"]),
    t("Taper", "Less running, same rhythm.", ["Easy 30 min", "4 × 1 km at race pace"]),
    t("Race week", "Short shake-outs, sleep and fuel.", ["Shake-out 20 min", "Race day: start steady, finish strong"]),
  ],
};

const DAY = 86_400_000;

function pickLevel(value: unknown): Level {
  if (typeof value === "string" && FROM_PHASE.test(value)) return "intermediate";
  return value === "intermediate" || value === "advanced" ? value : "beginner";
}

/** A level answer that names where to start: 'from-3' starts at the third phase ('I can already: …'). */
const FROM_PHASE = /^from-(\d{1,2})$/;

/** The phases a user starts with: all of them, or from the one their level answer names (at least one left). */
function startingAt<T>(templates: T[], value: unknown): T[] {
  const from = typeof value === "string" ? Number(FROM_PHASE.exec(value)?.[1] ?? 1) : 1;
  return templates.slice(Math.min(Math.max(0, from - 1), templates.length - 1));
}

function pickDays(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) && n >= 1 ? Math.min(7, Math.round(n)) : 3;
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function dayMs(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(ms) ? null : ms;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The blueprint's templates for this level, in training order ('all' plus the level's own). */
export function templatesFor(blueprint: Blueprint, level: Level): Template[] {
  const own = blueprint.phaseTemplates.filter((p) => p.level === "all" || p.level === level);
  return own.length > 0 ? own : blueprint.phaseTemplates;
}

/**
 * Exactly `count` templates in training order: evenly chosen when there are more, stretched (a
 * template repeated as 'part 2') when there are fewer. The last template (race week) always closes.
 */
export function spreadTemplates(templates: Template[], count: number): { template: Template; part: number }[] {
  const out: { template: Template; part: number }[] = [];
  const len = templates.length;
  for (let i = 0; i < count; i++) {
    const index = count === 1 ? len - 1 : Math.round((i * (len - 1)) / (count - 1));
    const template = templates[index];
    const part = out.filter((o) => o.template === template).length + 1;
    out.push({ template, part });
  }
  return out;
}

/**
 * The spec's default words: half-marathon running (spec 9), for blueprints that carry no
 * vocabulary of their own (the demo app, apps made before vocabularies).
 */
export const RUNNING_VOCABULARY: BlueprintVocabulary = {
  session: { one: "run", many: "runs" },
  fillers: {
    beginner: ["Easy 20 min walk-run", "Rest or gentle mobility", "Easy 25 min"],
    intermediate: ["Easy 35 min", "Easy 30 min + 4 strides", "Cross-training 30 min"],
    advanced: ["Easy 45 min", "Recovery 30 min + 6 strides", "Easy 50 min"],
  },
  extras: [
    { value: "strength", label: "Strength training", session: "Strength 20 min: squats, lunges, calf raises, planks" },
    { value: "mobility", label: "Mobility", session: "Mobility 10 min after your runs" },
    {
      value: "nutrition",
      label: "Race nutrition",
      session: "Race nutrition: practise your breakfast and gels on a long run",
    },
  ],
  goals: [
    { value: "finish", aim: "Aim: reach the finish line strong and smiling." },
    { value: "sub2", aim: "Aim: hold 5:40 per km, a 1:59 half marathon." },
    { value: "pb", aim: "Aim: run faster than your personal best." },
  ],
};

/** Extras that belong in the last phase only (race-day rehearsal), by the default's convention. */
const FINAL_PHASE_EXTRAS = new Set(["nutrition"]);

/** A phase's weekly sessions: the template's, then the vocabulary's easy fillers, exactly `days` of them, plus the extras asked for. */
export function sessionsFor(
  template: Template,
  days: number,
  level: Level,
  extras: string[],
  vocabulary: BlueprintVocabulary = RUNNING_VOCABULARY,
  isLast = false,
): string[] {
  const sessions = template.sessions.slice(0, days);
  const fill = vocabulary.fillers[level];
  for (let i = 0; sessions.length < days; i++) sessions.push(fill[i % fill.length]!);
  for (const extra of vocabulary.extras) {
    if (!extras.includes(extra.value)) continue;
    if (FINAL_PHASE_EXTRAS.has(extra.value) && vocabulary === RUNNING_VOCABULARY && !isLast) continue;
    sessions.push(extra.session);
  }
  return sessions;
}

/**
 * The minutes a user said one session may take: the `minutesPerSession` number, or an answer such
 * as `{sessionLength: "30-min"}` whose key speaks of minutes or a session's length. Null when none.
 */
export function sessionMinutesOf(answers: PlanAnswers): number | null {
  for (const [key, value] of Object.entries(answers)) {
    if (!/minutes|session_?length|session_?time|time_?per_?session/i.test(key)) continue;
    const minutes =
      typeof value === "number" ? value : Number(/^(\d+)(?:\s?-?\s?min(?:utes?)?)?$/i.exec(String(value))?.[1]);
    if (Number.isFinite(minutes) && minutes >= 5 && minutes <= 600) return Math.round(minutes);
  }
  return null;
}

/** A session no longer than `limit` minutes: '40 min' becomes '20 min', '1 h' becomes '20 min'; shorter ones stay. */
export function withinMinutes(session: string, limit: number): string {
  return session
    .replace(/\b(\d+(?:\.\d+)?)\s?(h|hrs?|hours?)\b/gi, (whole, n: string) =>
      Number(n) * 60 > limit ? `${limit} min` : whole,
    )
    .replace(/\b(\d+)(\s?)(min|mins|minutes)\b/gi, (whole, n: string, space: string, unit: string) =>
      Number(n) > limit ? `${limit}${space}${unit}` : whole,
    );
}

const LEVEL_NAME: Record<Level, string> = { beginner: "Beginner", intermediate: "Intermediate", advanced: "Advanced" };

export interface GenerateInput {
  answers: PlanAnswers;
  blueprint: Blueprint | null;
  /** Today's date (YYYY-MM-DD) in the user's calendar: where the plan starts. */
  today: string;
}

/** Builds the personalized plan (spec defaults where the blueprint says nothing). */
export function generatePlan({ answers, blueprint: given, today }: GenerateInput): Plan {
  const blueprint = given ?? DEFAULT_BLUEPRINT;
  const level = pickLevel(answers.currentLevel);
  const days = pickDays(answers.daysPerWeek);
  const extras = Array.isArray(answers.extras) ? answers.extras.map(String) : [];
  const goal = typeof answers.goal === "string" ? answers.goal : "";
  // The minutes the user can give a session bound every session's length.
  const minutes = sessionMinutesOf(answers);
  const startMs = dayMs(today) ?? dayMs(isoDay(Date.now()))!;

  // The programme runs to the target date when it is in the future (at most a year), else the default length.
  const targetMs = typeof answers.targetDate === "string" ? dayMs(answers.targetDate) : null;
  const weeks =
    targetMs !== null && targetMs > startMs
      ? Math.min(52, Math.max(1, Math.ceil((targetMs - startMs) / (7 * DAY))))
      : blueprint.defaultProgramLengthWeeks || PLAN_DEFAULTS.programLengthWeeks;
  const endMs = targetMs !== null && targetMs > startMs && weeks < 52 ? targetMs : startMs + weeks * 7 * DAY;
  const totalDays = Math.max(1, Math.round((endMs - startMs) / DAY));

  const count = blueprint.expectedPhaseCount || PLAN_DEFAULTS.expectedPhases;
  const vocabulary = blueprint.vocabulary ?? RUNNING_VOCABULARY;
  const chosen = spreadTemplates(startingAt(templatesFor(blueprint, level), answers.currentLevel), count);
  const goalLine = vocabulary.goals.find((g) => g.value === goal)?.aim ?? (goal ? `Aim: ${goal}.` : "");
  const phases: PlanPhase[] = chosen.map(({ template, part }, i) => {
    const from = Math.floor((i * totalDays) / count);
    const to = Math.max(from, Math.floor(((i + 1) * totalDays) / count) - 1);
    return {
      id: `phase-${i + 1}`,
      title: part > 1 ? `${template.title} (part ${part})` : template.title,
      focus: [template.focus, i === count - 1 ? goalLine : ""].filter(Boolean).join(" "),
      startDate: isoDay(startMs + from * DAY),
      endDate: isoDay(startMs + to * DAY),
      weekNumber: Math.floor(from / 7) + 1,
      sessions: sessionsFor(template, days, level, extras, vocabulary, i === count - 1).map((s) =>
        minutes === null ? s : withinMinutes(s, minutes),
      ),
    };
  });

  const longest = Number(answers.longestRunKm);
  const personal = [
    `${LEVEL_NAME[level]} level, ${plural(days, vocabulary.session.one, vocabulary.session.many)} a week over ${plural(weeks, "week")}.`,
    Number.isFinite(longest) && longest > 0 ? `It starts from your longest recent run of ${longest} km.` : "",
    minutes === null ? "" : `Every ${vocabulary.session.one} fits in ${minutes} minutes.`,
    typeof answers.previousBest === "string" && answers.previousBest.trim()
      ? `Your best so far: ${answers.previousBest.trim()}.`
      : "",
    goalLine,
  ]
    .filter(Boolean)
    .join(" ");

  return {
    title: `${blueprint.planTitle}: ${LEVEL_NAME[level]}, ${plural(days, "day")} a week`,
    description: `${blueprint.description} ${personal}`.trim(),
    phases,
    totalPhaseCount: phases.length,
    targetDate: isoDay(endMs),
    programLengthWeeks: weeks,
    timeToTargetLabel: `Time to ${blueprint.targetLabel}`,
    timeToTargetTitle: plural(weeks, "week"),
    timeToTargetDescription: `${blueprint.targetLabel} is ${longDateText(endMs)}: ${plural(phases.length, "phase")} to get you there.`,
  };
}
