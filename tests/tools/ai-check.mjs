#!/usr/bin/env node
// `npm run ai:check [-- --stand-in[=invalid|off-schema|error|slow]] [--no-build] [--only id,id] [--quiet]`:
// every AI task of the product, run through its JSON API for each idea of a fixed panel
// (tests/fixtures/ai-check-ideas.json), against the configured provider; the inputs and outputs go
// side by side into tests/.report/ai-check.md (and .json) for a person to read.
//
// For each idea a new creator signs up and, through the same routes the builder's screens call:
// brainstorms (buildBrainstorm), builds the app (buildApp, a job), asks for blueprint help and the
// editor's "+" suggestions, a personalized plan (the owner's persona, createPersonalizedPlanForTesting),
// a landing-page edit; uploads a picture (described on upload), a PDF and a recording and has the PDF,
// the recording, a video link, a web page and an online video described; analyses an activity's
// inputs (analyzeUploads) and sums up an activity run (summary-analysis). Afterwards the AI layer's
// records (D1 ai_calls) say which provider and model answered each call and whether the embedded
// default answered instead, and why.
//
// The provider is the worker's usual choice (app/platform/adapters/ai/README.md): the embedded default
// unless AI_PROVIDER or AI_BASE_URL (with AI_MODEL…) are set in the environment or in .dev.vars.
// --stand-in starts the local OpenAI-compatible stand-in (tests/tools/ai-stand-in.mjs) and points the
// worker at it; --stand-in=invalid (off-schema, error, slow) makes it misbehave. AI_CHECK_STAND_IN=1
// (or a behaviour) does the same as the flag.
//
// Exit 1 when a task errs (a non-2xx answer that is not a documented refusal, a failed job, an answer
// without the fields the API promises), when an AI call's answer did not validate (ai_calls
// fallback_reason 'invalid'), or, with a model, when a task made no AI call; against the stand-in, also
// when anything fell back or was refused (the stand-in answers every schema, so nothing should).
//
// The worker runs as development (`wrangler dev --local`, its own database in tests/.state/ai-check and
// free ports): links are read from a local web (tests/tools/web-stand-in.mjs, let through by
// LINK_FETCH_ALLOW, which production ignores), and nothing reaches the internet unless the configured
// provider is on it. AI_PROVIDER=workers-ai runs it without --local (Workers AI is remote only: it
// needs `npx wrangler login`, and the calls are billed).
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { startOpenAiStandIn } from "./ai-stand-in.mjs";
import { articleHtml, articlePdf, landscapePng, recordingWav } from "./ai-check-media.mjs";
import { freePorts } from "./free-ports.mjs";
import { startWebStandIn } from "./web-stand-in.mjs";
import {
  buildApp,
  freshMigratedDatabase,
  root,
  runWrangler,
  startWorker,
  stopGroup,
  waitForUp,
} from "./wrangler-env.mjs";

const USAGE = `npm run ai:check [-- --stand-in[=invalid|off-schema|error|slow]] [--no-build] [--only id,id] [--quiet]
  --stand-in      answer with the local OpenAI-compatible stand-in (also AI_CHECK_STAND_IN=1)
  --no-build      use the worker already built (build/worker.js)
  --only ids      only these ideas of tests/fixtures/ai-check-ideas.json
  --concurrency n tasks in flight at once (default 6)
  --quiet         print only the tasks that did not answer, and the totals
Otherwise the provider is the worker's usual choice: AI_PROVIDER, AI_BASE_URL, AI_MODEL… from the
environment or .dev.vars, else the embedded default.`;

