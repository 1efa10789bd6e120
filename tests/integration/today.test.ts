// /today and the activity screen (issue 14 "The app its end users live in") over HTTP, in workerd
// against the suite's D1 and R2: who may open /today (owner, member, stranger, signed out), a
// quiz scored on the server (bad answers change nothing), an activity done card by card with one
// form post each (a number, a choice, a photo as multipart), its AI cards' jobs to the analysis and
// summary, and someone else's run refused.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Plan } from "~/db/app-content";
import { encodePng } from "~/platform/adapters/ai/embedded/png";
import { demoAppStatements, DEMO_APP_ID, DEMO_BLUEPRINT } from "../tools/apps-sql.mjs";
import { until } from "./builder-helpers";
import { SIGNED_OUT_TODAY } from "~/features/activities/today";
import { Browser, PASSWORD, signUp } from "./commerce-helpers";

type User = { browser: Browser; userId: string; email: string };
let owner: User;
let member: User;
let other: User;
let stranger: User;
let appId: string;
let base: string;

const STORY = { id: "fuel", kind: "story", title: "Fuel for long runs", body: "Eat **carbs** the night before." };
const QUIZ = {
  id: "pace-quiz",
  kind: "quiz",
  title: "Pace check",
  questions: [
    { question: "How should a long run feel?", options: ["Easy", "Flat out"], answer: 0 },
    { question: "Race pace for sub-2?", options: ["5:40/km", "7:30/km"], answer: 0 },
  ],
};

const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Three phases; today falls in the second. */
const PLAN: Plan = {
  title: "Your Half Marathon Plan",
  description: "A plan",
  phases: [
    { id: "p1", title: "Base", focus: "Easy miles", startDate: iso(-8), endDate: iso(-2), weekNumber: 1, sessions: [] },
    {
      id: "p2",
      title: "Build the long run",
      focus: "Longer runs",
      startDate: iso(-1),
      endDate: iso(5),
      weekNumber: 2,
      sessions: ["Long run 75 min easy", "Easy 30 min"],
    },
    { id: "p3", title: "Taper", focus: "Rest", startDate: iso(6), endDate: iso(12), weekNumber: 3, sessions: [] },
  ],
  totalPhaseCount: 3,
  targetDate: iso(12),
  programLengthWeeks: 3,
  timeToTargetLabel: "Time to Race Day",
  timeToTargetTitle: "Race day",
  timeToTargetDescription: "",
};

async function givePlan(userId: string) {
  await env.DB.prepare(
    "INSERT INTO personalized_plans (id, app_id, subject, testing_step_id, status, plan, created_at, updated_at) VALUES (?, ?, ?, '', 'completed', ?, ?, ?)",
  )
    .bind(crypto.randomUUID(), appId, userId, JSON.stringify(PLAN), Date.now(), Date.now())
    .run();
}

const png = () => {
  const w = 16;
  const px = new Uint8Array(w * w * 3);
  for (let i = 0; i < px.length; i++) px[i] = (i * 37) % 256;
  return encodePng(w, w, px);
};

const runIdOf = (location: string | null) => location?.match(/\/today\/activities\/([0-9a-f-]{36})$/)?.[1] ?? "";
const runRow = (id: string) =>
  env.DB.prepare("SELECT position, status, summary_analysis_text AS summary FROM activity_runs WHERE id = ?")
    .bind(id)
    .first<{ position: number; status: string; summary: string | null }>();

beforeAll(async () => {
  owner = await signUp("today-owner");
  member = await signUp("today-member");
  other = await signUp("today-other");
  stranger = await signUp("today-stranger");
  // The demo app (every test file starts with an empty D1), owned by `owner`, with a story and a quiz beside the Long run.
  appId = DEMO_APP_ID;
  base = "/apps/marisol-vega/half-marathon";
  await env.DB.batch(demoAppStatements(Date.now(), owner.userId).map((sql: string) => env.DB.prepare(sql)));
  const blueprint = { ...DEMO_BLUEPRINT, items: [STORY, ...DEMO_BLUEPRINT.items, QUIZ] };
  await env.DB.prepare("UPDATE app_blueprints SET content = ? WHERE app_id = ?")
    .bind(JSON.stringify(blueprint), appId)
    .run();
  await givePlan(member.userId);
  await givePlan(other.userId);
}, 60_000);

