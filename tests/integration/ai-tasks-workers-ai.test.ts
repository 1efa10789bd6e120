// Every AI task of the product through Workers AI in workerd: AI_PROVIDER=workers-ai and a stand-in
// `AI` binding (tests/tools/ai-stand-in.mjs workersAiStandIn: run(model, input, options) answers as
// Workers AI does, JSON built from the response format's JSON Schema the AI SDK sends, FLUX's base64
// PNG, Whisper's transcript, the vision model's words), so each call goes services → AI layer → AI SDK
// (workers-ai-provider) → binding. Each task's answer is the model's (not the embedded default's), and
// ai_calls records it as Workers AI's, ok. Then an answer that breaks the schema and a binding that
// never answers: the embedded default answers, and ai_calls records the fallback and why.
//
// The jobs (brainstorm, build app) are queued by their services and run here by their handlers, as the
// Durable Object would (its own bindings have no stand-in). The plan is made by planForAnswers, the
// plan generator the plan job and the simulator's replay use, without the onboarding it takes to queue
// a plan job; the run summary by summarizeRun, what summary-analysis calls once it has opened a run.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { meterFor } from "~/features/apps/ai-meter.server";
import { openOwnedApp } from "~/features/builder/builder.server";
import { helpForBlueprint, suggestionsFor } from "~/features/builder/blueprint.server";
import { brainstormJobHandler, brainstormOf, startBrainstorm } from "~/features/builder/brainstorms.server";
import { buildAppJobHandler, startBuildApp } from "~/features/builder/build-app.server";
import { brainstormBody, buildAppBody } from "~/features/builder/schema";
import { proposeLandingEdit } from "~/features/builder/landing/edits.server";
import { analyzeUploadsCall } from "~/features/activities/calls.server";
import { summarizeRun } from "~/features/activities/analysis.server";
import { analyzeUploadsBody } from "~/features/activities/schema";
import { completeJob, jobById, type JobRecord } from "~/features/jobs/jobs.server";
import { describeMedia } from "~/features/media/describe/descriptions.server";
import { describeInLibrary } from "~/features/media/describe/in-library.server";
import { uploadAppMedia } from "~/features/media/media.server";
import { planForAnswers } from "~/features/plans/plans.server";
import { WORKERS_AI_MODELS } from "~/platform/adapters/ai/models";
import { parseEnv } from "~/platform/env";
import { TINY_PNG, workersAiStandIn } from "../tools/ai-stand-in.mjs";
import { testApp } from "./app-context";
import { signUp } from "./commerce-helpers";
import { simplePdf, simpleWav } from "./describe-fixtures";

const PAGES = env.TEST_PAGES_ORIGIN;
/** A test's time: the first call loads the AI SDK, and the descriptions read a PDF and recordings. */
const SLOW = { timeout: 20_000 };
const ORIGIN = "http://127.0.0.1:8787";

/** The stand-in binding; "hang" never answers (a Workers AI call that does not come back). */
const standIn = workersAiStandIn();
let mode: "answer" | "hang" = "answer";
/** The calls left hanging, with whether the SDK handed the binding the layer's deadline as a signal. */
const hung: { model: string; signal: boolean }[] = [];
const binding = {
  run(model: string, input: Record<string, unknown>, options?: Record<string, unknown>) {
    if (mode === "answer") return standIn.run(model, input, options);
    hung.push({ model, signal: options?.signal instanceof AbortSignal });
    return new Promise<never>(() => {});
  },
};

/** The worker's context on Workers AI (the stand-in), its jobs run by the test. */
const workersAi = (timeoutMs = 30_000) =>
  testApp({
    env: parseEnv({ ...env, AI_PROVIDER: "workers-ai", AI_TIMEOUT_MS: String(timeoutMs) }),
    bindings: { ...testApp().bindings, AI: binding as unknown as Ai, Jobs: undefined },
  });

interface CallRow {
  task: string;
  work: string;
  provider: string;
  model: string;
  outcome: string;
  fallback_reason: string | null;
  attempts: number;
}

