/**
 * A test flow's card steps replayed (issue 14 "Replay"): each activity the flow's card inputs and
 * uploads name is run card by card against the CURRENT blueprint, as the owner's simulated run
 * would go, and every card's result is put in the outcome in words, so a changed analysis prompt
 * shows as a changed card result in the diff.
 *
 * The run is kept in memory: the replay is itself a job, so the AI cards (analysis, picture,
 * summary) run inline through the activities' analysis calls instead of queuing activity-card jobs,
 * and nothing is written that a retry of the replay would write twice. The answers go through the
 * same checks as an end user's (checkAnswer); an upload must be one of the owner's own files of
 * the app, as the analysis reads it.
 */
import type { ActivityCard, BlueprintItem } from "~/db/app-content";
import type { PlanStep } from "~/features/activities/wording";
import {
  analyzeCardInputs,
  pictureFromInputs,
  summarizeRun,
  summaryCardOf,
  type ActivityCaller,
  type RunCard,
} from "~/features/activities/analysis.server";
import {
  activityFailures,
  answerInput,
  cardContextOf,
  checkAnswer,
  type CardAnswer,
  type CardInput,
  type MediaType,
} from "~/features/activities/rules";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import type { ReplayCard } from "./rules";

export type Activity = Extract<BlueprintItem, { kind: "activity" }>;
type InputCard = Extract<ActivityCard, { kind: "input" }>;

/** What a flow's step gives a card: a value typed or an upload's url and kind. */
export type GivenInput = { value: unknown } | { url: string; type: MediaType };

/** An answer in words, as the outcome shows it. */
export function answerWords(answer: CardAnswer): string {
  if ("skipped" in answer) return "skipped";
  if ("text" in answer) return answer.text;
  if ("number" in answer) return `${answer.number}${answer.unit ? ` ${answer.unit}` : ""}`;
  if ("choice" in answer) return answer.choice;
  return `${answer.type === "image" ? "photo" : answer.type} ${answer.url}`;
}

/** The answer checkAnswer keeps for a flow's given input, or why it is refused. */
export function checkGiven(card: InputCard, given: GivenInput | undefined) {
  if (!given) return checkAnswer(card, undefined);
  return "url" in given ? checkAnswer(card, { url: given.url, type: given.type }) : checkAnswer(card, given.value);
}

/** One AI card's result in words (an analysis's text, a picture's description, a summary), an analysis with its findings. */
async function runAiCard(
  app: AppContext,
  caller: ActivityCaller,
  activity: Activity,
  card: Exclude<ActivityCard, { kind: "input" | "instruction" }>,
  answers: Map<string, CardAnswer>,
  done: RunCard[],
  next: PlanStep | null,
): Promise<{ text: string; findings?: string[] }> {
  const inputsOf = (ids: string[]): CardInput[] =>
    ids.flatMap((id) => {
      const input = activity.cards.find((c): c is InputCard => c.id === id && c.kind === "input");
      const answer = answers.get(id);
      const read = input && answer ? answerInput(input, answer) : null;
      return read ? [read] : [];
    });
  const allCardsContext = activity.cards.map((c, i) => `Card ${i + 1}: ${cardContextOf(c)}`).join("\n");
  if (card.kind === "analysis") {
    const analysis = await analyzeCardInputs(app, caller, {
      prompt: card.analysisPrompt,
      inputs: inputsOf(card.inputIds),
      cardContext: card.title,
      allCardsContext,
      next,
    });
    // The text states its findings itself; a summary carries them as they were stated.
    return { text: analysis.text, findings: analysis.findings };
  }
  if (card.kind === "image") {
    // The picture's address is new every time; its description says what it shows.
    const picture = await pictureFromInputs(app, caller, {
      prompt: card.generationPrompt,
      inputs: inputsOf(card.inputIds),
      cardContext: card.title,
    });
    return { text: `A picture: ${picture.alt}` };
  }
  const media = activity.cards.flatMap((c) => {
    const answer = c.kind === "input" ? answers.get(c.id) : undefined;
    return answer && "url" in answer ? [{ url: answer.url, type: answer.type }] : [];
  });
  const summary = await summarizeRun(app, caller, { prompt: card.summaryAnalysisPrompt, cards: done, media, next });
  return { text: summary.text };
}

const failure = (card: ActivityCard) =>
  card.kind === "image"
    ? activityFailures.image
    : card.kind === "summary"
      ? activityFailures.summary
      : activityFailures.analysis;

/**
 * Runs the activity with the flow's inputs (by card id): each card's result, in the activity's order.
 * An input card the flow does not answer stops the run there (an optional one is skipped), and the
 * cards after it are "not-run" with why. `next` is where the replay's plan goes next, which its
 * analyses and summary close on.
 */
export async function replayActivity(
  app: AppContext,
  caller: ActivityCaller,
  activity: Activity,
  given: Map<string, GivenInput>,
  next: PlanStep | null = null,
): Promise<ReplayCard[]> {
  const cards: ReplayCard[] = [];
  const answers = new Map<string, CardAnswer>();
  const done: RunCard[] = [];
  let stoppedAt: string | null = null;
  for (const card of activity.cards) {
    const at = {
      activityId: activity.id,
      cardId: card.id,
      label: `${activity.title} · ${cardContextOf(card)}`,
    };
    if (card.kind === "instruction") continue;
    if (stoppedAt) {
      cards.push({ ...at, status: "not-run", text: `not reached: ${stoppedAt}` });
      continue;
    }
    if (card.kind === "input") {
      const checked = checkGiven(card, given.get(card.id));
      if ("error" in checked) {
        stoppedAt = `"${card.prompt}" has no answer in this flow (${checked.error})`;
        cards.push({ ...at, status: "not-run", text: checked.error });
        continue;
      }
      answers.set(card.id, checked.answer);
      const words = answerWords(checked.answer);
      const read = summaryCardOf(card.prompt, checked.answer, card.unit);
      if (read) done.push(read);
      cards.push({ ...at, status: "done", text: `${card.prompt}: ${words}` });
      continue;
    }
    try {
      const { text, findings } = await runAiCard(app, caller, activity, card, answers, done, next);
      done.push({ title: card.title, text, ai: true, ...(findings && { findings }) });
      cards.push({ ...at, status: "done", text: `${card.title}: ${text}` });
    } catch (error) {
      // A refused input (a file no longer stored, not the owner's) fails the card in words, as a run would.
      if (!(error instanceof ServiceError)) throw error;
      cards.push({ ...at, status: "failed", text: `${failure(card)}: ${error.message}` });
    }
  }
  return cards;
}
