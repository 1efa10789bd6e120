// Test flows in workerd against D1 (creator-app-builder spec 3, 4, 7, 9; issue 14): create, list
// (the caller's own, or every flow of the app with loadAllForApp), update, delete, each with good and
// bad input, another creator's app (403), unknown (404) and no caller (401); and a replay from start
// to diff: the flow's persona answers through the draft onboarding and the plan generator, recorded
// as a 'replay' simulator item and the flow's last run, then a change to the draft and what changed;
// and the flow's card inputs and upload run through the app's activity, so a changed analysis
// prompt shows as a changed card result.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { advanceJob } from "~/features/jobs/jobs.server";
import type { Blueprint, BlueprintItem } from "~/db/app-content";
import { encodePng } from "~/platform/adapters/ai/embedded/png";
import { startReplay, testFlowReplayJobHandler } from "~/features/simulator/replay.server";
import { call, testApp } from "./app-context";
import { Browser, count, ORIGIN, signUp } from "./commerce-helpers";
import { builtApp, until } from "./builder-helpers";
import { answersFor, B, draftFlow } from "./simulator-fixtures";

type Json = { response: any; error?: string };
type Person = { browser: Browser; userId: string };

let owner: Person;
let other: Person;
let appId: string;
let answers: Record<string, unknown>;

const read = async (r: Response) => ({ status: r.status, body: (await r.json()) as Json });
const get = async (path: string, who: Browser = owner.browser) => read(await who.get(path));
const post = async (path: string, body: unknown, who: Browser = owner.browser) => read(await who.postJson(path, body));
const del = async (path: string, who: Browser = owner.browser) => read(await who.fetch(path, { method: "DELETE" }));

async function flow(title: string, who = owner.browser, id = appId): Promise<string> {
  const made = await post(`${B}/createTestFlow`, { appId: id, title }, who);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.response.testFlow.id;
}

/** Runs a job's steps as its Durable Object would, the clock moved to each step's time. */
async function runJob(jobId: string, start = Date.now()) {
  let now = start;
  for (let steps = 0; steps < 20; steps++) {
    const app = testApp({ now, bindings: { ...testApp().bindings, Jobs: undefined } });
    const next = await advanceJob(app, jobId, { "test-flow-replay": testFlowReplayJobHandler });
    if (next === null) return;
    now = Math.max(next, now + 1);
  }
  throw new Error("job never finished");
}

beforeAll(async () => {
  owner = await signUp("flows-owner");
  other = await signUp("flows-other");
  appId = await builtApp(owner.browser, "Half marathon training for beginners");
  answers = answersFor(await draftFlow(appId));
}, 90_000);