describe("who may open /today", () => {
  it("a member sees today's phase, its items and the empty states; the owner sees it without a plan", async () => {
    const page = await member.browser.get(`${base}/today`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Build the long run");
    expect(html).toContain("Phase 2 of 3");
    expect(html).toContain("Long run 75 min easy");
    expect(html).toContain('aria-label="Progress through your plan"');
    expect(html).toContain('aria-valuenow="67"');
    // Two reading items over three phases: the story in the first, the quiz in the second (today's).
    expect(html).toContain("Pace check");
    expect(html).toContain("No stories in this phase.");
    expect(html).toContain("Long run");
    expect(html).toContain("No activities done yet.");

    const owned = await owner.browser.get(`${base}/today`);
    expect(owned.status).toBe(200);
    expect(await owned.text()).toContain("You have no plan for this app yet.");
  });

  it("a signed-in stranger is sent to the landing page and its plans (302)", async () => {
    const page = await stranger.browser.get(`${base}/today`);
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(base);
    const post = await stranger.browser.post(`${base}/today`, { intent: "start", activityId: "long-run" });
    expect(post.status).toBe(302);
    expect((await stranger.browser.get(`/apps/marisol-vega/no-such-app/today`)).status).toBe(404);
  });

  it("a signed-out visitor is told why, with the onboarding and Log In back to /today; crawlers are kept out", async () => {
    const visitor = new Browser();
    const page = await visitor.get(`${base}/today`);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain(SIGNED_OUT_TODAY);
    expect(text).toContain(`href="${base}/onboarding"`);
    const logIn = `${base}/today?auth=Login&redirect=${encodeURIComponent(`${base}/today`)}`;
    expect(text).toContain(`href="${logIn.replaceAll("&", "&amp;")}"`);
    expect(text).toMatch(/<meta name="robots" content="noindex"\/>/);
    // Nobody's plan: no phase, no activities.
    expect(text).not.toContain("Build the long run");
    expect(text).not.toContain("Start Long run");
    // The Log In link opens the form over this page, and signing in comes back to /today.
    const withForm = await visitor.get(logIn);
    expect(withForm.status).toBe(200);
    expect(await withForm.text()).toContain('name="redirect"');
    const signedIn = await visitor.post("/auth/login", {
      email: member.email,
      password: PASSWORD,
      page: logIn,
      redirect: `${base}/today`,
    });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("Location")).toBe(`${base}/today`);
    expect(await (await visitor.get(`${base}/today`)).text()).toContain("Build the long run");
  });

  it("a signed-out post to /today, or a visit to an activity screen, comes back to /today's explanation", async () => {
    const visitor = new Browser();
    const post = await visitor.post(`${base}/today`, { intent: "start", activityId: "long-run" });
    expect(post.status).toBe(303);
    expect(post.headers.get("Location")).toBe(`${base}/today`);
    const screen = await visitor.get(`${base}/today/activities/${crypto.randomUUID()}`);
    expect(screen.status).toBe(302);
    expect(screen.headers.get("Location")).toBe(`${base}/today`);
    expect((await visitor.get(`/apps/marisol-vega/no-such-app/today`)).status).toBe(404);
  });

  it("the plan and landing pages link to /today only for those who may open it", async () => {
    expect(await (await member.browser.get(`${base}/onboarding/plan`)).text()).toContain(`href="${base}/today"`);
    expect(await (await member.browser.get(base)).text()).toContain(`href="${base}/today"`);
    expect(await (await owner.browser.get(base)).text()).toContain(`href="${base}/today"`);
    expect(await (await stranger.browser.get(base)).text()).not.toContain(`${base}/today`);
  });
});

