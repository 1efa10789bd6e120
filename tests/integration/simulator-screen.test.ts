// The builder's simulator screen (/dashboard/builder?appId=…&mode=simulator; issue 14) in workerd:
// its form posts from a persona to a plan, an activity done card by card with a photo uploaded, the
// run saved as a test flow and replayed; bad input answered in words with nothing changed;
// someone else's app 403; signed out to the login page.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ActivityCard } from "~/db/app-content";
import { encodePng } from "~/platform/adapters/ai/embedded/png";
import { Browser, count, signUp, type Fields } from "./commerce-helpers";
import { builtApp, until } from "./builder-helpers";
import { answersFor, draftFlow } from "./simulator-fixtures";

type Person = { browser: Browser; userId: string };

let owner: Person;
let other: Person;
let appId: string;
let page: string;

const send = (fields: Fields, who: Browser = owner.browser, to = page) =>
  who.post(to, { section: "simulator", ...fields });
const located = (r: Response) => new URL(r.headers.get("Location") ?? "", "http://x");

async function photo(): Promise<File> {
  const w = 16;
  const px = new Uint8Array(w * w * 3).fill(120);
  return new File([new Uint8Array(await encodePng(w, w, px))], "watch.png", { type: "image/png" });
}

beforeAll(async () => {
  owner = await signUp("simscreen-owner");
  other = await signUp("simscreen-other");
  appId = await builtApp(owner.browser, "Half marathon training for beginners");
  page = `/dashboard/builder?appId=${appId}&mode=simulator`;
}, 90_000);

