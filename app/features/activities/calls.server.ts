/**
 * The spec's AI calls (section 7 "AI analysis and activities") onto the activity services: who may
 * call (the app's owner simulating, or an end user who may use the app; a userId in the body must be
 * the caller), the parallel media lists and inputContext mapped onto CardInput, and every media url
 * checked before anything is read (the app's library or the caller's own uploads; else 400 in words).
 * The prompt a call sends is the owner's to choose; an end user's call runs by the brief of one of
 * the app's own cards (rules.ts storedBrief), so no end user has the app's AI follow words of theirs.
 */
import type { z } from "zod";
import { meterFor } from "~/features/apps/ai-meter.server";
import type { AiMeter } from "~/platform/adapters/ai/ai.server";
import type { ActivityCard } from "~/db/app-content";
import { appById } from "~/features/apps/apps.server";
import { blueprintOf } from "~/features/builder/blueprint.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { openActivityApp, type Caller, type OpenedApp } from "./access.server";
import { analyzeCardInputs, nextInPlan, pictureFromInputs, summarizeRun, type Analysis } from "./analysis.server";
import {
  activityMessages,
  inputsFromCall,
  readableMediaKey,
  storedBrief,
  type CardInput,
  type MediaType,
} from "./rules";
import { openRun, saveRunSummary } from "./runs.server";
import type { analyzeUploadsBody, generateImageBody, summaryAnalysisBody } from "./schema";

async function callInputs(
  app: AppContext,
  user: Caller,
  body: {
    appId: string;
    userId?: string;
    mediaUrls: string[];
    mediaTypes: string[];
    inputContext?: z.infer<typeof analyzeUploadsBody>["inputContext"];
  },
): Promise<{ opened: OpenedApp; inputs: CardInput[]; meter: AiMeter }> {
  const opened = await openActivityApp(app, user, body.appId);
  if (body.userId && body.userId !== user.id) throw new ServiceError("forbidden", activityMessages.notYou);
  const mapped = inputsFromCall(body.mediaUrls, body.mediaTypes, body.inputContext);
  if ("error" in mapped) throw new ServiceError("invalid", mapped.error);
  checkUrls(mapped.inputs, { appId: body.appId, userId: user.id });
  // The owner simulating spends their own generations; an end user their day on the app.
  const payer =
    opened.role === "owner" ? { creatorId: user.id, appId: body.appId } : { appId: body.appId, endUser: user.id };
  return { opened, inputs: mapped.inputs, meter: meterFor(app, payer) };
}

/**
 * The brief an analysis or a picture is made by: the owner's as sent (they try briefs out); an end
 * user's, one of the app's own cards' (the one they name by cardContext), whatever prompt they sent.
 */
async function briefFor(
  app: AppContext,
  opened: OpenedApp,
  kind: "analysis" | "image",
  sent: string,
  cardContext: string | undefined,
): Promise<string> {
  if (opened.role === "owner") return sent;
  const found = await blueprintOf(app, opened.row.id);
  const cards: ActivityCard[] = (found?.blueprint.items ?? []).flatMap((i) => (i.kind === "activity" ? i.cards : []));
  const brief = storedBrief(cards, kind, sent, cardContext);
  if (brief === null) throw new ServiceError("invalid", activityMessages.unknownCard(kind));
  return brief;
}

function checkUrls(inputs: CardInput[], who: { appId: string; userId: string }) {
  for (const input of inputs)
    if (input.kind === "media" && "refused" in readableMediaKey(input.url, who))
      throw new ServiceError("invalid", `${input.url}: ${activityMessages.mediaRefused}`);
}

export async function analyzeUploadsCall(
  app: AppContext,
  user: Caller,
  body: z.infer<typeof analyzeUploadsBody>,
): Promise<Analysis> {
  const { opened, inputs, meter } = await callInputs(app, user, body);
  return analyzeCardInputs(
    app,
    { userId: user.id, appId: body.appId, meter },
    {
      prompt: await briefFor(app, opened, "analysis", body.analysisPrompt, body.cardContext),
      inputs,
      cardContext: body.cardContext,
      allCardsContext: body.allCardsContext,
      // The caller's own plan for the app (an owner trying a brief usually has none).
      next: await nextInPlan(app, {
        appId: body.appId,
        subject: user.id,
        testingStepId: "",
        title: body.cardContext ?? "",
      }),
    },
  );
}

export async function generateImageCall(
  app: AppContext,
  user: Caller,
  body: z.infer<typeof generateImageBody>,
): Promise<{ url: string; alt: string }> {
  const { opened, inputs, meter } = await callInputs(app, user, body);
  return pictureFromInputs(
    app,
    { userId: user.id, appId: body.appId, meter },
    {
      prompt: await briefFor(app, opened, "image", body.generationPrompt, body.cardContext),
      inputs,
      cardContext: body.cardContext,
    },
  );
}

/**
 * The brief a run is summed up by: the app owner's as sent; an end user's, the run's own summary card's
 * (the one whose brief they sent, else its last one).
 */
async function summaryBriefFor(
  app: AppContext,
  user: Caller,
  run: { appId: string; cards: ActivityCard[] },
  sent: string,
) {
  if (user.isAdmin || (await appById(app, run.appId))?.ownerId === user.id) return sent;
  const summaries = run.cards.filter((c) => c.kind === "summary");
  const brief = storedBrief(run.cards, "summary", sent) ?? storedBrief(summaries.slice(-1), "summary", sent);
  if (brief === null) throw new ServiceError("invalid", activityMessages.noSummaryCard);
  return brief;
}

/**
 * summary-analysis: `runId` is the run (activity_runs.id) the caller may use; an end user's run is
 * summed up by its summary card's brief, not the prompt they send.
 */
export async function summaryAnalysisCall(
  app: AppContext,
  user: Caller,
  runId: string,
  body: z.infer<typeof summaryAnalysisBody>,
): Promise<{ text: string }> {
  const run = await openRun(app, user.id, runId);
  const mapped = inputsFromCall(body.allMediaUrls, body.allMediaTypes, undefined);
  if ("error" in mapped)
    throw new ServiceError(
      "invalid",
      mapped.error.replace("mediaUrls and mediaTypes", "allMediaUrls and allMediaTypes"),
    );
  const who = { appId: run.appId, userId: run.userId ?? user.id };
  checkUrls(mapped.inputs, who);
  const given = body.allCardsContext;
  const cards =
    typeof given === "string"
      ? given.trim()
        ? [{ title: "Activity", text: given }]
        : []
      : (given ?? []).map((c, i) => (typeof c === "string" ? { title: `Card ${i + 1}`, text: c } : c));
  const media = mapped.inputs.flatMap((i) => (i.kind === "media" ? [{ url: i.url, type: i.type as MediaType }] : []));
  const prompt = await summaryBriefFor(app, user, run, body.summaryAnalysisPrompt);
  const payer = run.testingStepId
    ? { creatorId: user.id, appId: run.appId }
    : { appId: run.appId, endUser: run.userId ?? user.id };
  return summarizeRun(
    app,
    { ...who, meter: meterFor(app, payer) },
    { prompt, cards, media, next: await nextInPlan(app, run) },
  );
}

export const saveSummaryCall = (app: AppContext, user: Caller, runId: string, text: string) =>
  saveRunSummary(app, user.id, runId, text);
