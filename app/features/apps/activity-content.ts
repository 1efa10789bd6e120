/**
 * Activities written by the embedded default (issue 14): not a page of instructions but something
 * the end user does and reports on, card by card: what to do, what they measured (the practice's
 * own metrics, with units), how it felt, a photo, an AI analysis against a rubric the analyser can
 * check (each measure's target range, the practice's keywords) and a summary. Pure and deterministic.
 *
 * The ranges are for one session of a beginner-to-intermediate practitioner; a creator edits them
 * in the card's prompt like any other words.
 */
import { ANALYSIS_PROMPT_MAX, type ActivityCard, type BlueprintItem } from "~/db/app-content";
import type { PracticeDomain } from "~/platform/adapters/ai/embedded/domain";
import { clipText } from "~/platform/format";

type Activity = Extract<BlueprintItem, { kind: "activity" }>;
type Metric = PracticeDomain["metrics"][number];

/**
 * One session's target range by metric key ("domain/key" where two practices share a key with
 * different sizes). Keys absent here are totals over weeks (runs completed, streaks) or have no
 * range that fits everyone (body weight): an activity does not ask for them.
 */
const SESSION_RANGES: Record<string, readonly [number, number]> = {
  distance_km: [3, 10],
  "cycling/distance_km": [15, 50],
  "hiking/distance_km": [6, 16],
  avg_pace: [5, 8],
  long_run_km: [8, 14],
  top_set_kg: [20, 100],
  mat_minutes: [15, 45],
  crow_hold: [5, 30],
  teaser_hold: [5, 30],
  elevation_m: [100, 600],
  ftp_watts: [120, 250],
  avg_speed: [18, 28],
  distance_m: [400, 1500],
  pace_100: [110, 180],
  lengths: [16, 60],
  ascent_m: [200, 900],
  pack_kg: [4, 10],
  time_on_feet: [2, 6],
  mobility_minutes: [10, 30],
  toe_reach: [0, 15],
  stiffness_score: [0, 4],
  rounds: [3, 8],
  kicks: [50, 200],
  dance_minutes: [20, 60],
  counts_learned: [2, 8],
  problems_sent: [4, 15],
  top_grade: [0, 4],
  wall_minutes: [45, 120],
  score: [80, 110],
  putts_per_round: [30, 38],
  fairways_hit: [5, 10],
  minutes_played: [15, 45],
  clean_tempo: [60, 120],
  minutes_practised: [15, 45],
  scale_tempo: [60, 120],
  minutes_sung: [10, 30],
  range_semitones: [12, 24],
  longest_note: [10, 25],
  studio_minutes: [30, 120],
  loudness: [-16, -8],
  minutes_meditated: [5, 20],
  calm_rating: [6, 9],
  hours_slept: [7, 9],
  sleep_latency: [10, 20],
  sleep_quality: [6, 9],
  veg_portions: [5, 8],
  plant_variety: [20, 30],
  water_litres: [1.5, 2.5],
  protein_g: [60, 120],
  daily_steps: [6000, 10000],
  breath_minutes: [2, 10],
  stress_level: [2, 5],
  hrv: [30, 80],
  focus_minutes: [50, 150],
  pomodoros: [2, 6],
  words_learned: [5, 20],
  study_minutes: [15, 30],
  speaking_minutes: [5, 15],
  coding_minutes: [30, 90],
  exercises_solved: [1, 5],
  commits: [1, 5],
  minutes_spoken: [1, 5],
  filler_words: [0, 3],
  puzzles_solved: [5, 15],
  games_played: [1, 3],
  words_written: [300, 1000],
  writing_minutes: [20, 60],
  frames_shot: [50, 200],
  keepers: [3, 10],
  drawing_minutes: [15, 45],
  pages_filled: [1, 2],
  cooking_minutes: [20, 60],
  garden_minutes: [20, 90],
  harvest_kg: [0.5, 3],
  savings_rate: [10, 20],
  night_wakings: [0, 2],
  nap_minutes: [60, 180],
  tantrums_day: [0, 2],
};

/** For practices outside the taxonomy (idea.ts), whose metrics are minutes: a range by unit. */
const UNIT_RANGES: Record<string, readonly [number, number]> = { min: [15, 45], h: [1, 3], s: [10, 60] };

/** What the end user photographs, where a practice has something to show. */
const PHOTO_OF: Record<string, string> = {
  running: "your watch or your route map",
  cycling: "your bike computer or your route map",
  swimming: "your watch or the pool clock",
  hiking: "your route map or the view from the top",
  yoga: "your pose, from the side",
  pilates: "your position, from the side",
  mobility: "your stretch, from the side",
  "strength-training": "your lift, from the side",
  "martial-arts": "your stance",
  dance: "your finishing pose",
  climbing: "the problem you sent",
  golf: "your scorecard",
  guitar: "your fretting hand",
  piano: "your hands on the keys",
  violin: "your bow hold",
  drums: "your kit set-up",
  cooking: "your plate",
  gardening: "your harvest or your beds",
  drawing: "your sketchbook page",
  photography: "your best frame",
  writing: "your page",
  nutrition: "your plate",
};