describe("the simulator screen", () => {
  it("shows its empty states to the owner; someone else's app is 403; signed out goes to log in", async () => {
    const html = await (await owner.browser.get(page)).text();
    expect(html).toContain("No personas yet: add one to try the app as a user.");
    expect(html).toContain("No test flows yet.");
    expect(html).toContain('aria-label="App screens"');
    expect((await other.browser.get(page)).status).toBe(403);
    expect((await new Browser().get(page)).status).toBe(302);
    expect((await owner.browser.get(`/dashboard/builder?appId=nope&mode=simulator`)).status).toBe(404);
  });

  it("personas: bad names refused in words; add, rename and delete; someone else's app 403 with nothing made", async () => {
    const empty = await send({ intent: "add-persona", name: "  " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("name is required");
    const long = await send({ intent: "add-persona", name: "x".repeat(61) });
    expect(await long.text()).toContain("name can be at most 60 characters");
    expect((await send({ intent: "add-persona", name: "Theirs" }, other.browser)).status).toBe(403);
    expect(await count("SELECT count(*) AS n FROM testing_steps WHERE app_id = ?", appId)).toBe(0);

    const made = await send({ intent: "add-persona", name: "Temporary" });
    expect(made.status).toBe(303);
    const persona = located(made).searchParams.get("persona")!;
    expect(await (await owner.browser.get(`${page}&persona=${persona}`)).text()).toContain("Rename Temporary");
    expect((await send({ intent: "rename-persona", persona, name: "Renamed" })).status).toBe(303);
    expect(await count("SELECT count(*) AS n FROM testing_steps WHERE id = ? AND name = 'Renamed'", persona)).toBe(1);
    expect((await send({ intent: "delete-persona", persona }, other.browser)).status).toBe(403);
    expect((await send({ intent: "delete-persona", persona })).status).toBe(303);
    expect(await count("SELECT count(*) AS n FROM testing_steps WHERE id = ?", persona)).toBe(0);
    expect((await send({ intent: "dance" })).status).toBe(400);
  });

  it("a persona runs: answers, plan, an activity card by card with a photo, saved as a test flow, replayed", async () => {
    const made = await send({ intent: "add-persona", name: "Busy beginner" });
    const persona = located(made).searchParams.get("persona")!;
    const here = `${page}&persona=${persona}`;

    // Running before the persona has answered: refused in words, no plan.
    const early = await send({ intent: "run", persona });
    expect(early.status).toBe(400);
    expect(await early.text()).toContain("The persona&#x27;s onboarding is not complete");
    expect(await count("SELECT count(*) AS n FROM personalized_plans WHERE testing_step_id = ?", persona)).toBe(0);

    const flow = await draftFlow(appId);
    const answers = answersFor(flow);
    const numberQuestion = flow.pages.flatMap((p) => p.questions).find((q) => q.type === "number");
    if (numberQuestion) {
      const bad = await send({ intent: "save-answers", persona, [`answer.${numberQuestion.key}`]: "lots" });
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain(`${numberQuestion.key}: `);
    }
    const fields: Fields = { intent: "save-answers", persona };
    for (const [key, value] of Object.entries(answers))
      fields[`answer.${key}`] = Array.isArray(value) ? value.map(String) : String(value);
    expect((await send(fields)).status).toBe(303);

    const ran = await send({ intent: "run", persona });
    expect(ran.status).toBe(303);
    expect(located(ran).searchParams.get("screen")).toBe("plan");
    expect(
      await count(
        "SELECT count(*) AS n FROM simulator_items WHERE testing_step_id = ? AND item_type = 'onboarding-page'",
        persona,
      ),
    ).toBeGreaterThan(0);
    await until(
      async () =>
        (
          await env.DB.prepare("SELECT status FROM personalized_plans WHERE testing_step_id = ?")
            .bind(persona)
            .first<{ status: string }>()
        )?.status,
      (s) => s === "completed",
    );
    // The plan job's status for the screen's progress bar: the owner's only.
    const planJob = (await env.DB.prepare("SELECT job_id FROM personalized_plans WHERE testing_step_id = ?")
      .bind(persona)
      .first<{ job_id: string }>())!.job_id;
    const jobStatus = `/api/app-builder/simulator-job/${planJob}`;
    const status = await owner.browser.get(jobStatus);
    expect(((await status.json()) as { response: unknown }).response).toMatchObject({
      jobId: planJob,
      kind: "plan",
      status: "completed",
      progress: 100,
    });
    expect((await other.browser.get(jobStatus)).status).toBe(403);
    expect((await new Browser().get(jobStatus)).status).toBe(401);
    expect((await owner.browser.get(`/api/app-builder/simulator-job/${crypto.randomUUID()}`)).status).toBe(404);
    const planHtml = await (await owner.browser.get(`${here}&screen=plan`)).text();
    expect(planHtml).toContain('aria-label="Phases"');
    expect(
      await count(
        "SELECT count(*) AS n FROM simulator_items WHERE testing_step_id = ? AND item_type = 'plan'",
        persona,
      ),
    ).toBe(1);
    // Real users' plans are untouched: the persona's is kept under its testing step.
    expect(
      await count("SELECT count(*) AS n FROM personalized_plans WHERE app_id = ? AND testing_step_id = ''", appId),
    ).toBe(0);

    const today = await (await owner.browser.get(`${here}&screen=today`)).text();
    const activityId = /name="activityId" value="([^"]+)"/.exec(today)![1]!;
    const started = await send({ intent: "start-activity", persona, activityId });
    expect(started.status).toBe(303);
    const runId = located(started).searchParams.get("run")!;
    const cards = JSON.parse(
      (await env.DB.prepare("SELECT cards FROM activity_runs WHERE id = ?").bind(runId).first<{ cards: string }>())!
        .cards,
    ) as ActivityCard[];
    const runPage = `${page}&persona=${persona}&screen=activity&run=${runId}`;
    for (const card of cards) {
      if (card.kind === "instruction") {
        expect(
          (await send({ intent: "next-card", persona, runId, cardId: card.id }, owner.browser, runPage)).status,
        ).toBe(303);
      } else if (card.kind === "input") {
        if (card.inputType === "photo") {
          if (!card.optional) {
            // Without a file: refused in words, the run stays at the card.
            const none = await send({ intent: "answer-card", persona, runId, cardId: card.id }, owner.browser, runPage);
            expect(none.status).toBe(400);
          }
          const form = new FormData();
          for (const [k, v] of Object.entries({
            section: "simulator",
            intent: "answer-card",
            persona,
            runId,
            cardId: card.id,
          }))
            form.set(k, v);
          form.set("file", await photo());
          const uploaded = await owner.browser.fetch(runPage, { method: "POST", body: form });
          expect(uploaded.status).toBe(303);
        } else {
          const value =
            card.inputType === "number" ? "10" : card.inputType === "choice" ? card.options![0]! : "Steady and easy";
          if (card.inputType === "number") {
            const bad = await send(
              { intent: "answer-card", persona, runId, cardId: card.id, value: "far" },
              owner.browser,
              runPage,
            );
            expect(bad.status).toBe(400);
            expect(await bad.text()).toContain("The answer must be a number");
          }
          expect(
            (await send({ intent: "answer-card", persona, runId, cardId: card.id, value }, owner.browser, runPage))
              .status,
          ).toBe(303);
        }
      } else {
        await until(
          async () =>
            (
              await env.DB.prepare("SELECT status FROM activity_card_results WHERE run_id = ? AND card_id = ?")
                .bind(runId, card.id)
                .first<{ status: string }>()
            )?.status,
          (s) => s === "done" || s === "failed",
        );
      }
    }
    const cardJob = (await env.DB.prepare(
      "SELECT job_id FROM activity_card_results WHERE run_id = ? AND job_id IS NOT NULL LIMIT 1",
    )
      .bind(runId)
      .first<{ job_id: string }>())!.job_id;
    expect((await owner.browser.get(`/api/app-builder/simulator-job/${cardJob}`)).status).toBe(200);
    expect((await other.browser.get(`/api/app-builder/simulator-job/${cardJob}`)).status).toBe(403);
    const done = await (await owner.browser.get(runPage)).text();
    expect(done).toContain("Save this run as a test flow");
    // The uploaded photo shows in the phone as a thumbnail of itself, with words for it (issue 50, item 9).
    const upload = (await env.DB.prepare(
      "SELECT url FROM user_media_uploads WHERE app_id = ? AND is_for_simulation = 1",
    )
      .bind(appId)
      .first<{ url: string }>())!.url;
    const photoCard = cards.find((c) => c.kind === "input" && c.inputType === "photo") as Extract<
      ActivityCard,
      { kind: "input" }
    >;
    const thumbnail = new RegExp(`<img class="sim-upload__thumb" src="${upload}" alt="([^"]+)"`).exec(done);
    expect(thumbnail?.[1]).toBe(`Your upload for: ${photoCard.prompt}`);
    expect((await owner.browser.get(upload)).status).toBe(200);
    expect(
      await count(
        "SELECT count(*) AS n FROM simulator_items WHERE testing_step_id = ? AND item_type = 'activity-card'",
        persona,
      ),
    ).toBe(cards.filter((c) => c.kind === "analysis" || c.kind === "image" || c.kind === "summary").length);
    // The photo is a simulation upload, kept apart from real ones.
    expect(
      await count("SELECT count(*) AS n FROM user_media_uploads WHERE app_id = ? AND is_for_simulation = 0", appId),
    ).toBe(0);
    expect(
      await count("SELECT count(*) AS n FROM user_media_uploads WHERE app_id = ? AND is_for_simulation = 1", appId),
    ).toBe(1);

    const untitled = await send({ intent: "save-run-as-flow", persona, runId, title: "" }, owner.browser, runPage);
    expect(untitled.status).toBe(400);
    expect(await untitled.text()).toContain("title is required");
    const saved = await send(
      { intent: "save-run-as-flow", persona, runId, title: "Beginner long run" },
      owner.browser,
      runPage,
    );
    expect(saved.status).toBe(303);
    const testFlowId = located(saved).searchParams.get("flow")!;
    const steps = JSON.parse(
      (await env.DB.prepare("SELECT steps FROM test_flows WHERE id = ?").bind(testFlowId).first<{ steps: string }>())!
        .steps,
    ) as { kind: string; url?: string }[];
    expect(steps[0]!.kind).toBe("persona-answers");
    expect(steps.find((s) => s.kind === "upload")?.url).toMatch(
      new RegExp(`^/media/user-media/${appId}/${owner.userId}/`),
    );
    expect(steps.filter((s) => s.kind === "card-input").length).toBeGreaterThan(0);

    expect((await send({ intent: "replay-flow", testFlowId }, other.browser)).status).toBe(403);
    const replayed = await send({ intent: "replay-flow", persona, testFlowId });
    expect(replayed.status).toBe(303);
    const jobId = located(replayed).searchParams.get("replay")!;
    await until(
      async () =>
        (await env.DB.prepare("SELECT status FROM jobs WHERE id = ?").bind(jobId).first<{ status: string }>())?.status,
      (s) => s === "completed" || s === "failed",
    );
    const replayHtml = await (
      await owner.browser.get(`${page}&persona=${persona}&replay=${jobId}&flow=${testFlowId}`)
    ).text();
    expect(replayHtml).toContain("The first run of this flow: everything is new.");
    expect(replayHtml).toContain('aria-label="Card results"');

    expect((await send({ intent: "rename-flow", testFlowId, title: "" })).status).toBe(400);
    expect((await send({ intent: "rename-flow", testFlowId, title: "Renamed flow" })).status).toBe(303);
    expect(
      await count("SELECT count(*) AS n FROM test_flows WHERE id = ? AND title = 'Renamed flow'", testFlowId),
    ).toBe(1);
    expect((await send({ intent: "delete-flow", testFlowId }, other.browser)).status).toBe(403);
    expect((await send({ intent: "delete-flow", testFlowId })).status).toBe(303);
    expect(await count("SELECT count(*) AS n FROM test_flows WHERE id = ?", testFlowId)).toBe(0);
  }, 120_000);

  it("reopens on the persona the creator last used in the app, kept on the server (so without JavaScript too)", async () => {
    const add = async (name: string) =>
      located(await send({ intent: "add-persona", name })).searchParams.get("persona")!;
    const opened = async (to = page) => {
      const html = await (await owner.browser.get(to)).text();
      return /<a [^>]*aria-current="true"[^>]*>([^<]+)<\/a>/.exec(html)?.[1];
    };
    const first = await add("Early riser");
    const second = await add("Night owl");
    // Adding one goes to it; opening the simulator again (the builder's tab has no persona) comes back to it.
    expect(await opened(`${page}&persona=${second}`)).toBe("Night owl");
    expect(await opened()).toBe("Night owl");
    expect(await opened(`${page}&persona=${first}&screen=today`)).toBe("Early riser");
    expect(await opened()).toBe("Early riser");
    expect(await opened(`${page}&screen=onboarding`)).toBe("Early riser");
    // One row per creator and app, moved rather than added to.
    expect(
      await count(
        "SELECT count(*) AS n FROM simulator_last_personas WHERE user_id = ? AND app_id = ?",
        owner.userId,
        appId,
      ),
    ).toBe(1);
    // Someone else's app stays refused, whatever persona is asked for.
    expect((await other.browser.get(`${page}&persona=${first}`)).status).toBe(403);
    // Deleting the persona last used: the simulator opens on the app's first persona, and remembers that.
    expect((await send({ intent: "delete-persona", persona: first })).status).toBe(303);
    const firstLeft = (await env.DB.prepare(
      "SELECT name FROM testing_steps WHERE app_id = ? ORDER BY created_at, id LIMIT 1",
    )
      .bind(appId)
      .first<{ name: string }>())!.name;
    expect(await opened()).toBe(firstLeft);
    expect(await opened(`${page}&persona=${second}`)).toBe("Night owl");
    expect(await opened()).toBe("Night owl");
  });
});
