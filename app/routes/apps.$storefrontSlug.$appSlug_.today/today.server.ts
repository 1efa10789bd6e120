/**
 * /apps/{storefrontSlug}/{appSlug}/today over HTTP: the signed-in end user's day in the app (their
 * plan's current phase, its stories, quizzes and activities, their past activities), resolved like
 * the onboarding and plan pages. A signed-out visitor is told why they cannot see it, with the
 * onboarding and Log In (back to /today); a signed-in user who may not use the app is sent to the
 * landing page and its plans (302); the owner sees it too. Posts: Start an activity (303 to its
 * screen) and a quiz's answers (scored on the server; 303 back, or 400 with the error in words).
 */
import { cardsHtml, textHtml } from "~/features/activities/card-html.server";
import { data, redirect } from "@remix-run/cloudflare";
import { answerQuiz, todayRole, todayView, type Subject, type TodayView } from "~/features/activities/today.server";
import { startRun, type RunView } from "~/features/activities/runs.server";
import { activityRunPath, quizField, todayPath } from "~/features/activities/today";
import { onboardingPath, planPath } from "~/features/onboarding/rules";
import type { AppContext } from "~/platform/context";
import { formDataOf } from "~/platform/http.server";
import { renderMarkdown } from "~/platform/markdown";
import { FAILURE_STATUS, ServiceError } from "~/platform/service-error";
import {
  chrome,
  resolvePage,
  type Params,
  type Resolved,
} from "../apps.$storefrontSlug.$appSlug_.onboarding/onboarding.server";

/**
 * The caller's subject on /today; null for a signed-out visitor (the page tells them why and how to
 * get in). A signed-in user who may not use the app goes to the landing page and its plans (302).
 */
async function resolveToday(
  app: AppContext,
  request: Request,
  params: Params,
): Promise<{ r: Resolved; subject: Subject | null }> {
  const r = await resolvePage(app, request, params);
  // A preview (testingStepId) without a session was sent to Log In by resolvePage.
  if (!r.user) return { r, subject: null };
  // A persona's preview was checked to be the owner's by resolvePage.
  const role = r.testingStepId ? "owner" : await todayRole(app, r.user, r.target.row);
  if (!role) throw redirect(`/apps/${r.storefrontSlug}/${r.appSlug}`, 302);
  return { r, subject: { userId: r.user.id, testingStepId: r.target.testingStepId } };
}

/** The caller's subject on /today and the screens under it; a signed-out visitor goes to /today, which says why. */
export async function openToday(
  app: AppContext,
  request: Request,
  params: Params,
): Promise<{ r: Resolved; subject: Subject }> {
  const { r, subject } = await resolveToday(app, request, params);
  if (!subject) throw redirect(todayPath(r.storefrontSlug, r.appSlug), request.method === "GET" ? 302 : 303);
  return { r, subject };
}

/** A signed-out visitor's /today: why they cannot see it, the onboarding, and Log In back to here. */
function signedOutToday(r: Resolved, request: Request) {
  const here = todayPath(r.storefrontSlug, r.appSlug);
  // Crawlers leave it out: the route's meta says noindex, as on every /today.
  return {
    signedOut: true as const,
    ...chrome(r, here, request),
    onboardingHref: onboardingPath(r.storefrontSlug, r.appSlug),
  };
}

/** A past or current run as /today lists it: what its AI cards said, and where to go on. */
export interface RunDigest {
  id: string;
  title: string;
  status: RunView["status"];
  createdAt: number;
  href: string;
  /** An analysis's words as HTML, or its fixed failure message as text. */
  analyses: { title: string; text: string; html: string | null; failed: boolean }[];
  pictures: { title: string; url: string; alt: string }[];
  summary: string | null;
  summaryHtml: string | null;
}

export function runDigest(run: RunView, href: string): RunDigest {
  const analyses: RunDigest["analyses"] = [];
  const html = cardsHtml(run);
  const pictures: RunDigest["pictures"] = [];
  let summary = run.summaryAnalysisText;
  for (const card of run.cards) {
    const result = run.results[card.id];
    if (!result || result.status === "pending" || card.kind === "instruction" || card.kind === "input") continue;
    const r = result.result ?? {};
    const failed = result.status === "failed";
    if (card.kind === "analysis")
      analyses.push({
        title: card.title,
        text: String((failed ? r.error : r.text) ?? ""),
        html: failed ? null : (html[card.id] ?? null),
        failed,
      });
    else if (card.kind === "image" && !failed && typeof r.url === "string")
      pictures.push({ title: card.title, url: r.url, alt: String(r.alt ?? card.title) });
    else if (card.kind === "summary" && failed && !summary) summary = String(r.error ?? "");
  }
  return {
    id: run.id,
    title: run.title,
    status: run.status,
    createdAt: run.createdAt,
    href,
    analyses,
    pictures,
    summary,
    // A failed summary's message stays text.
    summaryHtml: summary === run.summaryAnalysisText ? textHtml(summary) : null,
  };
}