/** The calls recorded for the user since `since`, oldest first. */
async function callsOf(userId: string, since: number): Promise<CallRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT task, work, provider, model, outcome, fallback_reason, attempts FROM ai_calls WHERE user_id = ? AND created_at >= ? ORDER BY created_at, rowid",
  )
    .bind(userId, since)
    .all<CallRow>();
  return results;
}

/** Each call of `task` since `since` was Workers AI's own answer (one attempt, no fallback). */
async function answeredByWorkersAi(userId: string, since: number, task: string, works: string[]) {
  const rows = (await callsOf(userId, since)).filter((r) => r.task === task);
  expect(rows.map((r) => r.work).sort()).toEqual([...works].sort());
  for (const row of rows)
    expect(row).toMatchObject({
      provider: "workers-ai",
      model: WORKERS_AI_MODELS[row.work as keyof typeof WORKERS_AI_MODELS],
      outcome: "ok",
      fallback_reason: null,
      attempts: 1,
    });
}

/** Runs a queued job's handler and writes its result, as its Durable Object would. */
async function runJob(handler: { work(app: never, job: never): Promise<unknown[]> }, jobId: string) {
  const app = workersAi();
  const job = (await jobById(app, jobId)) as JobRecord;
  expect(await completeJob(app, job, (await handler.work(app as never, job as never)) as never)).toBe(true);
}

/** Bytes put into the app's media library in R2, as an upload would: their /media/ URL. */
async function inLibrary(appId: string, name: string, bytes: Uint8Array, contentType: string) {
  const key = `app-media/${appId}/${crypto.randomUUID()}-${name}`;
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType } });
  return `/media/${key}`;
}

let creator: { userId: string };
const user = () => ({ id: creator.userId, isAdmin: false });
let appId: string;

beforeAll(async () => {
  creator = await signUp("workers-ai-tasks");
});