export interface MeasuredMetric extends Metric {
  low: number;
  high: number;
}

/** The metric with its session range, or null when a session cannot measure it. */
export function measured(domain: PracticeDomain, metric: Metric): MeasuredMetric | null {
  const range =
    SESSION_RANGES[`${domain.id}/${metric.key}`] ?? SESSION_RANGES[metric.key] ?? UNIT_RANGES[metric.unit] ?? null;
  return range ? { ...metric, low: range[0], high: range[1] } : null;
}

/** Words too common to say what an activity is about. */
const COMMON = new Set([
  "the",
  "and",
  "your",
  "this",
  "that",
  "for",
  "with",
  "from",
  "log",
  "today",
  "week",
  "min",
  "one",
]);
const wordsOf = (text: string) => new Set((text.toLowerCase().match(/[a-z]{3,}/g) ?? []).filter((w) => !COMMON.has(w)));

/** How many of the title's words the text shares. */
const shared = (title: string, text: string) => {
  const words = wordsOf(title);
  return [...wordsOf(text)].filter((w) => words.has(w)).length;
};

/**
 * Up to two measures for this activity: those its title names best first ('Long run' → longest
 * run), then ones it does not name. A measure it names less well is left out: 'distance run' beside
 * 'longest run' would ask the same thing with a different target.
 */
export function activityMetrics(domain: PracticeDomain, title: string): MeasuredMetric[] {
  const all = domain.metrics.map((m) => measured(domain, m)).filter((m): m is MeasuredMetric => m !== null);
  const score = (m: Metric) => shared(title, `${m.label} ${m.key.replace(/_/g, " ")}`);
  const best = Math.max(0, ...all.map(score));
  return [...all.filter((m) => score(m) === best && best > 0), ...all.filter((m) => score(m) === 0)].slice(0, 2);
}

/** The phase the activity practises: the one its title names best, else an intermediate one. */
function phaseFor(domain: PracticeDomain, title: string) {
  const score = (p: PracticeDomain["phases"][number]) => shared(title, `${p.title} ${p.sessions.join(" ")}`);
  const best = [...domain.phases].sort((a, b) => score(b) - score(a))[0];
  if (best && score(best) > 0) return best;
  return domain.phases.find((p) => p.level === "intermediate") ?? domain.phases[1] ?? domain.phases[0]!;
}

const FEELINGS = ["Easy", "Just right", "Hard", "Too hard to finish"];

/** What an activity is made from: the practice's words for it, its steps and its measures. */
export interface ActivityPlan {
  id: string;
  title: string;
  /** What one sitting is called ('run') and who does it ('runner'). */
  session: string;
  practitioner: string;
  /** What the activity is for, and its steps. */
  focus: string;
  steps: string[];
  measures: MeasuredMetric[];
  /** What the end user photographs: 'your watch or your route map'. */
  photoOf: string;
  keywords: string[];
}

/** The analysis card's rubric: each measure's target range, how the feeling reads, the words to use. */
export function rubricPrompt(plan: ActivityPlan): string {
  const who = `a beginner or intermediate ${plan.practitioner}`;
  return [
    `Check this ${plan.session} against the rubric and answer in two or three short sentences, as a coach.`,
    "Rubric:",
    ...plan.measures.map(
      (m) =>
        `- ${m.label}: a ${plan.session} for ${who} is between ${m.low} and ${m.high} ${m.unit}. Below ${m.low}: encourage, and suggest a little more next time. Above ${m.high}: praise it, and warn against adding too much at once.`,
    ),
    `- How it felt: "${FEELINGS[0]}" or "${FEELINGS[1]}" is on target; "${FEELINGS[2]}" or "${FEELINGS[3]}" means the next ${plan.session} should be gentler.`,
    `Keywords: ${[...new Set(plan.keywords)].join(", ")}.`,
  ].join("\n");
}

