/**
 * The simulator's pure rules (creator-app-builder spec 3 "Simulator item", "Test flow", "Testing
 * onboarding info"; spec 8 and 9 for the lists): the kinds of item it records, the list's page
 * sizes, the words of its refusals, and what changed between two replays of a test flow.
 */
import { builderPath } from "~/features/builder/rules";

/** Every screen and result the simulator produces is recorded as one of these. */
export const SIMULATOR_ITEM_TYPES = ["landing", "onboarding-page", "plan", "activity-card", "replay"] as const;
export type SimulatorItemType = (typeof SIMULATOR_ITEM_TYPES)[number];

export const isSimulatorItemType = (value: string): value is SimulatorItemType =>
  (SIMULATOR_ITEM_TYPES as readonly string[]).includes(value);

/** Spec 9: the app's simulator items come 10 a page from page 1; our cap on a page. */
export const SIMULATOR_PAGE_SIZE = 10;
export const SIMULATOR_PAGE_MAX = 50;
/** getSimulatorItemsByTestingStepId answers a persona's newest items, at most this many. */
export const STEP_ITEMS_MAX = 100;
/** How much a recorded item's content, and a persona's answers, may weigh (JSON characters). */
export const ITEM_CONTENT_MAX = 64_000;
export const TESTING_INFO_MAX = 32_000;
export const PERSONA_NAME_MAX = 60;
export const PERSONAS_PER_APP_MAX = 50;
export const TEST_FLOW_TITLE_MAX = 120;
export const TEST_FLOW_STEPS_MAX = 50;
export const TEST_FLOWS_PER_APP_MAX = 100;

export const simulatorMessages = {
  personaNotFound: "That test persona does not exist",
  personaNotInApp: "testingStepId is not a test persona of this app",
  tooManyPersonas: `An app can have at most ${PERSONAS_PER_APP_MAX} test personas`,
  itemNotFound: "That simulator item does not exist",
  testFlowNotFound: "That test flow does not exist",
  tooManyTestFlows: `An app can have at most ${TEST_FLOWS_PER_APP_MAX} test flows`,
  contentTooLarge: `content can be at most ${ITEM_CONTENT_MAX} characters of JSON`,
  infoTooLarge: `info can be at most ${TESTING_INFO_MAX} characters of JSON`,
  noQuestions: "This app's onboarding has no questions yet, so a persona has nothing to answer",
  unknownQuestions: (keys: string[]) =>
    `info names ${keys.length === 1 ? "a question" : "questions"} this app's onboarding does not ask: ${keys.join(", ")}`,
  nothingToUpdate: "Send a title or steps to change",
  replayNotFound: "That replay does not exist",
  replayNotStarted: "The replay could not be started",
} as const;

/** The simulator's frame: the screens of the app as its end user sees them, in order. */
export const SIM_SCREENS = ["landing", "onboarding", "plan", "today", "activity"] as const;
export type SimScreen = (typeof SIM_SCREENS)[number];

/** The simulator's view: the persona, the frame's screen, the run on screen, a replay and its flow. */
export interface SimView {
  persona?: string | null;
  screen?: SimScreen;
  run?: string | null;
  replay?: string | null;
  flow?: string | null;
}

/** The simulator's address for a view (the landing screen is the default, left out). */
export const simulatorPath = (appId: string, view: SimView = {}) =>
  builderPath(appId, {
    mode: "simulator",
    persona: view.persona ?? undefined,
    screen: view.screen && view.screen !== "landing" ? view.screen : undefined,
    run: view.run ?? undefined,
    replay: view.replay ?? undefined,
    flow: view.flow ?? undefined,
  });

/** What a simulated run gives a test flow: its run's cards, and each input card's answer. */
export interface RunForFlow {
  activityId: string;
  cards: { id: string; kind: string; inputType?: string }[];
  results: Record<string, { answer: Record<string, unknown> | null } | undefined>;
}

