/**
 * Activity runs (issue 14; spec 3 "Activity"): an end user's go at an activity of an app's
 * blueprint. The run keeps the cards as they were when it started; position is the next card to do.
 * Input cards take an answer, instruction cards are gone past, and AI cards (analysis, picture,
 * summary) run as an "activity-card" job queued in the same batch that reaches them: the card's
 * result waits 'pending', then lands 'done' (or 'failed' with the spec's fixed message) in the batch
 * that completes the job and moves the run on; a summary's text is also the run's
 * summary_analysis_text.
 *
 * Every state change is one db.batch of conditional statements (the run moves only from the
 * position it was read at; results and jobs are inserted ON CONFLICT DO NOTHING), so a double
 * submit changes nothing the second time.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { ActivityCard } from "~/db/app-content";
import { activityCardResults, activityRuns, apps, testingSteps, type ActivityRunRow } from "~/db/schema";
import { jobMeter, type Payer } from "~/features/apps/ai-meter.server";
import { blueprintOf } from "~/features/builder/blueprint.server";
import { jobIdOfKey, kickJob, queueJob, type JobHandler, type Statement } from "~/features/jobs/jobs.server";
import { kindOfContentType } from "~/features/media/rules";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { openActivityApp } from "./access.server";
import {
  analyzeCardInputs,
  nextInPlan,
  pictureFromInputs,
  summarizeRun,
  summaryCardOf,
  type RunCard,
} from "./analysis.server";
import {
  activityFailures,
  activityMessages,
  answerInput,
  cardContextOf,
  checkAnswer,
  isAiCard,
  readableMediaKey,
  type CardAnswer,
  type CardInput,
  type MediaType,
} from "./rules";

export interface CardResultView {
  cardId: string;
  kind: ActivityCard["kind"];
  status: "done" | "pending" | "failed";
  /** An input card's answer. */
  answer: Record<string, unknown> | null;
  /** An AI card's result: {text, findings} (analysis), {url, alt} (picture), {text} (summary), or {error}. */
  result: Record<string, unknown> | null;
  jobId: string | null;
}

export interface RunView {
  id: string;
  appId: string;
  activityId: string;
  title: string;
  testingStepId: string;
  status: "in-progress" | "completed";
  /** The index of the next card to do (cards.length when every card is done). */
  position: number;
  cards: ActivityCard[];
  /** The card to do now, or null when the run is complete. */
  current: ActivityCard | null;
  results: Record<string, CardResultView>;
  summaryAnalysisText: string | null;
  createdAt: number;
  completedAt: number | null;
}

interface CardJobInput {
  runId: string;
  cardId: string;
  /** The card's index: where the run moves on from. */
  index: number;
  cardCount: number;
  kind: ActivityCard["kind"];
  [key: string]: unknown;
}

const cardJobKey = (runId: string, cardId: string) => `activity-card:${runId}:${cardId}`;

/** Moves the run past card `from`, only if it is still there; the last card completes it. */
function moveOn(app: AppContext, runId: string, from: number, cardCount: number, summary?: string): Statement {
  const done = from + 1 >= cardCount;
  return app.db
    .update(activityRuns)
    .set({
      position: from + 1,
      status: done ? "completed" : "in-progress",
      ...(done && { completedAt: app.now }),
      ...(summary !== undefined && { summaryAnalysisText: summary }),
      updatedAt: app.now,
    })
    .where(and(eq(activityRuns.id, runId), eq(activityRuns.position, from)));
}

/** When card `index` is an AI card: its job and its pending result (both once only). */
function enterCard(app: AppContext, run: Pick<ActivityRunRow, "id" | "cards">, index: number): Statement[] {
  const card = run.cards[index];
  if (!card || !isAiCard(card)) return [];
  const dedupeKey = cardJobKey(run.id, card.id);
  const input: CardJobInput = { runId: run.id, cardId: card.id, index, cardCount: run.cards.length, kind: card.kind };
  return [
    queueJob(app, { id: crypto.randomUUID(), kind: "activity-card", dedupeKey, input }),
    app.db
      .insert(activityCardResults)
      .values({
        runId: run.id,
        cardId: card.id,
        kind: card.kind,
        answer: null,
        result: null,
        status: "pending",
        jobId: jobIdOfKey(dedupeKey),
        createdAt: app.now,
        updatedAt: app.now,
      })
      .onConflictDoNothing(),
  ];
}