/** The activity: an instruction, a number card per measure, how it felt, a photo, the AI analysis, a summary. */
export function activityOf(plan: ActivityPlan): Activity {
  const { session } = plan;
  const instruction = [
    `### ${plan.title}`,
    "",
    plan.focus,
    "",
    ...plan.steps.map((s, i) => `${i + 1}. ${s}`),
    "",
    "When you finish, answer the cards below: your coach reads them.",
  ].join("\n");
  const inputs: ActivityCard[] = [
    ...plan.measures.map((m, i): ActivityCard => ({
      id: `card-${i + 2}`,
      kind: "input",
      inputType: "number",
      prompt: clipText(`${m.label}: what was it today?`, 300),
      unit: clipText(m.unit, 20),
    })),
    {
      id: `card-${plan.measures.length + 2}`,
      kind: "input",
      inputType: "choice",
      prompt: clipText(`How did the ${session} feel?`, 300),
      options: FEELINGS,
    },
    {
      id: `card-${plan.measures.length + 3}`,
      kind: "input",
      inputType: "photo",
      prompt: clipText(`A photo of ${plan.photoOf}`, 300),
      optional: true,
    },
  ];
  // The analysis reads the measures and the feeling (the photo is optional, so it never waits on it).
  const reads = inputs.filter((c) => c.kind === "input" && c.inputType !== "photo").map((c) => c.id);
  const cards: ActivityCard[] = [
    { id: "card-1", kind: "instruction", body: clipText(instruction, 5_000) },
    ...inputs,
    {
      id: `card-${inputs.length + 2}`,
      kind: "analysis",
      title: clipText(`How your ${session} went`, 120),
      analysisPrompt: clipText(rubricPrompt(plan), ANALYSIS_PROMPT_MAX),
      inputIds: reads,
    },
    {
      id: `card-${inputs.length + 3}`,
      kind: "summary",
      title: clipText(`Your ${session} in short`, 120),
      summaryAnalysisPrompt: clipText(
        `Sum up this ${session} in one sentence: what was done, how it compared with the targets above, and one thing to change next time.`,
        ANALYSIS_PROMPT_MAX,
      ),
    },
  ];
  return { id: plan.id, kind: "activity", title: clipText(plan.title, 120), cards };
}

/** An activity in the practice's words, measured by its own metrics. */
export function practiceActivity(domain: PracticeDomain, title: string, id: string): Activity {
  const phase = phaseFor(domain, title);
  return activityOf({
    id,
    title,
    session: domain.session.one,
    practitioner: domain.practitioner.one,
    focus: phase.focus,
    steps: phase.sessions,
    measures: activityMetrics(domain, title),
    // An idea outside the taxonomy is named by its subject ('Beekeeping'): a photo of that.
    photoOf:
      PHOTO_OF[domain.id] ??
      (domain.id === "generic"
        ? `your ${domain.name.toLowerCase()} today`
        : `something from today's ${domain.session.one}`),
    keywords: [domain.session.one, ...domain.signatureWords.slice(0, 5)],
  });
}

const measure = (key: string, label: string, unit: string, low: number, high: number): MeasuredMetric => ({
  key,
  label,
  unit,
  low,
  high,
});

/** Spec 8's default "+" activities, for an app whose practice cannot be read. */
export const DEFAULT_ACTIVITIES: Activity[] = [
  activityOf({
    id: "long-run",
    title: "Long run",
    session: "long run",
    practitioner: "half-marathon runner",
    focus: "Time on feet at an easy, conversational pace: the run that makes race distance feel possible.",
    steps: [
      "Warm up with 5 minutes of brisk walking",
      "Run easy: you should be able to talk in full sentences",
      "Walk 5 minutes to cool down, then stretch calves and hips",
    ],
    measures: [measure("long_run_km", "Distance", "km", 8, 14), measure("time_min", "Time", "min", 50, 100)],
    photoOf: "your watch or your route map",
    keywords: ["long run", "easy pace", "conversational", "time on feet", "fuelling"],
  }),
  activityOf({
    id: "hiit",
    title: "HIIT workout",
    session: "workout",
    practitioner: "athlete",
    focus: "Short, hard efforts with full rests: fitness in twenty minutes.",
    steps: [
      "Warm up 5 minutes: jumping jacks, squats, arm circles",
      "8 rounds: 20 seconds all-out, 40 seconds easy (burpees, mountain climbers, squat jumps)",
      "Cool down 5 minutes of walking and stretching",
    ],
    measures: [
      measure("rounds", "Rounds done", "rounds", 6, 10),
      measure("peak_hr", "Highest heart rate", "bpm", 150, 185),
    ],
    photoOf: "your heart-rate watch",
    keywords: ["intervals", "rounds", "work and rest", "heart rate", "warm-up"],
  }),
  activityOf({
    id: "mobility",
    title: "Mobility focused workout",
    session: "mobility workout",
    practitioner: "athlete",
    focus: "Slow, controlled range of motion for hips, spine and shoulders.",
    steps: [
      "Cat-cow 10 slow reps",
      "90/90 hip switches, 8 per side",
      "Deep squat hold, 3 × 30 s",
      "Thread the needle, 6 per side",
    ],
    measures: [
      measure("mobility_minutes", "Minutes of mobility work", "min", 10, 30),
      measure("squat_hold", "Deep squat hold", "s", 20, 60),
    ],
    photoOf: "your deep squat, from the side",
    keywords: ["mobility", "range of motion", "hips", "spine", "controlled"],
  }),
];