const BEHAVIOURS = ["ok", "invalid", "off-schema", "error", "slow"];
const args = process.argv.slice(2);
const flag = (name) => args.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
const value = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : flag(name)?.split("=")[1];
};
if (flag("help") || args.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const standInArg = flag("stand-in") ?? (process.env.AI_CHECK_STAND_IN ? `=${process.env.AI_CHECK_STAND_IN}` : null);
const standIn = standInArg ? (standInArg.split("=")[1] ?? "ok").replace(/^(1|true|yes|)$/, "ok") : null;
if (standIn && !BEHAVIOURS.includes(standIn)) {
  console.error(`--stand-in: one of ${BEHAVIOURS.join(", ")}\n${USAGE}`);
  process.exit(2);
}
const CONCURRENCY = Number(value("concurrency") ?? 6);
const QUIET = Boolean(flag("quiet"));
const only = value("only")?.split(",").filter(Boolean);
const fixture = JSON.parse(readFileSync(`${root}/tests/fixtures/ai-check-ideas.json`, "utf8"));
const IDEAS = fixture.ideas.filter((idea) => !only || only.includes(idea.id));
if (IDEAS.length === 0) {
  console.error(`--only: none of ${fixture.ideas.map((i) => i.id).join(", ")}`);
  process.exit(2);
}

const persistTo = `${root}/tests/.state/ai-check`;
const reportDir = `${root}/tests/.report`;
const workerLog = `${reportDir}/ai-check-worker.log`;
/** How long a job (a build, a brainstorm, a plan) may take, and a request: a local model can be slow. */
const JOB_TIMEOUT_MS = Number(process.env.AI_CHECK_TIMEOUT_MS ?? 300_000);
const POLL_MS = 250;

// ——— the provider ———

const AI_VARS = [
  "AI_PROVIDER",
  "AI_BASE_URL",
  "AI_MODEL",
  "AI_API_KEY",
  "AI_VISION_MODEL",
  "AI_IMAGE_MODEL",
  "AI_SPEECH_MODEL",
  "AI_TIMEOUT_MS",
];
/** The AI variables of the environment, handed to the worker (.dev.vars, read by wrangler itself, comes under them). */
const fromEnvironment = Object.fromEntries(AI_VARS.filter((k) => process.env[k]).map((k) => [k, process.env[k]]));
const remoteAi = !standIn && fromEnvironment.AI_PROVIDER === "workers-ai";

function configuredProvider() {
  if (standIn) return `the local OpenAI-compatible stand-in (tests/tools/ai-stand-in.mjs), behaviour "${standIn}"`;
  const v = fromEnvironment;
  if (v.AI_PROVIDER === "embedded") return "the embedded default (AI_PROVIDER=embedded)";
  if (v.AI_PROVIDER === "workers-ai") return "Workers AI (AI_PROVIDER=workers-ai, the remote binding)";
  if (v.AI_BASE_URL)
    return `an OpenAI-compatible endpoint, ${v.AI_BASE_URL}, model ${v.AI_MODEL ?? "(AI_MODEL unset)"}`;
  // wrangler reads .dev.vars itself: what it names shows in the AI calls' records.
  if (existsSync(`${root}/.dev.vars`)) return "whatever .dev.vars names (else the embedded default)";
  return "the embedded default (no AI_PROVIDER or AI_BASE_URL)";
}

// ——— HTTP ———

let BASE = "";

/** A request as the builder's pages send it (same-origin, the session cookie); answers {status, headers, body}. */
async function request(path, { cookie, json, form, multipart, method } = {}) {
  const headers = { Origin: BASE, ...(cookie ? { Cookie: cookie } : {}) };
  let body;
  if (json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(json);
  } else if (form) body = new URLSearchParams(form);
  else if (multipart) body = multipart;
  const response = await fetch(`${BASE}${path}`, {
    method: method ?? (body ? "POST" : "GET"),
    redirect: "manual",
    headers,
    body,
    signal: AbortSignal.timeout(JOB_TIMEOUT_MS),
  });
  const text = await response.text();
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // HTML or text: kept as it is
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

class TaskError extends Error {
  constructor(message, answer) {
    super(message);
    this.answer = answer;
  }
}

/** The answer, when it is a success; else a TaskError carrying it. */
function ok(answer, what, expected = [200, 201, 202]) {
  if (!expected.includes(answer.status))
    throw new TaskError(`${what} answered ${answer.status}: ${short(answer.body, 300)}`, answer);
  return answer;
}

async function poll(read, done, what) {
  const deadline = Date.now() + JOB_TIMEOUT_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new TaskError(`${what}: not done within ${JOB_TIMEOUT_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

const short = (value, max = 200) => {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/** A value trimmed for reading: long strings cut, long lists cut to their first items, deep objects summarised. */
function trimmed(value, depth = 0) {
  if (typeof value === "string")
    return value.length > 600 ? `${value.slice(0, 599)}… (${value.length} characters)` : value;
  if (Array.isArray(value)) {
    const items = value.slice(0, 6).map((v) => trimmed(v, depth + 1));
    return value.length > 6 ? [...items, `… ${value.length - 6} more`] : items;
  }
  if (value && typeof value === "object") {
    if (depth >= 5) return `{${Object.keys(value).join(", ")}}`;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimmed(v, depth + 1)]));
  }
  return value;
}

// ——— what each idea's creator does ———

/** The tasks, in the report's order, and the ai_calls tasks each one causes (the first must be there). */
const TASKS = [
  { name: "brainstorm", ai: ["brainstorm"] },
  { name: "build-app", ai: ["build-app", "landing-image-", "screenshot-background", "app-image"] },
  { name: "blueprint-help", ai: ["blueprint-help"] },
  { name: "editor-suggestions", ai: ["editor-suggestions"] },
  { name: "plan", ai: ["plan"] },
  { name: "edit-landing-page", ai: ["edit-landing-page"] },
  { name: "describe-link", ai: ["describe-link"] },
  { name: "describe-pdf", ai: ["describe-pdf"] },
  { name: "describe-video", ai: ["describe-video"] },
  { name: "describe-audio", ai: ["describe-audio"] },
  { name: "describe-youtube", ai: ["describe-youtube"] },
  { name: "describe-image", ai: ["describe-image"] },
  { name: "activity-analysis", ai: ["activity-analysis"] },
  { name: "activity-summary", ai: ["activity-summary"] },
];
const taskOfCall = (aiTask) =>
  TASKS.find((t) => t.ai.some((name) => (name.endsWith("-") ? aiTask.startsWith(name) : aiTask === name)))?.name ??
  null;

/** At most CONCURRENCY tasks in flight over all ideas. */
let running = 0;
const waiting = [];
async function slot(run) {
  if (running >= CONCURRENCY) await new Promise((resolve) => waiting.push(resolve));
  running++;
  try {
    return await run();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

const results = [];

/** Runs one task of an idea and records its input, its answer and how it ended. */
async function task(idea, name, input, run) {
  const started = performance.now();
  const result = { idea: idea.id, task: name, input, status: null, outcome: "ok", output: null, error: null, ms: 0 };
  results.push(result);
  try {
    const { status, input: sent, output } = await slot(() => run());
    if (sent) result.input = sent;
    result.status = status;
    result.output = trimmed(output);
  } catch (error) {
    const answer = error instanceof TaskError ? error.answer : undefined;
    result.status = answer?.status ?? null;
    result.output = answer ? trimmed(answer.body) : null;
    result.error = error instanceof Error ? error.message : String(error);
    result.outcome = refusal(name, answer) ? "refused" : "error";
  }
  result.ms = Math.round(performance.now() - started);
  const mark = result.outcome === "ok" ? "✓" : result.outcome === "refused" ? "∅" : "✗";
  if (QUIET && result.outcome === "ok") return result;
  console.log(
    `  ${mark} ${idea.id.padEnd(16)} ${name.padEnd(20)} ${result.status ?? "-"} ${result.ms} ms${result.error ? `  ${short(result.error, 160)}` : ""}`,
  );
  return result;
}

/**
 * The documented refusals (not errors): past a limit, a 429 with Retry-After (the meter, the plan
 * limits); an instruction the built-in landing-page editor does not take, a 400 saying why (without
 * the field `details` a body that fails its schema has).
 */
function refusal(name, answer) {
  if (!answer?.headers) return false;
  if (answer.status === 429 && Number(answer.headers.get("Retry-After")) > 0) return true;
  return name === "edit-landing-page" && answer.status === 400 && !answer.body?.details;
}

/** A field the API promises, or a TaskError saying it is missing. */
function must(condition, message, answer) {
  if (!condition) throw new TaskError(message, answer);
}

const B = "/api/app-builder";

async function signUp(idea, i) {
  const email = `ai-check-${idea.id}-${crypto.randomUUID().slice(0, 8)}@studio.example`;
  const answer = await request("/auth/create-account", {
    form: { email, firstName: "Check", lastName: `Creator ${i + 1}`, password: `ai-check-creator-${i + 1}-pass` },
  });
  const session = answer.headers.getSetCookie().find((c) => c.startsWith("studio_session="));
  if (answer.status !== 303 || !session) throw new Error(`sign-up of ${email} answered ${answer.status}`);
  const cookie = session.split(";")[0];
  const me = ok(await request("/api/users/getBasicUserInfo", { cookie }), "getBasicUserInfo");
  return { email, cookie, userId: me.body.userId };
}

/** Answers to every visible question of an onboarding flow, each valid for its question. */
function answersFor(flow) {
  const answers = {};
  for (const page of flow?.pages ?? [])
    for (const q of page.questions) {
      const first = q.options?.[0]?.value;
      if (q.type === "single_choice") answers[q.key] = first;
      else if (q.type === "multiple_choice") answers[q.key] = first === undefined ? [] : [first];
      else if (q.type === "number" || q.type === "slider")
        answers[q.key] = q.min !== undefined && q.max !== undefined ? Math.round((q.min + q.max) / 2) : (q.min ?? 3);
      else if (q.type === "date") answers[q.key] = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
      else answers[q.key] = "About twenty minutes a day";
    }
  return answers;
}

const videoIdOf = (idea) =>
  `aic-${idea.id}`
    .replace(/[^A-Za-z0-9_-]/g, "")
    .padEnd(11, "x")
    .slice(0, 11);

async function checkIdea(idea, i, web) {
  let creator;
  try {
    creator = await signUp(idea, i);
  } catch (error) {
    results.push({
      idea: idea.id,
      task: "sign-up",
      input: null,
      status: null,
      outcome: "error",
      output: null,
      error: String(error),
      ms: 0,
    });
    console.log(`  ✗ ${idea.id.padEnd(16)} sign-up: ${error}`);
    return null;
  }
  const { cookie } = creator;
  const post = (path, json) => request(path, { cookie, json });
  const get = (path) => request(path, { cookie });

  const brainstorm = task(idea, "brainstorm", idea.brainstorm, async () => {
    const started = ok(await post(`${B}/buildBrainstorm`, idea.brainstorm), "buildBrainstorm", [202]);
    const id = started.body.response.brainstormId;
    const status = await poll(
      async () => (await get(`${B}/getBrainstormStatus?brainstormId=${id}`)).body.response,
      (s) => s?.status === "completed" || s?.status === "failed",
      "the brainstorm",
    );
    const apps = ok(await get(`${B}/getBrainstormApps?brainstormId=${id}`), "getBrainstormApps");
    must(status.status === "completed", `the brainstorm failed: ${apps.body.response?.error}`, apps);
    const ideas = apps.body.response.apps;
    must(Array.isArray(ideas) && ideas.length > 0 && ideas.every((a) => a.name), "no app ideas with names", apps);
    return { status: apps.status, output: ideas };
  });

  let built = null;
  const build = task(idea, "build-app", { appIdea: idea.idea }, async () => {
    const started = ok(await post(`${B}/buildApp`, { appIdea: idea.idea }), "buildApp", [202]);
    const { appId, statusUrl } = started.body.response;
    const job = await poll(
      async () => (await get(statusUrl)).body.response,
      (s) => s?.status === "completed" || s?.status === "failed",
      "the build",
    );
    must(job.status === "completed", `the build failed: ${job.error}`, { status: 200, body: job });
    const apps = ok(await get(`${B}/getCreatorApps?with_landing_page_info=true`), "getCreatorApps");
    const row = apps.body.response.apps.find((a) => a.appId === appId);
    const blueprint = ok(await get(`${B}/getBlueprintForApp?appId=${appId}`), "getBlueprintForApp").body.response
      .blueprint;
    must(row?.name && row.landingPageInfo?.hero, "the app has no name or no landing page", apps);
    must(row.onboardingFlow?.pages?.length > 0, "the app has no onboarding questions", apps);
    must(blueprint?.items?.length > 0, "the blueprint has no items", { status: 200, body: blueprint });
    built = { appId, row, blueprint };
    return {
      status: started.status,
      output: appDigest(row, blueprint),
    };
  });
  await Promise.all([brainstorm, build]);
  if (!built) return creator;
  const { appId, row, blueprint } = built;

  // What the creator uploads to the library: a picture (described as it is uploaded), a PDF, a recording.
  const upload = async (name, bytes, type, describe) => {
    const form = new FormData();
    form.set("appId", appId);
    form.set("file", new Blob([bytes], { type }), name);
    if (describe) form.set("describe", "1");
    const answer = ok(
      await request(`${B}/uploadAppMedia`, { cookie, multipart: form }),
      `uploadAppMedia ${name}`,
      [201],
    );
    return answer.body.response.media;
  };
  const author = idea.video.author;
  const webBase = `http://127.0.0.1:${web.port}`;
  const articleUrl = `${webBase}/ai-check/${idea.id}`;
  const youtubeUrl = `https://www.youtube.com/watch?v=${videoIdOf(idea)}`;
  const videoUrl = `${webBase}/video/lesson-${(i % 6) + 1}.mp4`;

  const ownActivity = blueprint.items.find((item) => item.kind === "activity");
  const afterItem = blueprint.items[Math.min(1, blueprint.items.length - 1)];
  const slugs = `${row.storefrontSlug}/${row.appSlug}`;
  // The owner's persona (a testing step): the plan and the activity run are made for it, as the simulator makes them.
  let personaMade = null;
  const persona = () =>
    (personaMade ??= post(`${B}/createTestingStep`, { appId, name: "AI check" }).then((answer) => {
      const step = ok(answer, "createTestingStep").body.response.testingStep;
      return { testingStepId: step.testingStepId ?? step.id };
    }));
  const planInput = {
    testingStepId: "(the persona's)",
    userState: answersFor(row.onboardingFlow),
    forceRegenerate: true,
  };
  const summaryInput = {
    activityId: "(the run's)",
    allCardsContext: idea.summary.cards,
    summaryAnalysisPrompt: idea.summary.prompt,
    allMediaUrls: [],
    allMediaTypes: [],
  };

  let picture = null;
  const tasks = [
    task(idea, "blueprint-help", { appId }, async () => {
      const answer = ok(await get(`${B}/getBlueprintHelpForApp?appId=${appId}`), "getBlueprintHelpForApp");
      const help = answer.body.response;
      must(help && "missing" in help && "thin" in help && help.nextStep, "no missing, thin or nextStep", answer);
      return { status: answer.status, output: help };
    }),
    task(idea, "editor-suggestions", { appId, afterItemId: afterItem.id, text: idea.editorText }, async () => {
      const answer = ok(
        await post(`${B}/getEditorPlusButtonSuggestions?appId=${appId}`, {
          afterItemId: afterItem.id,
          text: idea.editorText,
        }),
        "getEditorPlusButtonSuggestions",
      );
      const sections = answer.body.response?.sections;
      must(
        Array.isArray(sections) && sections.length > 0 && sections.every((s) => s.items?.length > 0),
        "no sections of items",
        answer,
      );
      return { status: answer.status, output: sections };
    }),
    task(idea, "plan", planInput, async () => {
      const { testingStepId } = await persona();
      const sent = { ...planInput, testingStepId };
      const started = ok(
        await post(`/api/apps/createPersonalizedPlanForTesting/${slugs}`, sent),
        "createPersonalizedPlanForTesting",
      );
      const status = await poll(
        async () =>
          (await get(`/api/apps/checkPlanStatus/${creator.userId}/${slugs}?testingStepId=${testingStepId}`)).body,
        (s) => s?.status !== "pending",
        "the plan",
      );
      must(status.status === "completed" && status.plan, `the plan ended ${status.status}`, {
        status: 200,
        body: status,
      });
      return { status: started.status, input: sent, output: status.plan };
    }),
    task(idea, "activity-summary", summaryInput, async () => {
      // A run is of one of the blueprint's activities; a blueprint without one gets the idea's, as the
      // creator would add it in the editor.
      let activity = ownActivity;
      if (!activity) {
        activity = activityOf(idea);
        const items = [...blueprint.items, activity];
        ok(await post(`${B}/updateBlueprint`, { appId, blueprint: { ...blueprint, items } }), "updateBlueprint");
      }
      const { testingStepId } = await persona();
      // Start: the /today page's form, as the persona (303 to the run's screen).
      const started = await request(`/apps/${slugs}/today?testingStepId=${encodeURIComponent(testingStepId)}`, {
        cookie,
        form: { intent: "start", activityId: activity.id },
      });
      const runId = /\/activities\/([^/?]+)/.exec(started.headers.get("Location") ?? "")?.[1];
      must(started.status === 303 && runId, `starting the activity answered ${started.status}`, started);
      const sent = { ...summaryInput, activityId: runId };
      const answer = ok(await post(`/api/blocks/activity/${runId}/summary-analysis`, sent), "summary-analysis");
      must(answer.body.response?.summaryAnalysisText, "no summaryAnalysisText", answer);
      const input = ownActivity ? sent : { ...sent, "(activity added to the blueprint, which had none)": activity };
      return { status: answer.status, input, output: answer.body.response };
    }),
    task(idea, "edit-landing-page", { appId, instruction: idea.landingInstruction }, async () => {
      const answer = ok(
        await post(`${B}/edit-landing-page`, { appId, instruction: idea.landingInstruction }),
        "edit-landing-page",
      );
      const r = answer.body.response;
      must(r?.success && r.proposal, "no proposal", answer);
      // What the proposal changes: its sections that differ from the page as it is.
      const changed = Object.fromEntries(
        Object.entries(r.proposal).filter(([key, v]) => JSON.stringify(v) !== JSON.stringify(r.current?.[key])),
      );
      return { status: answer.status, output: { summary: r.summary, by: r.by, changed } };
    }),
    describe(idea, "link", post, { url: articleUrl, appId }),
    describe(idea, "video", post, { videoUrl, appId }),
    describe(idea, "youtube", post, { videoUrl: youtubeUrl, appId }),
    describe(
      idea,
      "pdf",
      post,
      { pdfUrl: `(${idea.id}.pdf uploaded: the article as a PDF)`, appId, concise: false },
      async () => ({
        pdfUrl: (await upload(`${idea.id}.pdf`, articlePdf(idea.article, author), "application/pdf", false)).url,
      }),
    ),
    describe(idea, "audio", post, { audioUrl: `(${idea.id}.wav uploaded: a 4 s recording)`, appId }, async () => ({
      audioUrl: (await upload(`${idea.id}.wav`, recordingWav(4, idea.video.title, author), "audio/wav", false)).url,
    })),
    (async () => {
      const input = { appId, file: `${idea.id}.png (96×64 PNG)`, describe: "1" };
      await task(idea, "describe-image", input, async () => {
        picture = await upload(`${idea.id}.png`, landscapePng(idea.id), "image/png", true);
        const answer = ok(
          await get(`${B}/getAppMediaById?appId=${appId}&mediaId=${picture.mediaId}`),
          "getAppMediaById",
        );
        const metadata = answer.body.response.media.metadata ?? {};
        must(
          metadata.description && !metadata.describeError,
          `no description: ${metadata.describeError ?? "none written"}`,
          answer,
        );
        return { status: answer.status, output: { description: metadata.description } };
      });
      const body = {
        appId,
        mediaUrls: picture ? [picture.url] : [],
        mediaTypes: picture ? ["image"] : [],
        analysisPrompt: idea.analysis.prompt,
        inputContext: idea.analysis.inputs,
        cardContext: idea.analysis.card,
      };
      await task(idea, "activity-analysis", body, async () => {
        const answer = ok(await post(`${B}/analyzeUploads`, body), "analyzeUploads");
        must(answer.body.response?.success && answer.body.response.analysis, "no analysis", answer);
        return { status: answer.status, output: answer.body.response };
      });
    })(),
  ];
  await Promise.all(tasks);
  return creator;
}

/** The idea's activity, for a blueprint that has none: instructions, two inputs, an analysis and a summary. */
function activityOf(idea) {
  const [number, notes] = idea.analysis.inputs;
  return {
    id: "ai-check-activity",
    kind: "activity",
    title: idea.analysis.card,
    cards: [
      { id: "read", kind: "instruction", body: idea.article.description },
      { id: "amount", kind: "input", inputType: "number", prompt: number.label, unit: number.unit },
      { id: "notes", kind: "input", inputType: "long-text", prompt: notes.label },
      {
        id: "review",
        kind: "analysis",
        title: idea.analysis.card,
        analysisPrompt: idea.analysis.prompt,
        inputIds: ["amount", "notes"],
      },
      { id: "summary", kind: "summary", title: "Summary", summaryAnalysisPrompt: idea.summary.prompt },
    ],
  };
}

/** A built app as a person reads it: its words and its shape, not every field. */
function appDigest(row, blueprint) {
  const page = row.landingPageInfo ?? {};
  const titles = (list) => (list ?? []).map((x) => x.title ?? x.question);
  return {
    name: row.name,
    slug: `${row.storefrontSlug}/${row.appSlug}`,
    theme: row.theme,
    landingPage: {
      hero: { title: page.hero?.title, subtitle: page.hero?.subtitle, image: page.hero?.imageUrl ? "yes" : "none" },
      benefits: titles(page.benefits),
      howItWorks: titles(page.howItWorks),
      faq: titles(page.faq),
      callToAction: page.callToAction?.title,
    },
    onboarding: (row.onboardingFlow?.pages ?? []).flatMap((p) =>
      p.questions.map(
        (q) => `${q.label} [${q.type}${q.options?.length ? `: ${q.options.map((o) => o.label).join(" / ")}` : ""}]`,
      ),
    ),
    blueprint: {
      topic: blueprint.topic,
      goal: blueprint.goal,
      description: blueprint.description,
      audience: blueprint.audience,
      targetLabel: blueprint.targetLabel,
      outcomes: blueprint.outcomes,
      phases: (blueprint.phaseTemplates ?? []).map((p) => p.title),
      items: blueprint.items.map((item) => `${item.kind}: ${item.title}`),
    },
  };
}

/** A generate-*-description call, answered now (not as a job); `prepare` uploads the file it names first. */
function describe(idea, kind, post, body, prepare = async () => ({})) {
  return task(idea, `describe-${kind}`, body, async () => {
    const sent = { ...body, ...(await prepare()) };
    const answer = ok(await post(`${B}/generate-${kind}-description`, sent), `generate-${kind}-description`);
    const described = answer.body.response;
    must(answer.body.success && described?.description, "no description", answer);
    return { status: answer.status, input: sent, output: described };
  });
}

// ——— the run ———

function d1(sql) {
  const res = runWrangler(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", sql]);
  return JSON.parse(res.stdout).map((statement) => statement.results);
}

const startedAll = performance.now();
/** How long each part of the run took, in seconds. */
const phases = {};
let phaseStarted = performance.now();
const phaseEnds = (name) => {
  phases[name] = Number(((performance.now() - phaseStarted) / 1000).toFixed(1));
  phaseStarted = performance.now();
};
mkdirSync(reportDir, { recursive: true });
if (!flag("no-build")) {
  console.log("› Building…");
  buildApp({ quiet: true });
  phaseEnds("build");
}
console.log("› A fresh database…");
freshMigratedDatabase(persistTo);
phaseEnds("database");
const [PORT, INSPECTOR, WEB_PORT] = await freePorts(3);
BASE = `http://127.0.0.1:${PORT}`;
const web = await startWebStandIn(WEB_PORT, {
  pages: Object.fromEntries(
    IDEAS.map((idea) => [`/ai-check/${idea.id}`, articleHtml(idea.article, idea.video.author)]),
  ),
  videos: Object.fromEntries(
    IDEAS.map((idea) => [
      videoIdOf(idea),
      { ...idea.video, description: `${idea.article.description} ${idea.article.paragraphs[0]}` },
    ]),
  ),
});
web.port = WEB_PORT;
const model = standIn ? await startOpenAiStandIn() : null;
if (model) model.behaviour = standIn;
const aiVars = model
  ? {
      AI_PROVIDER: "openai",
      AI_BASE_URL: model.url,
      AI_API_KEY: model.apiKey,
      AI_MODEL: "stand-in-chat",
      AI_VISION_MODEL: "stand-in-vision",
      AI_IMAGE_MODEL: "stand-in-image",
      AI_SPEECH_MODEL: "stand-in-speech",
      // The stand-in answers at once ("slow": after 2 s); a loaded two-core machine must not turn that into a timeout.
      AI_TIMEOUT_MS: "60000",
    }
  : fromEnvironment;
const logFd = openSync(workerLog, "w");
const worker = startWorker({
  port: PORT,
  inspectorPort: INSPECTOR,
  persistTo,
  stdio: ["ignore", logFd, logFd],
  local: !remoteAi,
  vars: {
    ENVIRONMENT: "development",
    LINK_FETCH_ALLOW: `127.0.0.1:${WEB_PORT}`,
    YOUTUBE_BASE_URL: `http://127.0.0.1:${WEB_PORT}`,
    ...aiVars,
  },
});
let workerExited = null;
worker.on("exit", (code) => (workerExited = code));
const stopAll = () => {
  stopGroup(worker);
  web.close();
  model?.close();
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => (stopAll(), process.exit(130)));

const provider = configuredProvider();
console.log(`› ${IDEAS.length} ideas × ${TASKS.length} tasks against ${provider}`);
let setupError = null;
let creators = [];
try {
  await waitForUp(`${BASE}/api/up`, remoteAi ? 90_000 : 60_000);
  phaseEnds("worker start");
  creators = await Promise.all(IDEAS.map((idea, i) => checkIdea(idea, i, web)));
  phaseEnds("tasks");
} catch (error) {
  setupError = workerExited !== null ? `the worker stopped (exit ${workerExited}): see ${workerLog}` : String(error);
  console.error(`✗ ${setupError}`);
}
stopAll();
closeSync(logFd);
// workerd lets go of the database files once it has stopped.
await new Promise((r) => setTimeout(r, 1000));

// ——— what the AI layer recorded ———

// One read of the local database: the meter's units per creator (a run near the free tier's daily
// limit would start being refused), and every AI call with the creator it was for.
const FREE_UNITS = 20;
const [units, calls] = setupError
  ? [[{ most: 0 }], []]
  : d1(
      `SELECT coalesce(max(n), 0) AS most FROM (SELECT count(*) AS n FROM ai_units WHERE creator_id IS NOT NULL GROUP BY creator_id);
       SELECT c.task, c.work, c.provider, c.model, c.outcome, c.fallback_reason AS fallbackReason, c.attempts,
         c.duration_ms AS ms, u.email FROM ai_calls c LEFT JOIN apps a ON a.id = c.app_id
         LEFT JOIN users u ON u.id = coalesce(c.user_id, a.user_id) ORDER BY c.created_at, c.rowid`,
    );
const mostUnits = units[0]?.most ?? 0;
const ideaOfEmail = new Map(creators.flatMap((c, i) => (c ? [[c.email, IDEAS[i].id]] : [])));
for (const call of calls) {
  call.idea = ideaOfEmail.get(call.email) ?? null;
  call.checkTask = taskOfCall(call.task);
  delete call.email;
}
// Every call records the configured provider (a fallback too, with outcome 'fallback').
const configuredNames = [...new Set(calls.map((c) => c.provider))];
const onEmbedded = configuredNames.every((name) => name === "embedded");
for (const result of results) {
  result.calls = calls.filter((c) => c.idea === result.idea && c.checkTask === result.task);
  const primary = TASKS.find((t) => t.name === result.task)?.ai[0];
  if (result.outcome === "ok" && primary && !result.calls.some((c) => c.task === primary)) {
    // On the embedded default the link and media descriptions write their own words without the AI
    // layer (media/describe/descriptions.server.ts). With a model, a task that asked the layer
    // nothing did not test it.
    if (onEmbedded) result.note = `no ${primary} call: the feature's own embedded words answered`;
    else {
      result.outcome = "error";
      result.error = `no ${primary} call was recorded in ai_calls`;
    }
  }
  const invalid = result.calls.filter((c) => c.fallbackReason === "invalid");
  if (invalid.length > 0 && result.outcome === "ok") {
    result.outcome = "error";
    result.error = `${invalid.map((c) => `${c.task} (${c.work})`).join(", ")}: the answer did not validate`;
  }
}
const unmatched = calls.filter((c) => !c.idea || !c.checkTask);
const fallbacks = calls.filter((c) => c.outcome === "fallback");
const byReason = Object.entries(
  fallbacks.reduce((n, c) => ({ ...n, [c.fallbackReason]: (n[c.fallbackReason] ?? 0) + 1 }), {}),
).map(([reason, n]) => `${n} ${reason}`);
const errors = results.filter((r) => r.outcome === "error");
const refused = results.filter((r) => r.outcome === "refused");
const invalidCalls = calls.filter((c) => c.fallbackReason === "invalid");
/** Who answered, and how often: the configured provider's models, or the embedded default after a fallback. */
const answeredBy = Object.entries(
  calls.reduce((n, c) => {
    const by = c.outcome === "fallback" ? "embedded (fallback)" : `${c.provider} ${c.model}`;
    return { ...n, [by]: (n[by] ?? 0) + 1 };
  }, {}),
).map(([by, n]) => `${by} ×${n}`);
const standInStrict = standIn === "ok" && (fallbacks.length > 0 || refused.length > 0);
const pass = !setupError && errors.length === 0 && invalidCalls.length === 0 && !standInStrict;
phaseEnds("records");
const totalSeconds = ((performance.now() - startedAll) / 1000).toFixed(1);

// ——— the report ———

const lines = [
  `  ideas × tasks   ${IDEAS.length} × ${TASKS.length}: ${results.filter((r) => r.outcome === "ok").length} answered, ${refused.length} refused, ${errors.length} failed`,
  `  AI calls        ${calls.length}: ${answeredBy.join(", ") || "-"}`,
  `  meter           at most ${mostUnits} units claimed by one creator today (${FREE_UNITS} a day without a studio tier)`,
  `  fallbacks       ${fallbacks.length}${byReason.length ? ` (${byReason.join(", ")})` : ""}${standIn === "ok" ? " (must be 0 against the stand-in)" : ""}`,
  `  invalid answers ${invalidCalls.length} (must be 0)`,
  ...(model ? [`  stand-in        ${model.requests.length} requests`] : []),
  `  time            ${totalSeconds} s (${Object.entries(phases)
    .map(([name, s]) => `${name} ${s} s`)
    .join(", ")})`,
];
const problems = [
  setupError && "the run stopped",
  errors.length && `${errors.length} tasks failed`,
  invalidCalls.length && `${invalidCalls.length} answers did not validate`,
  standInStrict && `${fallbacks.length} fallbacks and ${refused.length} refusals against the stand-in`,
].filter(Boolean);
const verdict = pass
  ? `PASS: every task answered, every answer valid${standIn === "ok" ? ", nothing fell back or was refused" : ""}`
  : `FAIL: ${problems.join(", ")}`;
console.log(`\n${lines.join("\n")}\n`);
for (const r of errors) console.log(`  ✗ ${r.idea} ${r.task}: ${r.error}`);
if (setupError) console.log(`  ✗ ${setupError}`);
console.log(`\n  ${verdict}\n  Report: tests/.report/ai-check.md (worker log: tests/.report/ai-check-worker.log)\n`);

const json = (value) => `\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``;
const answeredCell = (r) => {
  if (r.outcome === "refused") return `refused (${r.status})`;
  if (r.outcome === "error") return `**failed** (${r.status ?? "-"})`;
  const c = r.calls;
  const fell = c.filter((x) => x.outcome === "fallback");
  const by = [...new Set(c.map((x) => (x.outcome === "fallback" ? "embedded" : x.provider)))].join(", ");
  return `${by || (r.note ? "embedded, no AI call" : "-")}${fell.length ? ` (${fell.length} fallback: ${[...new Set(fell.map((x) => x.fallbackReason))].join(", ")})` : ""}`;
};
const md = [
  "# AI check",
  "",
  `${new Date().toISOString()} · provider: ${provider} · ${verdict}`,
  "",
  "```",
  ...lines,
  "```",
  "",
  "Each idea of `tests/fixtures/ai-check-ideas.json` is one creator; each task went through the product's JSON API",
  '(`tests/tools/ai-check.mjs`). "Answered by" is the AI layer\'s record (`ai_calls`): the configured provider, or',
  "`embedded` when the embedded default answered instead (a fallback, with its reason).",
  "",
  `| task | ${IDEAS.map((i) => i.id).join(" | ")} |`,
  `|---|${IDEAS.map(() => "---").join("|")}|`,
  ...TASKS.map(
    (t) =>
      `| ${t.name} | ${IDEAS.map((i) => {
        const r = results.find((x) => x.idea === i.id && x.task === t.name);
        return r ? answeredCell(r) : "not run";
      }).join(" | ")} |`,
  ),
  "",
  ...(setupError ? [`**The run stopped:** ${setupError}`, ""] : []),
  ...IDEAS.flatMap((idea) => [
    `## ${idea.id}: ${idea.idea}`,
    "",
    ...results
      .filter((r) => r.idea === idea.id)
      .sort((a, b) => TASKS.findIndex((t) => t.name === a.task) - TASKS.findIndex((t) => t.name === b.task))
      .flatMap((r) => [
        `### ${r.task}: ${r.outcome === "ok" ? "answered" : r.outcome} (HTTP ${r.status ?? "-"}, ${r.ms} ms)`,
        "",
        ...(r.error ? [`**${r.outcome === "refused" ? "Refused" : "Failed"}:** ${r.error}`, ""] : []),
        ...(r.note ? [`(${r.note})`, ""] : []),
        ...(r.calls?.length
          ? [
              "| AI call | work | provider | model | outcome | attempts | ms |",
              "|---|---|---|---|---|---|---|",
              ...r.calls.map(
                (c) =>
                  `| ${c.task} | ${c.work} | ${c.provider} | ${c.model} | ${c.outcome}${c.fallbackReason ? ` (${c.fallbackReason})` : ""} | ${c.attempts} | ${c.ms} |`,
              ),
              "",
            ]
          : []),
        "<table><tr><th>input</th><th>output</th></tr><tr><td>",
        "",
        json(r.input),
        "",
        "</td><td>",
        "",
        json(r.output),
        "",
        "</td></tr></table>",
        "",
      ]),
  ]),
  ...(unmatched.length
    ? [
        "## Other AI calls",
        "",
        "| idea | AI call | work | provider | model | outcome |",
        "|---|---|---|---|---|---|",
        ...unmatched.map(
          (c) =>
            `| ${c.idea ?? "-"} | ${c.task} | ${c.work} | ${c.provider} | ${c.model} | ${c.outcome}${c.fallbackReason ? ` (${c.fallbackReason})` : ""} |`,
        ),
        "",
      ]
    : []),
];
writeFileSync(`${reportDir}/ai-check.md`, `${md.join("\n")}\n`);
writeFileSync(
  `${reportDir}/ai-check.json`,
  `${JSON.stringify(
    {
      at: new Date().toISOString(),
      provider,
      standIn,
      pass,
      seconds: Number(totalSeconds),
      phases,
      counts: {
        tasks: results.length,
        refused: refused.length,
        failed: errors.length,
        calls: calls.length,
        fallbacks: fallbacks.length,
        invalid: invalidCalls.length,
      },
      setupError,
      results,
      otherCalls: unmatched,
    },
    null,
    2,
  )}\n`,
);
process.exit(pass ? 0 : 1);