/** Wakes the runner of the card's pending job; false when there is none (yet). */
async function kickCard(app: AppContext, runId: string, card: ActivityCard | undefined): Promise<boolean> {
  if (!card || !isAiCard(card)) return false;
  const row = await app.db
    .select({ jobId: activityCardResults.jobId, status: activityCardResults.status })
    .from(activityCardResults)
    .where(and(eq(activityCardResults.runId, runId), eq(activityCardResults.cardId, card.id)))
    .get();
  if (!row?.jobId || row.status !== "pending") return false;
  await kickJob(app, row.jobId);
  return true;
}

/** startRun: a new go at the activity, its cards copied from the app's blueprint. */
export async function startRun(
  app: AppContext,
  subject: { userId: string; testingStepId?: string },
  input: { appId: string; activityId: string },
): Promise<RunView> {
  const opened = await openActivityApp(app, { id: subject.userId, isAdmin: false }, input.appId);
  const testingStepId = subject.testingStepId ?? "";
  if (testingStepId) {
    if (opened.role !== "owner") throw new ServiceError("forbidden", activityMessages.noAccess);
    const step = await app.db
      .select({ id: testingSteps.id })
      .from(testingSteps)
      .where(and(eq(testingSteps.id, testingStepId), eq(testingSteps.appId, input.appId)))
      .get();
    if (!step) throw new ServiceError("not-found", "That testing step is not in this app");
  }
  // The blueprint is the app's one current blueprint (plans read the same one; no published copy is kept).
  const blueprint = await blueprintOf(app, input.appId);
  if (!blueprint) throw new ServiceError("not-found", activityMessages.noBlueprint);
  const item = blueprint.blueprint.items?.find((i) => i.id === input.activityId);
  if (!item || item.kind !== "activity") throw new ServiceError("not-found", activityMessages.activityNotFound);
  const run = { id: crypto.randomUUID(), cards: item.cards };
  await app.db.batch([
    app.db.insert(activityRuns).values({
      id: run.id,
      appId: input.appId,
      activityId: item.id,
      subject: subject.userId,
      userId: subject.userId,
      testingStepId,
      title: item.title,
      cards: item.cards,
      position: 0,
      status: "in-progress",
      createdAt: app.now,
      updatedAt: app.now,
    }),
    ...enterCard(app, run, 0),
  ]);
  await kickCard(app, run.id, item.cards[0]);
  return getRun(app, subject.userId, run.id);
}

/** The run when `userId` may use it: its own user, or the app's owner for a simulated run. */
export async function openRun(app: AppContext, userId: string, runId: string): Promise<ActivityRunRow> {
  const found = await app.db
    .select({ run: activityRuns, ownerId: apps.ownerId })
    .from(activityRuns)
    .innerJoin(apps, eq(apps.id, activityRuns.appId))
    .where(eq(activityRuns.id, runId))
    .get();
  if (!found) throw new ServiceError("not-found", activityMessages.runNotFound);
  const { run, ownerId } = found;
  if (run.userId !== userId && !(run.testingStepId !== "" && ownerId === userId))
    throw new ServiceError("forbidden", activityMessages.notYourRun);
  return run;
}

async function resultsOf(app: AppContext, runIds: string[]) {
  if (runIds.length === 0) return [];
  return app.db.select().from(activityCardResults).where(inArray(activityCardResults.runId, runIds));
}

