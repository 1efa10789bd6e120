/**
 * The activity screen (/apps/{storefrontSlug}/{appSlug}/today/activities/{runId}) over HTTP: a run,
 * card by card. One form post per card (an instruction's Next, an input's answer, an upload as
 * multipart), each answered 303 back to the screen; a refused answer re-renders the screen (400) with
 * the error next to the field and changes nothing. Someone else's run is refused (403).
 */
import { data, redirect } from "@remix-run/cloudflare";
import { activityMessages, shownCard, uploadTypeOf, type ShownCard } from "~/features/activities/rules";
import { answerCard, nextCard } from "~/features/activities/runs.server";
import { cardsHtml, textHtml } from "~/features/activities/card-html.server";
import { activityRunPath, todayPath } from "~/features/activities/today";
import { runScreen } from "~/features/activities/today.server";
import { uploadUserFile } from "~/features/activities/uploads.server";
import { MAX_UPLOAD_REQUEST_BYTES, uploadMessages } from "~/platform/adapters/storage/media.server";
import type { AppContext } from "~/platform/context";
import { formDataOf } from "~/platform/http.server";
import { FAILURE_STATUS, ServiceError } from "~/platform/service-error";
import { chrome, type Params } from "../apps.$storefrontSlug.$appSlug_.onboarding/onboarding.server";
import { openToday } from "../apps.$storefrontSlug.$appSlug_.today/today.server";

type RunParams = Params & { runId?: string };

/** A service's refusal as the page's error (403 someone else's run, 404 no such run). */
function refused(error: unknown): never {
  if (error instanceof ServiceError) throw new Response(error.message, { status: FAILURE_STATUS[error.failure] });
  throw error;
}

async function openScreen(app: AppContext, request: Request, params: RunParams) {
  const { r, subject } = await openToday(app, request, params);
  const runId = (params.runId ?? "").slice(0, 64);
  const screen = await runScreen(app, subject.userId, r.target.row.id, runId).catch(refused);
  // A persona's run is seen only in its preview, a real one only outside it.
  if (screen.run.testingStepId !== subject.testingStepId)
    throw new Response(activityMessages.runNotFound, { status: 404 });
  return { r, subject, screen, here: activityRunPath(r.storefrontSlug, r.appSlug, runId, r.testingStepId) };
}

/**
 * What the screen shows of a card: its words as HTML (instructions, analyses, summaries), so no
 * JavaScript is needed. An AI card comes without its brief (shownCard): the creator's prompt stays on
 * the server, which runs the card from it.
 */
export type CardView = ShownCard & { html?: string };

export async function loadActivityScreen(app: AppContext, request: Request, params: RunParams) {
  const { r, screen, here } = await openScreen(app, request, params);
  const { run, job } = screen;
  const html = cardsHtml(run);
  return {
    ...chrome(r, here, request),
    appId: r.target.row.id,
    run: {
      id: run.id,
      activityId: run.activityId,
      title: run.title,
      status: run.status,
      position: run.position,
      cards: run.cards.map((card): CardView => ({ ...shownCard(card), html: html[card.id] })),
      results: run.results,
      summaryAnalysisText: run.summaryAnalysisText,
      summaryHtml: textHtml(run.summaryAnalysisText),
    },
    job,
    isForSimulation: Boolean(r.testingStepId),
    statusPath: activityRunPath(r.storefrontSlug, r.appSlug, run.id, r.testingStepId, "/status"),
    todayHref: todayPath(r.storefrontSlug, r.appSlug, r.testingStepId),
  };
}

export interface CardProblem {
  cardId: string;
  error: string;
  value: string;
}

const problem = (cardId: string, error: string, value = "", status = 400) =>
  data({ problem: { cardId, error, value } satisfies CardProblem }, { status });

/** Next (an instruction) or an input's answer: text, a number, a choice, or a file (multipart) or its upload's url. */
export async function submitActivityScreen(app: AppContext, request: Request, params: RunParams) {
  const { r, subject, screen, here } = await openScreen(app, request, params);
  const { run } = screen;
  const current = run.current;
  if (Number(request.headers.get("Content-Length") ?? "0") > MAX_UPLOAD_REQUEST_BYTES)
    return problem(current?.id ?? "", uploadMessages.requestTooLarge, "", 413);
  const form = (await formDataOf(request)) ?? new FormData();
  const text = (name: string, max = 6_000) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, max) : "";
  };
  const cardId = text("cardId", 64);
  const card = run.cards.find((c) => c.id === cardId);
  try {
    if (text("intent", 20) === "next") {
      await nextCard(app, subject.userId, run.id, cardId);
      return redirect(here, 303);
    }
    if (card?.kind === "input" && uploadTypeOf(card) && card.id === current?.id) {
      const type = uploadTypeOf(card)!;
      const file = form.get("file");
      const uploadedUrl = text("uploadedUrl", 2_000).trim();
      let answer: { url: string; type: string } | null = uploadedUrl ? { url: uploadedUrl, type } : null;
      if (file && typeof file !== "string" && file.size > 0) {
        const upload = await uploadUserFile(
          app,
          { id: subject.userId, isAdmin: r.user!.isAdmin },
          { appId: run.appId, type, activityId: run.activityId, isForSimulation: Boolean(subject.testingStepId) },
          file,
        );
        answer = { url: upload.url, type };
      }
      await answerCard(app, subject.userId, run.id, cardId, answer);
      return redirect(here, 303);
    }
    await answerCard(app, subject.userId, run.id, cardId, text("value"));
    return redirect(here, 303);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    // A card already done or not reached (a second tab, a double submit): the screen shows where the run is.
    if (error.failure === "conflict") return redirect(here, 303);
    if (error.failure === "invalid") return problem(cardId, error.message, card?.kind === "input" ? text("value") : "");
    refused(error);
  }
}

/** The current AI card's job status, as JobProgress polls it: {response: {status, progress}}. */
export async function activityJobStatus(app: AppContext, request: Request, params: RunParams) {
  const { screen } = await openScreen(app, request, params);
  const job = screen.job;
  // No job at the current card any more: the run has moved on, so the poller reloads the screen.
  const response = job ?? { status: "completed", progress: 100 };
  return Response.json({ response }, { headers: { "Cache-Control": "no-store" } });
}