describe("test flows", () => {
  it("createTestFlow makes a flow with no steps; bad titles 400; another's app 403; unknown 404; signed out 401", async () => {
    const made = await post(`${B}/createTestFlow`, { appId, title: "  Beginner run  " });
    expect(made.body.response).toEqual({
      success: true,
      testFlow: expect.objectContaining({
        appId,
        title: "Beginner run",
        steps: [],
        lastRun: null,
        createdBy: owner.userId,
      }),
    });
    const before = await count("SELECT count(*) AS n FROM test_flows WHERE app_id = ?", appId);
    expect((await post(`${B}/createTestFlow`, { appId, title: "" })).body.error).toBe("title is required");
    expect((await post(`${B}/createTestFlow`, { appId, title: "x".repeat(121) })).body.error).toBe(
      "title can be at most 120 characters",
    );
    expect((await post(`${B}/createTestFlow`, { title: "No app" })).body.error).toBe("appId is required");
    expect((await post(`${B}/createTestFlow`, { appId, title: "Mine now" }, other.browser)).status).toBe(403);
    expect((await post(`${B}/createTestFlow`, { appId: crypto.randomUUID(), title: "Ghost" })).status).toBe(404);
    expect((await post(`${B}/createTestFlow`, { appId, title: "Anon" }, new Browser())).status).toBe(401);
    expect(await count("SELECT count(*) AS n FROM test_flows WHERE app_id = ?", appId)).toBe(before);
  });

  it("getTestFlows: the caller's own flows by default, every flow of the app with loadAllForApp=true", async () => {
    const listApp = await builtApp(owner.browser, "Morning yoga for stiff backs");
    const mine = await flow("Mine", owner.browser, listApp);
    // A flow of the app made by someone else (an earlier owner, say): only loadAllForApp shows it.
    await env.DB.prepare(
      "INSERT INTO test_flows (id, app_id, title, steps, created_by, created_at, updated_at) VALUES (?, ?, 'Theirs', '[]', ?, 1, 1)",
    )
      .bind("theirs-flow", listApp, other.userId)
      .run();
    const titles = (body: Json) => body.response.testFlows.map((f: { title: string }) => f.title);
    expect(titles((await get(`${B}/getTestFlows?appId=${listApp}`)).body)).toEqual(["Mine"]);
    expect(titles((await get(`${B}/getTestFlows?appId=${listApp}&loadAllForApp=false`)).body)).toEqual(["Mine"]);
    expect(titles((await get(`${B}/getTestFlows?appId=${listApp}&loadAllForApp=true`)).body)).toEqual([
      "Theirs",
      "Mine",
    ]);
    expect((await get(`${B}/getTestFlows?appId=${listApp}&loadAllForApp=yes`)).body.error).toBe(
      "loadAllForApp must be true or false",
    );
    expect((await get(`${B}/getTestFlows`)).body.error).toBe("appId is required");
    expect((await get(`${B}/getTestFlows?appId=${listApp}`, other.browser)).status).toBe(403);
    expect((await get(`${B}/getTestFlows?appId=nope`)).status).toBe(404);
    expect((await get(`${B}/getTestFlows?appId=${listApp}`, new Browser())).status).toBe(401);
    expect(mine).toBeTruthy();
  });

  it("updateTestFlow changes the title and/or steps; bad steps 400 in words, nothing changed; 403, 404, 401", async () => {
    const id = await flow("To edit");
    const steps = [
      { kind: "persona-answers", answers },
      { kind: "card-input", activityId: "long-run", cardId: "distance", value: 12 },
    ];
    const updated = await post(`${B}/updateTestFlow/${id}`, { steps });
    expect(updated.body.response.testFlow).toMatchObject({ title: "To edit", steps });
    const renamed = await post(`${B}/updateTestFlow/${id}`, { title: "Edited" });
    expect(renamed.body.response.testFlow).toMatchObject({ title: "Edited", steps });

    const refused = async (body: unknown, message: string) => {
      const answer = await post(`${B}/updateTestFlow/${id}`, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(message);
    };
    await refused({}, "Send a title or steps to change");
    await refused({ steps: [{ kind: "dance" }] }, "kind must be persona-answers, card-input or upload");
    await refused(
      { steps: [{ kind: "upload", activityId: "a", cardId: "c", url: "/x.gif", type: "gif" }] },
      "type must be one of photo, audio, video, pdf",
    );
    await refused(
      { steps: Array.from({ length: 51 }, () => ({ kind: "persona-answers", answers: {} })) },
      "A test flow can have at most 50 steps",
    );
    await refused({ title: "" }, "title is required");
    const listed = await get(`${B}/getTestFlows?appId=${appId}`);
    expect(listed.body.response.testFlows.find((f: { id: string }) => f.id === id)).toMatchObject({
      title: "Edited",
      steps,
    });

    expect((await post(`${B}/updateTestFlow/${id}`, { title: "Hijack" }, other.browser)).status).toBe(403);
    expect((await post(`${B}/updateTestFlow/${crypto.randomUUID()}`, { title: "Ghost" })).status).toBe(404);
    expect((await post(`${B}/updateTestFlow/${id}`, { title: "Anon" }, new Browser())).status).toBe(401);
  });

  it("deleteTestFlow deletes it (DELETE only); 403, 404, 401", async () => {
    const id = await flow("To delete");
    expect((await del(`${B}/deleteTestFlow/${id}`, other.browser)).status).toBe(403);
    expect((await del(`${B}/deleteTestFlow/${id}`, new Browser())).status).toBe(401);
    expect((await post(`${B}/deleteTestFlow/${id}`, {})).status).toBe(405);
    expect((await del(`${B}/deleteTestFlow/${id}`)).body.response).toEqual({ success: true, deleted: true });
    expect(await count("SELECT count(*) AS n FROM test_flows WHERE id = ?", id)).toBe(0);
    expect((await del(`${B}/deleteTestFlow/${id}`)).status).toBe(404);
  });
});

describe("replaying a test flow", () => {
  it("runs the persona's answers against the draft, records the outcome, then shows what changed after an edit", async () => {
    const id = await flow("Sub-2 beginner");
    await post(`${B}/updateTestFlow/${id}`, {
      steps: [
        { kind: "persona-answers", answers },
        { kind: "card-input", activityId: "long-run", cardId: "distance", value: 12 },
        { kind: "upload", activityId: "long-run", cardId: "photo", url: "/media/run.png", type: "photo" },
      ],
    });
    const quiet = testApp({ bindings: { ...testApp().bindings, Jobs: undefined } });
    const creator = { id: owner.userId, isAdmin: false };
    const started = await startReplay(quiet, creator, id);
    expect(started).toMatchObject({
      status: "pending",
      statusUrl: `/api/app-builder/test-flow-replay/${started.jobId}`,
      room: `job-${started.jobId}`,
    });
    // Asked again before it ran: the same job.
    expect((await startReplay(quiet, creator, id)).jobId).toBe(started.jobId);
    expect((await get(started.statusUrl)).body.response).toMatchObject({ status: "queued", result: null });
    expect((await get(started.statusUrl, other.browser)).status).toBe(403);
    await runJob(started.jobId);

    const first = (await get(started.statusUrl)).body.response;
    expect(first).toMatchObject({ status: "completed", progress: 100, result: { success: true } });
    const { outcome, diff, itemId } = first.result;
    const flowPages = (await draftFlow(appId)).pages;
    expect(outcome.onboarding.pages.length).toBeGreaterThan(0);
    expect(outcome.onboarding.pages.every((p: { problems: string[] }) => p.problems.length === 0)).toBe(true);
    expect(outcome.onboarding.pages[0]).toMatchObject({ pageId: flowPages[0].id, title: flowPages[0].title });
    expect(outcome.plan.phases.length).toBeGreaterThan(0);
    expect(outcome.planProblem).toBeNull();
    // The card steps name cards this app's blueprint does not have: each says so, and no activity runs.
    expect(outcome.steps).toEqual([
      expect.objectContaining({ index: 0, kind: "persona-answers", status: "ran" }),
      { index: 1, kind: "card-input", status: "not-run", note: expect.stringMatching(/has no (activity|card) /) },
      { index: 2, kind: "upload", status: "not-run", note: expect.stringMatching(/has no (activity|card) /) },
    ]);
    expect(outcome.cards).toEqual([]);
    expect(diff.firstRun).toBe(true);
    expect(diff.onboardingPages.every((c: { change: string }) => c.change === "added")).toBe(true);

    // Recorded as a 'replay' simulator item and as the flow's last run.
    const item = (await get(`${B}/getSimulatorItemById?itemId=${itemId}`)).body.response.item;
    expect(item).toMatchObject({ itemType: "replay", appId, testingStepId: null, content: { testFlowId: id } });
    const listed = (await get(`${B}/getTestFlows?appId=${appId}`)).body.response.testFlows.find(
      (f: { id: string }) => f.id === id,
    );
    expect(listed.lastRun).toEqual(outcome);
    expect(
      (await get(`${B}/getSimulatorItemsForApp?appId=${appId}&types=replay`)).body.response.items.map(
        (i: { itemId: string }) => i.itemId,
      ),
    ).toContain(itemId);

    // The creator renames the first onboarding page in the draft and replays (through the API, run by its Durable Object).
    const draft = await draftFlow(appId);
    draft.pages[0].title = "Where you are today";
    await env.DB.prepare("UPDATE apps SET onboarding_flow = ? WHERE id = ?").bind(JSON.stringify(draft), appId).run();
    const again = await post(`${B}/replayTestFlow/${id}`, {});
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.response.jobId).not.toBe(started.jobId);
    const done = await until(
      async () => (await get(again.body.response.statusUrl)).body.response,
      (r) => r.status === "completed" || r.status === "failed",
    );
    expect(done.status).toBe("completed");
    const second = done.result.diff;
    expect(second.firstRun).toBe(false);
    expect(second.unchanged).toBe(false);
    expect(second.onboardingPages).toEqual([
      {
        key: draft.pages[0].id,
        label: "Where you are today",
        change: "changed",
        before: expect.stringMatching(new RegExp(`^${flowPages[0].title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\n`)),
        after: expect.stringMatching(/^Where you are today\n/),
      },
    ]);
    expect(second.planPhases).toEqual([]);
    expect(second.cards).toEqual([]);
  }, 60_000);

  it("a persona that leaves a required question unanswered: the page's problem and no plan, said in words", async () => {
    const id = await flow("Half answered");
    await post(`${B}/updateTestFlow/${id}`, { steps: [{ kind: "persona-answers", answers: {} }] });
    const quiet = testApp({ bindings: { ...testApp().bindings, Jobs: undefined } });
    const started = await startReplay(quiet, { id: owner.userId, isAdmin: false }, id);
    await runJob(started.jobId);
    const { outcome } = (await get(started.statusUrl)).body.response.result;
    expect(outcome.onboarding.problem).toBe("The onboarding stops at a page with a problem");
    expect(outcome.onboarding.pages.some((p: { problems: string[] }) => p.problems.length > 0)).toBe(true);
    expect(outcome.plan).toBeNull();
    expect(outcome.planProblem).toBe("No plan: The onboarding stops at a page with a problem");
  });

  it("replayTestFlow: another creator's flow 403, unknown 404, signed out 401; a replay's status is its starter's only", async () => {
    const id = await flow("Guarded replay");
    expect((await post(`${B}/replayTestFlow/${id}`, {}, other.browser)).status).toBe(403);
    expect((await post(`${B}/replayTestFlow/${crypto.randomUUID()}`, {})).status).toBe(404);
    expect((await post(`${B}/replayTestFlow/${id}`, {}, new Browser())).status).toBe(401);
    expect((await get(`${B}/test-flow-replay/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await get(`${B}/test-flow-replay/x`, new Browser())).status).toBe(401);
  });
});

type Activity = Extract<BlueprintItem, { kind: "activity" }>;

async function blueprintContent(id: string): Promise<Blueprint> {
  const row = await env.DB.prepare("SELECT content FROM app_blueprints WHERE app_id = ?")
    .bind(id)
    .first<{ content: string }>();
  return JSON.parse(row!.content) as Blueprint;
}

/** A photo of the owner's, uploaded for the simulator (uploadUserMedia, multipart). */
async function uploadPhoto(who: Browser, id: string): Promise<string> {
  const w = 24;
  const px = new Uint8Array(w * w * 3);
  for (let i = 0; i < w * w; i++) px.set([200, 80 + (i % w) * 4, 40], i * 3);
  const form = new FormData();
  form.set("appId", id);
  form.set("type", "image");
  form.set("file", new File([new Uint8Array(await encodePng(w, w, px))], "watch.png"));
  const response = await call(`${B}/uploadUserMedia`, {
    method: "POST",
    headers: { Cookie: who.cookieHeader, Origin: ORIGIN, Host: new URL(ORIGIN).host },
    body: form,
  });
  const body = (await response.json()) as Json;
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.response.upload.url;
}

describe("replaying a flow's activity", () => {
  it("runs the card inputs and the upload through the activity, AI cards inline; a changed analysis prompt shows as a changed card result", async () => {
    const activity = (await blueprintContent(appId)).items!.find((i): i is Activity => i.kind === "activity")!;
    const analysis = activity.cards.find((c) => c.kind === "analysis")!;
    const photo = await uploadPhoto(owner.browser, appId);
    const steps: unknown[] = [{ kind: "persona-answers", answers }];
    for (const card of activity.cards) {
      if (card.kind !== "input") continue;
      const at = { activityId: activity.id, cardId: card.id };
      if (card.inputType === "photo") steps.push({ kind: "upload", ...at, url: photo, type: "photo" });
      else if (card.inputType === "number") steps.push({ kind: "card-input", ...at, value: 10 });
      else if (card.inputType === "choice") steps.push({ kind: "card-input", ...at, value: card.options![0] });
      else if (!card.optional) steps.push({ kind: "card-input", ...at, value: "Steady and easy" });
    }
    expect(steps.some((s) => (s as { kind: string }).kind === "upload")).toBe(true);
    const id = await flow("Activity replay");
    expect((await post(`${B}/updateTestFlow/${id}`, { steps })).status).toBe(200);
    const quiet = testApp({ bindings: { ...testApp().bindings, Jobs: undefined } });
    const creator = { id: owner.userId, isAdmin: false };

    const first = await startReplay(quiet, creator, id);
    await runJob(first.jobId);
    const { outcome } = (await get(first.statusUrl)).body.response.result;
    expect(outcome.steps.every((s: { status: string }) => s.status === "ran")).toBe(true);
    const analysed = outcome.cards.find((c: { cardId: string }) => c.cardId === analysis.id);
    expect(analysed).toMatchObject({ activityId: activity.id, status: "done" });
    // The answers were checked against the prompt's rubric; the result is headed by the card's title
    // (the brief itself is the creator's and is never quoted to whoever runs the activity).
    expect(analysed.text).toContain(analysis.title);
    expect(analysed.text).not.toContain(analysis.analysisPrompt.split("\n")[0]!.slice(0, 40));
    expect(analysed.text).toMatch(/Met: |Not met: /);
    // The summary reads the run's files: the photo was measured for real.
    const summary = outcome.cards.find((c: { cardId: string }) => c.cardId === activity.cards.at(-1)!.id);
    expect(summary).toMatchObject({ status: "done", text: expect.stringMatching(/24 × 24 pixels/) });

    // The creator changes the analysis card's prompt in the blueprint and replays.
    const blueprint = await blueprintContent(appId);
    const changed = blueprint.items!.find((i): i is Activity => i.id === activity.id)!;
    const card = changed.cards.find((c) => c.id === analysis.id) as typeof analysis;
    card.analysisPrompt = "Say how steady the pace was, in one sentence. Keywords: cadence.";
    await env.DB.prepare("UPDATE app_blueprints SET content = ? WHERE app_id = ?")
      .bind(JSON.stringify(blueprint), appId)
      .run();
    const second = await startReplay(quiet, creator, id);
    expect(second.jobId).not.toBe(first.jobId);
    await runJob(second.jobId, Date.now() + 1_000);
    const { diff } = (await get(second.statusUrl)).body.response.result;
    expect(diff.firstRun).toBe(false);
    expect(diff.cards).toContainEqual({
      key: `${activity.id}/${analysis.id}`,
      label: `${activity.title} · ${analysis.title}`,
      change: "changed",
      before: expect.stringContaining(analysis.title),
      after: expect.stringContaining("cadence"),
    });
    expect(diff.onboardingPages).toEqual([]);
  }, 90_000);

  it("an upload that is not the owner's file fails the summary card in words; a missing answer stops the run there", async () => {
    const activity = (await blueprintContent(appId)).items!.find((i): i is Activity => i.kind === "activity")!;
    const analysis = activity.cards.find((c) => c.kind === "analysis")!;
    const theirs = `/media/user-media/${appId}/${other.userId}/theirs.png`;
    const cardSteps = activity.cards.flatMap(
      (card): { kind: string; activityId: string; cardId: string; [k: string]: unknown }[] => {
        if (card.kind !== "input") return [];
        const at = { activityId: activity.id, cardId: card.id };
        if (card.inputType === "photo") return [{ kind: "upload", ...at, url: theirs, type: "photo" }];
        if (card.inputType === "number") return [{ kind: "card-input", ...at, value: 10 }];
        if (card.inputType === "choice") return [{ kind: "card-input", ...at, value: card.options![0] }];
        return [{ kind: "card-input", ...at, value: "Steady and easy" }];
      },
    );
    const replayOf = async (title: string, steps: unknown[]) => {
      const id = await flow(title);
      expect((await post(`${B}/updateTestFlow/${id}`, { steps })).status).toBe(200);
      const quiet = testApp({ bindings: { ...testApp().bindings, Jobs: undefined } });
      const started = await startReplay(quiet, { id: owner.userId, isAdmin: false }, id);
      await runJob(started.jobId);
      return (await get(started.statusUrl)).body.response.result.outcome;
    };

    // The summary reads the run's files: someone else's is refused, and the card fails with the fixed message.
    const refused = await replayOf("Someone else's photo", [{ kind: "persona-answers", answers }, ...cardSteps]);
    expect(refused.cards.find((c: { cardId: string }) => c.cardId === activity.cards.at(-1)!.id)).toMatchObject({
      status: "failed",
      text: expect.stringMatching(/^Failed to analyze activity summary: .*(own uploads|media library)/),
    });

    // Only the first input card answered: the next input card stops the run, the cards after it are not reached.
    const half = await replayOf("Half a run", [{ kind: "persona-answers", answers }, cardSteps[0]]);
    const notRun = half.cards.filter((c: { status: string }) => c.status === "not-run");
    expect(half.cards[0]).toMatchObject({ cardId: cardSteps[0]!.cardId, status: "done" });
    expect(notRun[0].text).toMatch(/Answer the card to go on|Upload a file/);
    expect(notRun.slice(1).every((c: { text: string }) => c.text.startsWith("not reached: "))).toBe(true);
    expect(notRun.map((c: { cardId: string }) => c.cardId)).toContain(analysis.id);
  }, 60_000);
});