function runView(run: ActivityRunRow, results: (typeof activityCardResults.$inferSelect)[]): RunView {
  const byCard: Record<string, CardResultView> = {};
  for (const r of results)
    if (r.runId === run.id)
      byCard[r.cardId] = {
        cardId: r.cardId,
        kind: r.kind,
        status: r.status,
        answer: r.answer ?? null,
        result: r.result ?? null,
        jobId: r.jobId,
      };
  return {
    id: run.id,
    appId: run.appId,
    activityId: run.activityId,
    title: run.title,
    testingStepId: run.testingStepId,
    status: run.status,
    position: run.position,
    cards: run.cards,
    current: run.cards[run.position] ?? null,
    results: byCard,
    summaryAnalysisText: run.summaryAnalysisText,
    createdAt: run.createdAt,
    completedAt: run.completedAt,
  };
}

/**
 * getRun: the run with its cards and results. A current AI card whose job was never queued (its
 * previous card's job gave up) is queued now, and a pending one's runner is woken (idempotent).
 */
export async function getRun(app: AppContext, userId: string, runId: string): Promise<RunView> {
  const run = await openRun(app, userId, runId);
  let results = await resultsOf(app, [run.id]);
  const current = run.cards[run.position];
  if (run.status === "in-progress" && current && isAiCard(current)) {
    if (!results.some((r) => r.cardId === current.id)) {
      await app.db.batch(enterCard(app, run, run.position) as [Statement, ...Statement[]]);
      results = await resultsOf(app, [run.id]);
    }
    await kickCard(app, run.id, current);
  }
  return runView(run, results);
}

/** Checks the card may be done now; answers its index, or null when it was already done (a double submit). */
function cardToDo(run: ActivityRunRow, cardId: string, kind: "input" | "instruction"): number | null {
  const index = run.cards.findIndex((c) => c.id === cardId);
  if (index < 0) throw new ServiceError("not-found", activityMessages.cardNotFound);
  if (run.cards[index]!.kind !== kind)
    throw new ServiceError("invalid", kind === "input" ? activityMessages.notInput : activityMessages.notInstruction);
  if (index < run.position) return null;
  if (run.status === "completed") throw new ServiceError("conflict", activityMessages.finished);
  if (index !== run.position) throw new ServiceError("conflict", activityMessages.notCurrent);
  return index;
}

/** Records a card as done and moves the run on (queuing the next card's job when it is AI work). */
async function finishCard(app: AppContext, run: ActivityRunRow, index: number, answer: CardAnswer | null) {
  const card = run.cards[index]!;
  await app.db.batch([
    app.db
      .insert(activityCardResults)
      .values({
        runId: run.id,
        cardId: card.id,
        kind: card.kind,
        answer,
        result: null,
        status: "done",
        createdAt: app.now,
        updatedAt: app.now,
      })
      .onConflictDoNothing(),
    moveOn(app, run.id, index, run.cards.length),
    ...enterCard(app, run, index + 1),
  ]);
  await kickCard(app, run.id, run.cards[index + 1]);
}

/**
 * answerCard: the answer to the current input card (text, a number, one of the options, or an
 * upload's {url, type} among the user's own files), then the run moves on. A refused answer says
 * why and changes nothing; the same card answered twice keeps the first answer.
 */
export async function answerCard(
  app: AppContext,
  userId: string,
  runId: string,
  cardId: string,
  answer: unknown,
): Promise<RunView> {
  const run = await openRun(app, userId, runId);
  const index = cardToDo(run, cardId, "input");
  if (index === null) return getRun(app, userId, runId);
  const card = run.cards[index] as Extract<ActivityCard, { kind: "input" }>;
  const checked = checkAnswer(card, answer);
  if ("error" in checked) throw new ServiceError("invalid", checked.error);
  if ("url" in checked.answer) {
    const place = readableMediaKey(checked.answer.url, { appId: run.appId, userId: run.userId ?? userId });
    if ("refused" in place || !place.own) throw new ServiceError("invalid", activityMessages.notOwnFile);
    const head = await app.bindings.MEDIA.head(place.key);
    if (!head) throw new ServiceError("invalid", "That file is not stored here: upload it first");
    if (kindOfContentType(head.httpMetadata?.contentType ?? "") !== checked.answer.type)
      throw new ServiceError(
        "invalid",
        `That file is not ${checked.answer.type === "image" ? "a photo" : `a ${checked.answer.type} file`}`,
      );
    checked.answer = { url: `/media/${place.key}`, type: checked.answer.type };
  }
  await finishCard(app, run, index, checked.answer);
  return getRun(app, userId, runId);
}

