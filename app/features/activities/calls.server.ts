/**
 * The spec's AI calls (section 7 "AI analysis and activities") onto the activity services: who may
 * call (the app's owner simulating, or an end user who may use the app; a userId in the body must be
 * the caller), the parallel media lists and inputContext mapped onto CardInput, and every media url
 * checked before anything is read (the app's library or the caller's own uploads; else 400 in words).
 */
import type { z } from "zod";
import { meterFor } from "~/features/apps/ai-meter.server";
import type { AiMeter } from "~/platform/adapters/ai/ai.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { openActivityApp, type Caller } from "./access.server";
import { analyzeCardInputs, pictureFromInputs, summarizeRun, type Analysis } from "./analysis.server";
import { activityMessages, inputsFromCall, readableMediaKey, type CardInput, type MediaType } from "./rules";
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
): Promise<{ inputs: CardInput[]; meter: AiMeter }> {
  const opened = await openActivityApp(app, user, body.appId);
  if (body.userId && body.userId !== user.id) throw new ServiceError("forbidden", activityMessages.notYou);
  const mapped = inputsFromCall(body.mediaUrls, body.mediaTypes, body.inputContext);
  if ("error" in mapped) throw new ServiceError("invalid", mapped.error);
  checkUrls(mapped.inputs, { appId: body.appId, userId: user.id });
  // The owner simulating spends their own generations; an end user their day on the app.
  const payer =
    opened.role === "owner" ? { creatorId: user.id, appId: body.appId } : { appId: body.appId, endUser: user.id };
  return { inputs: mapped.inputs, meter: meterFor(app, payer) };
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
  const { inputs, meter } = await callInputs(app, user, body);
  return analyzeCardInputs(
    app,
    { userId: user.id, appId: body.appId, meter },
    {
      prompt: body.analysisPrompt,
      inputs,
      cardContext: body.cardContext,
      allCardsContext: body.allCardsContext,
    },
  );
}

export async function generateImageCall(
  app: AppContext,
  user: Caller,
  body: z.infer<typeof generateImageBody>,
): Promise<{ url: string; alt: string }> {
  const { inputs, meter } = await callInputs(app, user, body);
  return pictureFromInputs(
    app,
    { userId: user.id, appId: body.appId, meter },
    {
      prompt: body.generationPrompt,
      inputs,
      cardContext: body.cardContext,
    },
  );
}

/** summary-analysis: `runId` is the run (activity_runs.id) the caller may use. */
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
  const payer = run.testingStepId
    ? { creatorId: user.id, appId: run.appId }
    : { appId: run.appId, endUser: run.userId ?? user.id };
  return summarizeRun(
    app,
    { ...who, meter: meterFor(app, payer) },
    { prompt: body.summaryAnalysisPrompt, cards, media },
  );
}

export const saveSummaryCall = (app: AppContext, user: Caller, runId: string, text: string) =>
  saveRunSummary(app, user.id, runId, text);
