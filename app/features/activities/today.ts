/**
 * The rules of an end user's /today (issue 14 "The app its end users live in"): which phase of the
 * plan today falls in, which of the blueprint's items that phase holds, how far along the plan is,
 * and a quiz's score. Pure, so the page and the tests decide the same way.
 */
import type { BlueprintItem, Plan, PlanPhase } from "~/db/app-content";
import { phaseLabel } from "~/features/plans/rules";

type Quiz = Extract<BlueprintItem, { kind: "quiz" }>;

/**
 * The phase today falls in: the last one that has started (phases come in date order, from the
 * plan's start). Before the first phase starts it is the first; after the last ends, the last.
 * -1 for a plan without phases.
 */
export function phaseIndexOn(phases: readonly Pick<PlanPhase, "startDate">[], today: string): number {
  if (phases.length === 0) return -1;
  let index = 0;
  phases.forEach((phase, i) => {
    if (phase.startDate <= today) index = i;
  });
  return index;
}

const titleWords = (text: string) =>
  new Set((text.toLowerCase().match(/\p{L}{3,}/gu) ?? []).filter((w) => !["the", "and", "your", "with"].includes(w)));

/**
 * Where the plan goes next after an activity (a summary's closing words): today's phase, by its label
 * ('Week 4') and title, with its sessions that name the activity ('Long run 16–18 km' after a long
 * run), else its first three. Null without a plan or phases.
 */
export function planStepOf(
  plan: Pick<Plan, "phases"> | null,
  today: string,
  activityTitle: string,
): { label: string; title: string; sessions: string[] } | null {
  const phases = plan?.phases ?? [];
  const index = phaseIndexOn(phases, today);
  const phase = phases[index];
  if (!phase) return null;
  const words = titleWords(activityTitle);
  const named = phase.sessions.filter((s) => [...titleWords(s)].some((w) => words.has(w)));
  return {
    label: phaseLabel(phases, index),
    title: phase.title,
    sessions: (named.length > 0 ? named : phase.sessions).slice(0, 3),
  };
}

/**
 * The items of phase `index` of `phaseCount`. Stories and quizzes are read once, so they are spread
 * over the phases in the blueprint's order (item i goes to phase ⌊i·phases/items⌋: a few items land
 * spread out, many share phases). Activities are practice done again and reported on each time (a
 * long run, a session log), so every phase has every activity.
 */
export function itemsOfPhase(items: readonly BlueprintItem[], phaseCount: number, index: number): BlueprintItem[] {
  if (phaseCount < 1 || index < 0) return items.filter((item) => item.kind === "activity");
  const reading = items.filter((item) => item.kind !== "activity");
  const mine = new Set(
    reading.filter((_, i) => Math.min(phaseCount - 1, Math.floor((i * phaseCount) / reading.length)) === index),
  );
  return items.filter((item) => item.kind === "activity" || mine.has(item));
}

/** How far through the plan: the phases reached (today's included), as a percentage. */
export function planProgress(index: number, phaseCount: number): number {
  if (phaseCount < 1 || index < 0) return 0;
  return Math.round(((Math.min(index, phaseCount - 1) + 1) / phaseCount) * 100);
}

/** The day (YYYY-MM-DD, UTC) of a time, as plan phases are dated. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export type QuizScore = { answers: number[]; score: number; total: number };

/**
 * A quiz's answers (the chosen option's index per question, as form text) scored, or why they are
 * refused in words, naming the question: every question needs one of its options.
 */
export function scoreQuiz(
  quiz: Pick<Quiz, "questions">,
  raw: readonly (string | null | undefined)[],
): QuizScore | { error: string; question: number } {
  const answers: number[] = [];
  for (const [i, question] of quiz.questions.entries()) {
    const text = raw[i]?.trim() ?? "";
    const chosen = /^\d+$/.test(text) ? Number(text) : NaN;
    if (text === "") return { error: `Choose an answer to question ${i + 1}`, question: i };
    if (!(chosen >= 0 && chosen < question.options.length))
      return { error: `Choose one of the options of question ${i + 1}`, question: i };
    answers.push(chosen);
  }
  const score = quiz.questions.filter((question, i) => question.answer === answers[i]).length;
  return { answers, score, total: quiz.questions.length };
}

/** A quiz question's form field: q0, q1, … */
export const quizField = (question: number) => `q${question}`;

/** What /today tells a signed-out visitor, beside the onboarding and Log In. */
export const SIGNED_OUT_TODAY =
  "Your plan for today is personal: answer a few questions to get one, or log in to see yours.";

/** /apps/{storefrontSlug}/{appSlug}/today, with the owner's persona when trying the app. */
export function todayPath(storefrontSlug: string, appSlug: string, testingStepId?: string | null): string {
  const path = `/apps/${storefrontSlug}/${appSlug}/today`;
  return testingStepId ? `${path}?testingStepId=${encodeURIComponent(testingStepId)}` : path;
}

/** The activity screen of a run: /apps/{storefrontSlug}/{appSlug}/today/activities/{runId}. */
export function activityRunPath(
  storefrontSlug: string,
  appSlug: string,
  runId: string,
  testingStepId?: string | null,
  tail = "",
): string {
  const path = `/apps/${storefrontSlug}/${appSlug}/today/activities/${encodeURIComponent(runId)}${tail}`;
  return testingStepId ? `${path}?testingStepId=${encodeURIComponent(testingStepId)}` : path;
}