/** nextCard: goes past the current instruction card. */
export async function nextCard(app: AppContext, userId: string, runId: string, cardId: string): Promise<RunView> {
  const run = await openRun(app, userId, runId);
  const index = cardToDo(run, cardId, "instruction");
  if (index !== null) await finishCard(app, run, index, null);
  return getRun(app, userId, runId);
}

/** listRuns (/today): the user's past and current runs of an app, newest first, with their results. */
export async function listRuns(
  app: AppContext,
  userId: string,
  input: { appId: string; testingStepId?: string; limit?: number },
): Promise<RunView[]> {
  const runs = await app.db
    .select()
    .from(activityRuns)
    .where(
      and(
        eq(activityRuns.appId, input.appId),
        eq(activityRuns.subject, userId),
        eq(activityRuns.testingStepId, input.testingStepId ?? ""),
      ),
    )
    .orderBy(desc(activityRuns.createdAt))
    .limit(Math.min(Math.max(input.limit ?? 20, 1), 100));
  const results = await resultsOf(
    app,
    runs.map((r) => r.id),
  );
  return runs.map((r) => runView(r, results));
}

/** POST …/summary: the run's summary text, saved as it is given. */
export async function saveRunSummary(app: AppContext, userId: string, runId: string, text: string): Promise<RunView> {
  const run = await openRun(app, userId, runId);
  await app.db
    .update(activityRuns)
    .set({ summaryAnalysisText: text, updatedAt: app.now })
    .where(eq(activityRuns.id, run.id));
  return getRun(app, userId, runId);
}

// ---- the activity-card job ---------------------------------------------------------------------

/** What an AI card reads: the answers of the input cards it names (skipped ones left out). */
function inputsFor(
  run: ActivityRunRow,
  ids: string[],
  results: Map<string, Record<string, unknown> | null>,
): CardInput[] {
  return ids.flatMap((id) => {
    const card = run.cards.find((c) => c.id === id);
    const answer = results.get(id);
    if (!card || card.kind !== "input" || !answer) return [];
    const input = answerInput(card, answer as CardAnswer);
    return input ? [input] : [];
  });
}

/**
 * Each done card's words for a summary: the question and its answer (a number keeps its unit, '9 km'),
 * or what an AI card said, an analysis with its findings.
 */
function cardsForSummary(run: ActivityRunRow, rows: (typeof activityCardResults.$inferSelect)[]) {
  const cards: RunCard[] = [];
  const media: { url: string; type: MediaType }[] = [];
  for (const card of run.cards) {
    const row = rows.find((r) => r.cardId === card.id && r.status === "done");
    if (!row || card.kind === "instruction" || card.kind === "summary") continue;
    if (card.kind === "input") {
      const input = row.answer ? answerInput(card, row.answer as CardAnswer) : null;
      if (!input) continue;
      if (input.kind === "media") media.push({ url: input.url, type: input.type });
      else {
        const read = summaryCardOf(cardContextOf(card), row.answer as CardAnswer, card.unit);
        if (read) cards.push(read);
      }
    } else {
      const result = row.result ?? {};
      const findings = Array.isArray(result.findings) ? result.findings.map(String) : undefined;
      cards.push({
        title: card.title,
        text: String(result.text ?? result.alt ?? ""),
        ai: true,
        ...(findings && { findings }),
      });
    }
  }
  return { cards, media };
}

/** Who pays for a run's AI cards: its end user on the app, or the owner for a persona's simulated run. */
const runPayer = (run: ActivityRunRow): Payer =>
  run.testingStepId
    ? { creatorId: run.subject, appId: run.appId }
    : { appId: run.appId, endUser: run.userId ?? run.subject };