const FLOW_UPLOAD_TYPES: Record<string, "photo" | "audio" | "video" | "pdf"> = {
  image: "photo",
  audio: "audio",
  video: "video",
  pdf: "pdf",
};

/**
 * "Save this run as a test flow": the persona's answers, then each answered input card of the run
 * in order, as a card input (text, a number or a choice) or an upload (the file the run used).
 * Skipped cards give no step: the replay skips them again when they are optional.
 */
export function flowStepsOfRun(
  answers: Record<string, unknown>,
  run: RunForFlow,
): (
  | { kind: "persona-answers"; answers: Record<string, unknown> }
  | { kind: "card-input"; activityId: string; cardId: string; value: string | number }
  | { kind: "upload"; activityId: string; cardId: string; url: string; type: "photo" | "audio" | "video" | "pdf" }
)[] {
  const steps: ReturnType<typeof flowStepsOfRun> = [{ kind: "persona-answers", answers }];
  for (const card of run.cards) {
    const answer = card.kind === "input" ? run.results[card.id]?.answer : null;
    if (!answer) continue;
    const at = { activityId: run.activityId, cardId: card.id };
    if (typeof answer.url === "string" && typeof answer.type === "string" && FLOW_UPLOAD_TYPES[answer.type])
      steps.push({ kind: "upload", ...at, url: answer.url, type: FLOW_UPLOAD_TYPES[answer.type]! });
    else if (typeof answer.number === "number") steps.push({ kind: "card-input", ...at, value: answer.number });
    else if (typeof answer.text === "string") steps.push({ kind: "card-input", ...at, value: answer.text });
    else if (typeof answer.choice === "string") steps.push({ kind: "card-input", ...at, value: answer.choice });
  }
  return steps;
}

/** `types=landing,plan` → the types, [] for none given, null when one is not a type. */
export function parseItemTypes(value: string | undefined): SimulatorItemType[] | null {
  const names = (value ?? "")
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  if (!names.every(isSimulatorItemType)) return null;
  return [...new Set(names)] as SimulatorItemType[];
}

/** Page n of `limit` items (1-based): the offset, and whether more follow the page. */
export const pageOffset = (page: number, limit: number) => (page - 1) * limit;
export const hasMoreAfter = (page: number, limit: number, total: number) => page * limit < total;

// ——— Replays ———

/** One onboarding page as the replay went through it. */
export interface ReplayPage {
  pageId: string;
  title: string;
  /** "Label: answer" per question, in the page's order. */
  answers: string[];
  /** The page's problems in words ("currentLevel: This question needs an answer"); [] when answered. */
  problems: string[];
}

export interface ReplayPhase {
  id: string;
  title: string;
  /** The phase without its dates (they move with the day the replay ran): focus and sessions. */
  detail: string;
}

export interface ReplayCard {
  activityId: string;
  cardId: string;
  status: "done" | "not-run" | "failed";
  /** The card's result in words, or why there is none. */
  text: string;
  /** "Activity · card" in the creator's words (outcomes saved before it had one show their ids). */
  label?: string;
}

export interface ReplayStep {
  index: number;
  kind: string;
  status: "ran" | "not-run";
  note: string;
}

/** What one replay of a test flow produced (test_flows.last_run, and a 'replay' simulator item). */
export interface ReplayOutcome {
  testFlowId: string;
  title: string;
  jobId: string;
  ranAt: number;
  steps: ReplayStep[];
  onboarding: { pages: ReplayPage[]; problem: string | null };
  plan: { title: string; phases: ReplayPhase[] } | null;
  planProblem: string | null;
  cards: ReplayCard[];
}

export type ChangeKind = "added" | "removed" | "changed";

/** One difference between two replays, with both sides in words for a side-by-side view. */
export interface ReplayChange {
  key: string;
  label: string;
  change: ChangeKind;
  before: string | null;
  after: string | null;
}

export interface ReplayDiff {
  /** No earlier run: everything is "added". */
  firstRun: boolean;
  unchanged: boolean;
  onboardingPages: ReplayChange[];
  planPhases: ReplayChange[];
  cards: ReplayChange[];
}

