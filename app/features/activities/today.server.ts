/**
 * An end user's /today (issue 14 "The app its end users live in"): who may open it, what today holds
 * (the plan's current phase, its stories, quizzes and activities, the past runs), a quiz's score kept
 * on the server (quiz_attempts), and the activity screen's run with its current AI card's job.
 * A testing step's id (the owner trying the app as a persona) keeps everything apart from real data.
 */
import { and, desc, eq } from "drizzle-orm";
import type { AppRow, UserRow } from "~/db/schema";
import { quizAttempts } from "~/db/schema";
import type { BlueprintItem, Plan, PlanPhase } from "~/db/app-content";
import { appById } from "~/features/apps/apps.server";
import { blueprintOf } from "~/features/builder/blueprint.server";
import { jobById, jobStatusView, type JobStatusView } from "~/features/jobs/jobs.server";
import { planRow, todayOf } from "~/features/plans/plans.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { mayUseApp, openActivityApp, type Caller } from "./access.server";
import { activityMessages, isAiCard } from "./rules";
import { getRun, listRuns, type RunView } from "./runs.server";
import { itemsOfPhase, phaseIndexOn, planProgress, quizField, scoreQuiz, type QuizScore } from "./today";

export type Quiz = Extract<BlueprintItem, { kind: "quiz" }>;
export type Story = Extract<BlueprintItem, { kind: "story" }>;

export interface Subject {
  userId: string;
  /** '' for the real user. */
  testingStepId: string;
}

/**
 * Who /today is for: the app's owner (or an admin) and an end user who may use the app (mayUseApp).
 * Anyone else (null) is sent to the landing page and its plans.
 */
export async function todayRole(
  app: AppContext,
  user: Pick<UserRow, "id" | "isAdmin"> | null,
  row: Pick<AppRow, "id"> & Partial<Pick<AppRow, "ownerId">>,
): Promise<"owner" | "member" | null> {
  if (!user) return null;
  // The landing page's cached copy of an app carries no owner: read it then.
  const ownerId = row.ownerId ?? (await appById(app, row.id))?.ownerId;
  if (ownerId === user.id || user.isAdmin) return "owner";
  return (await mayUseApp(app, row.id, user.id)) ? "member" : null;
}

export interface LastScore extends QuizScore {
  createdAt: number;
}

export interface TodayView {
  /** The finished plan, or null (an owner without one, or a plan still being made). */
  plan: Plan | null;
  phaseIndex: number;
  phase: PlanPhase | null;
  /** Through the plan, 0–100. */
  progress: number;
  stories: Story[];
  quizzes: (Quiz & { last: LastScore | null })[];
  activities: { id: string; title: string; cardCount: number }[];
  runs: RunView[];
}

/** What today holds for the subject: their plan's current phase and its items, and their runs. */
export async function todayView(app: AppContext, subject: Subject, appId: string): Promise<TodayView> {
  const [planned, blueprint, runs, scores] = await Promise.all([
    planRow(app, appId, subject.userId, subject.testingStepId),
    blueprintOf(app, appId),
    listRuns(app, subject.userId, { appId, testingStepId: subject.testingStepId }),
    lastScores(app, subject, appId),
  ]);
  const plan = planned?.status === "completed" ? planned.plan : null;
  const phases = plan?.phases ?? [];
  const phaseIndex = phaseIndexOn(phases, todayOf(app));
  const items = itemsOfPhase(blueprint?.blueprint.items ?? [], phases.length, phaseIndex);
  return {
    plan,
    phaseIndex,
    phase: phases[phaseIndex] ?? null,
    progress: planProgress(phaseIndex, phases.length),
    stories: items.filter((i): i is Story => i.kind === "story"),
    quizzes: items
      .filter((i): i is Quiz => i.kind === "quiz")
      .map((quiz) => ({ ...quiz, last: scores.get(quiz.id) ?? null })),
    activities: items.flatMap((i) =>
      i.kind === "activity" ? [{ id: i.id, title: i.title, cardCount: i.cards.length }] : [],
    ),
    runs,
  };
}

/** Each quiz's latest attempt. */
async function lastScores(app: AppContext, subject: Subject, appId: string): Promise<Map<string, LastScore>> {
  const rows = await app.db
    .select()
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.appId, appId),
        eq(quizAttempts.userId, subject.userId),
        eq(quizAttempts.testingStepId, subject.testingStepId),
      ),
    )
    .orderBy(desc(quizAttempts.createdAt))
    .limit(200);
  const latest = new Map<string, LastScore>();
  for (const row of rows)
    if (!latest.has(row.quizId))
      latest.set(row.quizId, { answers: row.answers, score: row.score, total: row.total, createdAt: row.createdAt });
  return latest;
}

/**
 * A quiz answered: scored here (never trusting a page's count) and kept. Refused answers say which
 * question, in words, and keep nothing. Only a persona's owner may answer for a testing step.
 */
export async function answerQuiz(
  app: AppContext,
  user: Caller,
  input: { appId: string; quizId: string; testingStepId?: string; answers: (string | null)[] },
): Promise<QuizScore> {
  const opened = await openActivityApp(app, user, input.appId);
  if (input.testingStepId && opened.role !== "owner") throw new ServiceError("forbidden", activityMessages.noAccess);
  const blueprint = await blueprintOf(app, input.appId);
  const quiz = blueprint?.blueprint.items?.find((i): i is Quiz => i.id === input.quizId && i.kind === "quiz");
  if (!quiz) throw new ServiceError("not-found", "That quiz is not in the app");
  const scored = scoreQuiz(quiz, input.answers);
  if ("error" in scored)
    throw new ServiceError("invalid", scored.error, [{ field: quizField(scored.question), message: scored.error }]);
  await app.db.insert(quizAttempts).values({
    id: crypto.randomUUID(),
    appId: input.appId,
    userId: user.id,
    quizId: quiz.id,
    testingStepId: input.testingStepId ?? "",
    answers: scored.answers,
    score: scored.score,
    total: scored.total,
    createdAt: app.now,
  });
  return scored;
}

export interface RunScreen {
  run: RunView;
  /** The current AI card's job while it runs (or just finished), for its progress bar. */
  job: JobStatusView | null;
}

/**
 * The activity screen's run (getRun: its own user, or the owner for a persona's run) of this app,
 * with the current AI card's job. Another app's run is not found here.
 */
export async function runScreen(app: AppContext, userId: string, appId: string, runId: string): Promise<RunScreen> {
  const run = await getRun(app, userId, runId);
  if (run.appId !== appId) throw new ServiceError("not-found", activityMessages.runNotFound);
  const card = run.current;
  const jobId = card && isAiCard(card) ? run.results[card.id]?.jobId : null;
  const job = jobId ? await jobById(app, jobId) : null;
  return { run, job: job ? jobStatusView(job) : null };
}