async function runCard(
  app: AppContext,
  run: ActivityRunRow,
  card: ActivityCard,
  jobId: string,
): Promise<Record<string, unknown>> {
  const rows = await resultsOf(app, [run.id]);
  const answers = new Map(rows.map((r) => [r.cardId, r.answer ?? null]));
  const caller = { userId: run.userId ?? run.subject, appId: run.appId, meter: jobMeter(app, runPayer(run), jobId) };
  const allCardsContext = run.cards.map((c, i) => `Card ${i + 1}: ${cardContextOf(c)}`).join("\n");
  switch (card.kind) {
    case "analysis": {
      const analysis = await analyzeCardInputs(app, caller, {
        prompt: card.analysisPrompt,
        inputs: inputsFor(run, card.inputIds, answers),
        cardContext: card.title,
        allCardsContext,
        next: await nextInPlan(app, run),
      });
      return { ...analysis };
    }
    case "image":
      return {
        ...(await pictureFromInputs(app, caller, {
          prompt: card.generationPrompt,
          inputs: inputsFor(run, card.inputIds, answers),
          cardContext: card.title,
        })),
      };
    case "summary":
      return {
        ...(await summarizeRun(app, caller, {
          prompt: card.summaryAnalysisPrompt,
          ...cardsForSummary(run, rows),
          next: await nextInPlan(app, run),
        })),
      };
    default:
      return {};
  }
}

const failureOf = (kind: ActivityCard["kind"]) =>
  kind === "image" ? activityFailures.image : kind === "summary" ? activityFailures.summary : activityFailures.analysis;

/** The result's write: only while this job's result is still pending. */
function writeResult(
  app: AppContext,
  input: CardJobInput,
  jobId: string,
  status: "done" | "failed",
  result: Record<string, unknown>,
) {
  return app.db
    .update(activityCardResults)
    .set({ status, result, updatedAt: app.now })
    .where(
      and(
        eq(activityCardResults.runId, input.runId),
        eq(activityCardResults.cardId, input.cardId),
        eq(activityCardResults.status, "pending"),
        eq(activityCardResults.jobId, jobId),
      ),
    );
}

/**
 * The activity-card job: the AI card's work, then its result, the run moved on and the next AI
 * card's job, in the batch that completes the job. A refusal of the input (a missing file, an
 * unreadable PDF) is final: the card fails with the spec's fixed message and the run moves on; any
 * other fault retries the job.
 */
export const activityCardJobHandler: JobHandler<CardJobInput> = {
  async work(app, job) {
    const { runId, cardId, index, cardCount } = job.input;
    const run = await app.db.select().from(activityRuns).where(eq(activityRuns.id, runId)).get();
    const card = run?.cards[index];
    if (!run || !card || card.id !== cardId) return [];
    let status: "done" | "failed" = "done";
    let result: Record<string, unknown>;
    try {
      result = await runCard(app, run, card, job.id);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      status = "failed";
      result = { success: false, error: failureOf(card.kind), detail: error.message };
    }
    const summary = status === "done" && card.kind === "summary" ? String(result.text ?? "") : undefined;
    const next = run.cards[index + 1];
    if (next && isAiCard(next))
      // The next card's job is queued in this batch; its runner is woken once the batch is in.
      app.ctx.waitUntil(wakeLater(app, runId, next));
    return [
      writeResult(app, job.input, job.id, status, result),
      moveOn(app, runId, index, cardCount, summary),
      ...enterCard(app, run, index + 1),
    ];
  },
  failed: (app, job) => [
    writeResult(app, job.input, job.id, "failed", { success: false, error: failureOf(job.input.kind) }),
    moveOn(app, job.input.runId, job.input.index, job.input.cardCount),
  ],
};

async function wakeLater(app: AppContext, runId: string, card: ActivityCard) {
  for (let i = 0; i < 5; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Until the batch is in, there is no pending result to wake; getRun and the scheduled sweep wake it otherwise.
    if (await kickCard(app, runId, card).catch(() => false)) return;
  }
}