/**
 * A quiz as the page gets it: its questions and options without the right answers (they stay on the
 * server), and the last attempt's score with which of its answers were right.
 */
export interface QuizShown {
  id: string;
  title: string;
  questions: { question: string; options: string[] }[];
  last: { score: number; total: number; answers: number[]; right: boolean[] } | null;
}

function quizShown(quiz: TodayView["quizzes"][number]): QuizShown {
  const { last } = quiz;
  return {
    id: quiz.id,
    title: quiz.title,
    questions: quiz.questions.map(({ question, options }) => ({ question, options })),
    last: last && {
      score: last.score,
      total: last.total,
      answers: last.answers,
      right: quiz.questions.map((q, i) => q.answer === last.answers[i]),
    },
  };
}

export async function loadTodayPage(app: AppContext, request: Request, params: Params) {
  const { r, subject } = await resolveToday(app, request, params);
  if (!subject) return signedOutToday(r, request);
  const view = await todayView(app, subject, r.target.row.id);
  const here = todayPath(r.storefrontSlug, r.appSlug, r.testingStepId);
  return {
    signedOut: false as const,
    ...chrome(r, here, request),
    plan: view.plan
      ? {
          title: view.plan.title,
          phaseCount: view.plan.phases.length,
          targetDate: view.plan.targetDate,
        }
      : null,
    phaseIndex: view.phaseIndex,
    phase: view.phase,
    progress: view.progress,
    stories: view.stories.map((story) => ({ id: story.id, title: story.title, html: renderMarkdown(story.body) })),
    quizzes: view.quizzes.map(quizShown),
    activities: view.activities,
    runs: view.runs.map((run) => runDigest(run, activityRunPath(r.storefrontSlug, r.appSlug, run.id, r.testingStepId))),
    planHref: planPath(r.storefrontSlug, r.appSlug, r.testingStepId),
    onboardingHref: onboardingPath(r.storefrontSlug, r.appSlug, { testingStepId: r.testingStepId }),
    now: app.now,
  };
}

export interface QuizProblem {
  quizId: string;
  field: string;
  error: string;
  values: Record<string, string>;
}

/** Start (an activity) or a quiz's answers. */
export async function submitTodayPage(app: AppContext, request: Request, params: Params) {
  const { r, subject } = await openToday(app, request, params);
  const form = (await formDataOf(request)) ?? new FormData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 200) : "";
  };
  const back = todayPath(r.storefrontSlug, r.appSlug, r.testingStepId);
  const testingStepId = subject.testingStepId || undefined;
  try {
    if (text("intent") === "start") {
      const run = await startRun(
        app,
        { userId: subject.userId, testingStepId },
        {
          appId: r.target.row.id,
          activityId: text("activityId"),
        },
      );
      return redirect(activityRunPath(r.storefrontSlug, r.appSlug, run.id, r.testingStepId), 303);
    }
    if (text("intent") === "quiz") {
      const quizId = text("quizId");
      const answers = Array.from({ length: 20 }, (_, i) => (form.has(quizField(i)) ? text(quizField(i)) : null));
      try {
        await answerQuiz(
          app,
          { id: subject.userId, isAdmin: r.user!.isAdmin },
          {
            appId: r.target.row.id,
            quizId,
            testingStepId,
            answers,
          },
        );
      } catch (error) {
        if (!(error instanceof ServiceError) || error.failure !== "invalid") throw error;
        const values = Object.fromEntries(answers.flatMap((a, i) => (a === null ? [] : [[quizField(i), a]])));
        const problem: QuizProblem = { quizId, field: error.details?.[0]?.field ?? "", error: error.message, values };
        return data({ quiz: problem }, { status: 400 });
      }
      return redirect(`${back}#quiz-${quizId}`, 303);
    }
  } catch (error) {
    if (error instanceof ServiceError) throw new Response(error.message, { status: FAILURE_STATUS[error.failure] });
    throw error;
  }
  throw new Response("Unknown action", { status: 400 });
}