describe("every AI task through Workers AI (the AI SDK's workers-ai-provider, a stand-in binding)", () => {
  it("brainstorm, then the app built from one of its ideas (build-app and its hero picture)", SLOW, async () => {
    const since = Date.now();
    const { brainstormId, jobId } = await startBrainstorm(
      workersAi(),
      creator.userId,
      brainstormBody.parse({ interest: "urban beekeeping", audience: "city rooftop gardeners" }),
    );
    await runJob(brainstormJobHandler as never, jobId);
    const brainstorm = await brainstormOf(workersAi(), creator.userId, brainstormId);
    expect(brainstorm.status).toBe("completed");
    // The stand-in's words come from the prompt (the creator's own), so none are the embedded ideas'.
    expect(brainstorm.apps.length).toBeGreaterThan(0);
    expect(JSON.stringify(brainstorm.apps)).toMatch(/interest|urban|beekeeping/);
    await answeredByWorkersAi(creator.userId, since, "brainstorm", ["structured"]);

    const built = await startBuildApp(workersAi(), creator.userId, buildAppBody.parse({ brainstormId, index: 0 }));
    appId = built.appId;
    await runJob(buildAppJobHandler as never, built.jobId);
    const row = await openOwnedApp(workersAi(), user(), appId);
    expect(row.name).toBe(brainstorm.apps[0]!.name);
    // The hero is FLUX's picture (the stand-in's PNG), not the embedded default's designed cover.
    const hero = row.landingPage.hero.imageUrl!;
    expect(hero).toMatch(/^\/media\//);
    expect(hero).not.toContain("-cover");
    await answeredByWorkersAi(creator.userId, since, "build-app", ["structured"]);
    await answeredByWorkersAi(creator.userId, since, "landing-image-hero", ["image"]);
    const flux = standIn.calls.filter((c) => c.model === WORKERS_AI_MODELS.image);
    expect(flux.length).toBeGreaterThan(0);
  });

  it("blueprint help, the editor's + suggestions and a landing-page edit", async () => {
    const since = Date.now();
    const app = workersAi();
    const row = await openOwnedApp(app, user(), appId);
    const help = await helpForBlueprint(app, row, user());
    expect(help.nextStep).toBeTruthy();
    const sections = await suggestionsFor(app, row, user(), { afterItemId: null, text: "" });
    expect(sections.length).toBeGreaterThan(0);
    // An instruction the built-in editor does not know: only the model's answer makes a proposal.
    const proposal = await proposeLandingEdit(app, row, user(), {
      instruction: "Write it as a hive keeper would speak to a neighbour",
    });
    expect(proposal.by).toBe("model");
    await answeredByWorkersAi(creator.userId, since, "blueprint-help", ["structured"]);
    await answeredByWorkersAi(creator.userId, since, "editor-suggestions", ["structured"]);
    await answeredByWorkersAi(creator.userId, since, "edit-landing-page", ["structured"]);
  });

  it("a personalized plan (the plan generator over the AI layer)", async () => {
    const since = Date.now();
    const app = workersAi();
    const plan = await planForAnswers(
      app,
      appId,
      { goal: "first honey harvest", currentLevel: "beginner", daysPerWeek: 2 },
      meterFor(app, { creatorId: creator.userId, appId }),
    );
    expect(plan.phases.length).toBeGreaterThan(0);
    const rows = (
      await env.DB.prepare(
        "SELECT provider, outcome, fallback_reason FROM ai_calls WHERE app_id = ? AND task = 'plan' AND created_at >= ?",
      )
        .bind(appId, since)
        .all()
    ).results;
    expect(rows).toEqual([{ provider: "workers-ai", outcome: "ok", fallback_reason: null }]);
  });

  it("descriptions of a link, a PDF, a recording, a video, an online video and a library picture", SLOW, async () => {
    const since = Date.now();
    const app = workersAi();
    const caller = { userId: creator.userId, appId };
    const pdfUrl = await inLibrary(
      appId,
      "hives.pdf",
      simplePdf([["Inspect the hive every week in spring, looking for eggs, larvae and capped brood."]], {
        title: "Hive inspections",
      }),
      "application/pdf",
    );
    const wav = simpleWav(1, "Smoker basics", "Coach Bee");
    const audioUrl = await inLibrary(appId, "smoker.wav", wav, "audio/wav");
    const videoUrl = await inLibrary(appId, "smoker-video.wav", wav, "audio/wav");
    const described = await Promise.all([
      describeMedia(app, caller, { kind: "link", url: `${PAGES}/article` }),
      describeMedia(app, caller, { kind: "pdf", url: pdfUrl }),
      describeMedia(app, caller, { kind: "audio", url: audioUrl }),
      describeMedia(app, caller, { kind: "video", url: videoUrl }),
      describeMedia(app, caller, { kind: "youtube", url: "https://youtu.be/hipDrills01" }),
    ]);
    for (const d of described) expect(d).toMatchObject({ provider: "workers-ai" });
    // The recordings were heard by Whisper (the stand-in's transcript).
    expect(described[2]!.metadata).toMatchObject({ transcribed: true, transcribedBy: "workers-ai" });
    expect(described[3]!.metadata).toMatchObject({ transcribed: true, transcribedBy: "workers-ai" });

    const picture = await uploadAppMedia(app, user(), appId, new File([TINY_PNG], "frame.png", { type: "image/png" }));
    expect(await describeInLibrary(app, user(), picture, ORIGIN)).toBe(true);
    const media = await env.DB.prepare("SELECT metadata FROM app_media WHERE id = ?")
      .bind(picture.mediaId)
      .first<{ metadata: string }>();
    expect(JSON.parse(media!.metadata).description).toMatch(/^An image of \d+ bytes\.$/);

    await answeredByWorkersAi(creator.userId, since, "describe-link", ["structured"]);
    await answeredByWorkersAi(creator.userId, since, "describe-pdf", ["structured"]);
    await answeredByWorkersAi(creator.userId, since, "describe-audio", ["speech", "structured"]);
    await answeredByWorkersAi(creator.userId, since, "describe-video", ["speech", "structured"]);
    await answeredByWorkersAi(creator.userId, since, "describe-youtube", ["structured"]);
    await answeredByWorkersAi(creator.userId, since, "describe-image", ["vision"]);
  });

  it("an activity's inputs analysed (a photo read, then written up) and a run summed up", SLOW, async () => {
    const since = Date.now();
    const app = workersAi();
    const photo = await inLibrary(appId, "comb.png", TINY_PNG, "image/png");
    const analysis = await analyzeUploadsCall(
      app,
      user(),
      analyzeUploadsBody.parse({
        appId,
        mediaUrls: [photo],
        mediaTypes: ["image"],
        analysisPrompt: "Say what the comb shows and what to check next.",
      }),
    );
    expect(analysis.provider).toBe("workers-ai");
    expect(analysis.text).toBeTruthy();
    await answeredByWorkersAi(creator.userId, since, "activity-analysis", ["vision", "structured"]);

    const summary = await summarizeRun(
      app,
      { userId: creator.userId, appId, meter: meterFor(app, { creatorId: creator.userId, appId }) },
      {
        prompt: "Sum up the inspection.",
        cards: [{ title: "Inspection", text: "Eggs seen on three frames." }],
        media: [],
      },
    );
    expect(summary.text).toBeTruthy();
    await answeredByWorkersAi(creator.userId, since, "activity-summary", ["structured"]);
  });
});

describe("when Workers AI gives no valid answer, the embedded default answers and the record says why", () => {
  let other: { userId: string };
  let otherAppId: string;
  const them = () => ({ id: other.userId, isAdmin: false });

  beforeAll(async () => {
    other = await signUp("workers-ai-fallbacks");
    // An app of theirs, built on the embedded default (its words are the embedded ones).
    const app = testApp({ bindings: { ...testApp().bindings, Jobs: undefined } });
    const built = await startBuildApp(
      app,
      other.userId,
      buildAppBody.parse({ appIdea: "Sourdough bread baking at home" }),
    );
    otherAppId = built.appId;
    const job = (await jobById(app, built.jobId)) as JobRecord;
    await completeJob(app, job, await buildAppJobHandler.work(app, job as never));
  });

  it("an answer that breaks the schema: not retried, the embedded answer used, recorded as invalid", async () => {
    const since = Date.now();
    const app = workersAi();
    const row = await openOwnedApp(app, them(), otherAppId);
    const embedded = await helpForBlueprint(testApp(), row, them());
    standIn.behaviour = "off-schema";
    try {
      const help = await helpForBlueprint(app, row, them());
      expect(help).toEqual(embedded);
    } finally {
      standIn.behaviour = "ok";
    }
    const rows = (await callsOf(other.userId, since)).filter((r) => r.provider === "workers-ai");
    expect(rows).toEqual([
      {
        task: "blueprint-help",
        work: "structured",
        provider: "workers-ai",
        model: WORKERS_AI_MODELS.structured,
        outcome: "fallback",
        fallback_reason: "invalid",
        attempts: 1,
      },
    ]);
  });

  it("a binding that never answers: two attempts time out, the embedded answer used, recorded as timeout", async () => {
    const since = Date.now();
    const app = workersAi(150);
    const row = await openOwnedApp(app, them(), otherAppId);
    const embedded = await suggestionsFor(testApp(), row, them(), { afterItemId: null, text: "" });
    mode = "hang";
    try {
      const sections = await suggestionsFor(app, row, them(), { afterItemId: null, text: "" });
      expect(sections).toEqual(embedded);
    } finally {
      mode = "answer";
    }
    // Each attempt reached the binding with the layer's deadline as its AbortSignal.
    expect(hung).toEqual([
      { model: WORKERS_AI_MODELS.structured, signal: true },
      { model: WORKERS_AI_MODELS.structured, signal: true },
    ]);
    const rows = (await callsOf(other.userId, since)).filter((r) => r.provider === "workers-ai");
    expect(rows).toEqual([
      {
        task: "editor-suggestions",
        work: "structured",
        provider: "workers-ai",
        model: WORKERS_AI_MODELS.structured,
        outcome: "fallback",
        fallback_reason: "timeout",
        attempts: 2,
      },
    ]);
  });
});