const pageText = (p: ReplayPage) =>
  [p.title, ...p.answers, ...p.problems.map((problem) => `Problem: ${problem}`)].join("\n");
const phaseText = (p: ReplayPhase) => [p.title, p.detail].filter(Boolean).join("\n");
const cardText = (c: ReplayCard) => `${c.status}: ${c.text}`;

interface Keyed {
  key: string;
  label: string;
  text: string;
}

/** Added, removed and changed entries between two keyed lists, in the after list's order then the removed ones. */
function compare(before: Keyed[], after: Keyed[]): ReplayChange[] {
  const old = new Map(before.map((k) => [k.key, k]));
  const seen = new Set<string>();
  const changes: ReplayChange[] = [];
  for (const now of after) {
    seen.add(now.key);
    const was = old.get(now.key);
    if (!was) changes.push({ key: now.key, label: now.label, change: "added", before: null, after: now.text });
    else if (was.text !== now.text)
      changes.push({ key: now.key, label: now.label, change: "changed", before: was.text, after: now.text });
  }
  for (const was of before)
    if (!seen.has(was.key))
      changes.push({ key: was.key, label: was.label, change: "removed", before: was.text, after: null });
  return changes;
}

const pagesOf = (o: ReplayOutcome | null): Keyed[] =>
  (o?.onboarding.pages ?? []).map((p) => ({ key: p.pageId, label: p.title, text: pageText(p) }));
/** Phases by id; a plan that repeats an id keeps its position apart. */
const phasesOf = (o: ReplayOutcome | null): Keyed[] => {
  const counts = new Map<string, number>();
  return (o?.plan?.phases ?? []).map((p) => {
    const n = (counts.get(p.id) ?? 0) + 1;
    counts.set(p.id, n);
    return { key: n === 1 ? p.id : `${p.id}#${n}`, label: p.title, text: phaseText(p) };
  });
};
const cardsOf = (o: ReplayOutcome | null): Keyed[] =>
  (o?.cards ?? []).map((c) => ({
    key: `${c.activityId}/${c.cardId}`,
    label: c.label ?? `${c.activityId} · ${c.cardId}`,
    text: cardText(c),
  }));

/**
 * What changed from one replay of a test flow to the next: onboarding pages, plan phases and card
 * results, each added, removed or changed with its text before and after. A plan that could not be
 * made counts as one "plan" entry, so a plan appearing or failing shows up too.
 */
/**
 * A changed entry's lines, each marked when the other side does not have it, so the eye goes to what
 * changed in a long result.
 */
export function markedLines(text: string, other: string | null): { line: string; changed: boolean }[] {
  const theirs = new Set((other ?? "").split("\n"));
  return text.split("\n").map((line) => ({ line, changed: other !== null && !theirs.has(line) }));
}

export function diffReplays(before: ReplayOutcome | null, after: ReplayOutcome): ReplayDiff {
  const planProblem = (o: ReplayOutcome | null): Keyed[] =>
    o?.planProblem ? [{ key: "plan-problem", label: "Plan", text: o.planProblem }] : [];
  const onboardingPages = compare(pagesOf(before), pagesOf(after));
  const planPhases = compare(
    [...planProblem(before), ...phasesOf(before)],
    [...planProblem(after), ...phasesOf(after)],
  );
  const cards = compare(cardsOf(before), cardsOf(after));
  return {
    firstRun: before === null,
    unchanged: onboardingPages.length + planPhases.length + cards.length === 0,
    onboardingPages,
    planPhases,
    cards,
  };
}

/** A stored last_run read back: the outcome when it has the outcome's shape, else null (a first run). */
export function readOutcome(value: unknown): ReplayOutcome | null {
  if (!value || typeof value !== "object") return null;
  const o = value as Partial<ReplayOutcome>;
  if (!Array.isArray(o.steps) || !o.onboarding || !Array.isArray(o.onboarding.pages) || !Array.isArray(o.cards))
    return null;
  return o as ReplayOutcome;
}