describe("quizzes", () => {
  it("scores on the server; a missing answer is refused in words and keeps nothing", async () => {
    const count = async () =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM quiz_attempts WHERE app_id = ?")
        .bind(appId)
        .first<{ n: number }>())!.n;
    const missing = await member.browser.post(`${base}/today`, { intent: "quiz", quizId: "pace-quiz", q0: "0" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Choose an answer to question 2");
    const unknown = await member.browser.post(`${base}/today`, {
      intent: "quiz",
      quizId: "pace-quiz",
      q0: "7",
      q1: "0",
    });
    expect(unknown.status).toBe(400);
    expect(await count()).toBe(0);
    const nope = await member.browser.post(`${base}/today`, { intent: "quiz", quizId: "nope", q0: "0", q1: "0" });
    expect(nope.status).toBe(404);

    const scored = await member.browser.post(`${base}/today`, {
      intent: "quiz",
      quizId: "pace-quiz",
      q0: "0",
      q1: "1",
    });
    expect(scored.status).toBe(303);
    expect(scored.headers.get("Location")).toBe(`${base}/today#quiz-pace-quiz`);
    const row = await env.DB.prepare("SELECT user_id, score, total, answers FROM quiz_attempts WHERE app_id = ?")
      .bind(appId)
      .first<{ user_id: string; score: number; total: number; answers: string }>();
    expect(row).toMatchObject({ user_id: member.userId, score: 1, total: 2, answers: "[0,1]" });
    expect(await (await member.browser.get(`${base}/today`)).text()).toContain("Your score: 1 of 2");
    // Someone else's score is theirs alone.
    expect(await (await other.browser.get(`${base}/today`)).text()).not.toContain("Your score");
  });
});

describe("an activity, card by card", () => {
  it("runs with one post per card, refuses bad input in words, and ends with the analysis and summary", async () => {
    const started = await member.browser.post(`${base}/today`, { intent: "start", activityId: "long-run" });
    expect(started.status).toBe(303);
    const runId = runIdOf(started.headers.get("Location"));
    expect(runId).not.toBe("");
    const screen = `${base}/today/activities/${runId}`;
    const first = await member.browser.get(screen);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Time on feet at an easy, conversational pace");

    expect((await member.browser.post(screen, { intent: "next", cardId: "card-1" })).status).toBe(303);
    // A bad number: 400, the error beside the field, the run where it was.
    const bad = await member.browser.post(screen, { intent: "answer", cardId: "card-2", value: "far" });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("The answer must be a number");
    expect(badHtml).toContain('aria-invalid="true"');
    expect((await runRow(runId))!.position).toBe(1);
    expect((await member.browser.post(screen, { intent: "answer", cardId: "card-2", value: "12" })).status).toBe(303);
    // A double submit of the same card changes nothing and lands back on the screen.
    expect((await member.browser.post(screen, { intent: "answer", cardId: "card-2", value: "99" })).status).toBe(303);
    expect((await member.browser.post(screen, { intent: "answer", cardId: "card-3", value: "80" })).status).toBe(303);
    const noChoice = await member.browser.post(screen, { intent: "answer", cardId: "card-4", value: "Meh" });
    expect(noChoice.status).toBe(400);
    expect(await noChoice.text()).toContain("Choose one of: Easy, Just right, Hard, Too hard to finish");
    expect((await member.browser.post(screen, { intent: "answer", cardId: "card-4", value: "Easy" })).status).toBe(303);

    // Someone else's run: refused, whoever asks (another member, the app's owner), and nothing changes.
    const photo = new Uint8Array(await png());
    const photoForm = () => {
      const form = new FormData();
      form.set("intent", "answer");
      form.set("cardId", "card-5");
      form.set("file", new File([photo], "watch.png", { type: "image/png" }));
      return form;
    };
    expect((await other.browser.fetch(screen, { method: "POST", body: photoForm() })).status).toBe(403);
    expect((await other.browser.get(screen)).status).toBe(403);
    expect((await owner.browser.post(screen, { intent: "answer", cardId: "card-5", value: "" })).status).toBe(403);
    expect((await stranger.browser.get(screen)).status).toBe(302);
    expect((await runRow(runId))!.position).toBe(4);

    // The photo, as a multipart post: stored under the user, then the analysis job starts.
    const uploaded = await member.browser.fetch(screen, { method: "POST", body: photoForm() });
    expect(uploaded.status).toBe(303);
    const answer = await env.DB.prepare(
      "SELECT answer FROM activity_card_results WHERE run_id = ? AND card_id = 'card-5'",
    )
      .bind(runId)
      .first<{ answer: string }>();
    expect(JSON.parse(answer!.answer).url).toMatch(new RegExp(`^/media/user-media/${appId}/${member.userId}/`));

    const status = await member.browser.get(`${screen}/status`);
    expect(status.status).toBe(200);
    expect(((await status.json()) as any).response).toHaveProperty("progress");
    expect((await other.browser.get(`${screen}/status`)).status).toBe(403);

    const done = await until(
      () => runRow(runId),
      (row) => row?.status === "completed",
    );
    expect(done!.status).toBe("completed");
    const final = await (await member.browser.get(screen)).text();
    expect(final).toContain("How your long run went");
    expect(final).toContain("Your long run in short");
    expect(final).toContain("this activity is complete");
    const today = await (await member.browser.get(`${base}/today`)).text();
    expect(today).toContain("How your long run went");
    // The summary (its first plain words: the page escapes quotes and ampersands).
    expect(today).toContain(done!.summary!.match(/[A-Za-z ]{12,}/)![0]);
  }, 60_000);

  it("a run of another app is not found on this app's screen", async () => {
    expect((await member.browser.get(`${base}/today/activities/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe("the creator's briefs stay on the server", () => {
  // Each AI card's brief carries a mark found nowhere else: none may reach the end user's screens.
  const MARKS = ["QZXV-ANALYSIS-MARK", "QZXV-IMAGE-MARK", "QZXV-SUMMARY-MARK"];
  const BRIEFED = {
    id: "briefed-run",
    kind: "activity",
    title: "Briefed run",
    cards: [
      { id: "b-1", kind: "input", inputType: "number", prompt: "How far did you go?", unit: "km" },
      {
        id: "b-2",
        kind: "analysis",
        title: "Coach's read",
        analysisPrompt: `Private note ${MARKS[0]} for the coach only. The run should be between 5 and 10 km.`,
        inputIds: ["b-1"],
      },
      {
        id: "b-3",
        kind: "image",
        title: "Your run card",
        generationPrompt: `A sunrise over hills, ${MARKS[1]}.`,
        inputIds: ["b-1"],
      },
      {
        id: "b-4",
        kind: "summary",
        title: "In short",
        summaryAnalysisPrompt: `Sum up the run ${MARKS[2]}, at least 5 km.`,
      },
    ],
  };

  const expectNoBrief = (what: string, body: string) => {
    for (const mark of MARKS) expect(body, `${what} carries ${mark}`).not.toContain(mark);
    for (const field of ["analysisPrompt", "generationPrompt", "summaryAnalysisPrompt"])
      expect(body, `${what} carries ${field}`).not.toContain(field);
  };

  it("the activity screen, its data, its status and /today send the cards without their prompts, before and after the AI ran", async () => {
    const stored = (await env.DB.prepare("SELECT content FROM app_blueprints WHERE app_id = ?")
      .bind(appId)
      .first<{ content: string }>())!;
    const blueprint = JSON.parse(stored.content) as { items: unknown[] };
    await env.DB.prepare("UPDATE app_blueprints SET content = ? WHERE app_id = ?")
      .bind(JSON.stringify({ ...blueprint, items: [...blueprint.items, BRIEFED] }), appId)
      .run();
    const started = await member.browser.post(`${base}/today`, { intent: "start", activityId: "briefed-run" });
    expect(started.status).toBe(303);
    const runId = runIdOf(started.headers.get("Location"));
    const screen = `${base}/today/activities/${runId}`;
    const everything = async () => {
      for (const path of [screen, `${screen}.data`, `${screen}/status`, `${base}/today`, `${base}/today.data`]) {
        const answer = await member.browser.get(path);
        expect(answer.status, path).toBe(200);
        expectNoBrief(path, await answer.text());
      }
    };
    await everything();
    expect((await member.browser.post(screen, { intent: "answer", cardId: "b-1", value: "7" })).status).toBe(303);
    const done = await until(
      () => runRow(runId),
      (row) => row?.status === "completed",
    );
    expect(done!.status).toBe("completed");
    const html = await (await member.browser.get(screen)).text();
    expect(html).toContain("Coach&#x27;s read");
    expect(html).toContain("In short");
    await everything();
    // The server still has them, and ran the cards by them: the analysis checked the brief's range.
    const analysis = await env.DB.prepare(
      "SELECT result FROM activity_card_results WHERE run_id = ? AND card_id = 'b-2'",
    )
      .bind(runId)
      .first<{ result: string }>();
    expect(JSON.parse(analysis!.result).findings.join(" ")).toMatch(/5 and 10 km/);
  }, 60_000);
});
