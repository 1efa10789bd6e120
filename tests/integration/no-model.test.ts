// Where the builder writes for a creator and no AI model is connected (the embedded default), the
// pages say so: the dashboard's new-app form, the build's progress page and the blueprint. Its
// pictures are designed covers, and the dashboard and the landing page's tools label them so. With a
// model configured they do not.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { creatorAppsSection } from "~/features/apps/dashboard.server";
import { parseEnv } from "~/platform/env";
import { testApp } from "./app-context";
import { html, signUp } from "./commerce-helpers";
import { builtApp, until } from "./builder-helpers";
import { needsGuide } from "~/features/builder/guided-build.server";

const NOTICE = "No AI model is connected.";

describe("no model connected", () => {
  it("the dashboard, the build's progress page and the blueprint say the draft comes from templates and the creator's answers", async () => {
    const { browser, userId } = await signUp("no-model");
    const text = async (path: string) => (await html(await browser.get(path))).replace(/<!-- -->/g, "");
    const dashboard = await text("/dashboard");
    expect(dashboard).toContain(NOTICE);
    expect(dashboard).toContain("A new app is written from templates and your own answers");
    const started = await browser.postJson("/api/app-builder/buildApp", { appIdea: "Knots for sailors and climbers" });
    const { progressUrl } = ((await started.json()) as { response: { progressUrl: string } }).response;
    const progress = await browser.get(progressUrl);
    // The build may already be done (the page then opens the builder): either way nothing is hidden.
    if (progress.status === 200) expect(await html(progress)).toContain(NOTICE);
    const appId = await builtApp(browser, "Knots for sailors and climbers");
    // The hero is a designed cover, and says so wherever the creator sees it; never "AI pictures".
    const COVER = "Designed cover (no AI model connected)";
    const after = await text("/dashboard");
    expect(after).toContain(COVER);
    expect(after).toContain("Its hero picture is a designed cover");
    const landing = await text(`/dashboard/builder?appId=${appId}&section=landing`);
    expect(landing).toContain("Pictures and edits");
    expect(landing).not.toContain("AI pictures");
    expect(landing).toContain(COVER);
    expect(landing).toContain("a new picture is a designed cover");
    const blueprint = await text(`/dashboard/builder?appId=${appId}&mode=blueprint`);
    expect(blueprint).toContain(NOTICE);
    expect(blueprint).toContain("This blueprint is written from templates and your own answers");
    expect((await creatorAppsSection(testApp(), { id: userId })).modelConnected).toBe(false);
  });

  it("with a model configured the notice is not there", async () => {
    const { userId } = await signUp("with-model");
    const configured = testApp({
      env: parseEnv({ ...env, AI_BASE_URL: "http://127.0.0.1:9/v1", AI_MODEL: "some-model" }),
    });
    expect((await creatorAppsSection(configured, { id: userId })).modelConnected).toBe(true);
  });
});

describe("the guided build", () => {
  const IDEA = "Wheel-thrown pottery for complete beginners";
  const GUIDE = {
    outcome: "Throw a set of four matching mugs",
    milestones: "Centre the clay\nOpen and pull a cylinder\nThrow a mug with even walls\nTrim and attach a handle",
    session: "Throw three cylinders and cut one in half",
    sessionMinutes: "60",
    avoid: "letting the clay dry out between pulls",
  };
  const blueprintOf = async (browser: Awaited<ReturnType<typeof signUp>>["browser"], appId: string) =>
    (
      (await (await browser.get(`/api/app-builder/getBlueprintForApp?appId=${appId}`)).json()) as {
        response: { blueprint: { goal: string; phaseTemplates: { title: string; sessions: string[] }[] } };
      }
    ).response.blueprint;
  const jobsOf = async (userId: string) =>
    (
      await env.DB.prepare("SELECT count(*) AS n FROM jobs WHERE kind = 'build-app' AND input LIKE ?")
        .bind(`%${userId}%`)
        .first<{ n: number }>()
    )?.n ?? 0;

  it("an idea outside the known practices asks the creator first; their milestones become the phases", async () => {
    const { browser, userId } = await signUp("guided");
    const made = await browser.post("/dashboard", { intent: "create", appIdea: IDEA });
    expect(made.status).toBe(303);
    const guide = made.headers.get("location")!;
    expect(guide).toBe(`/dashboard/builder/new?${new URLSearchParams({ idea: IDEA })}`);
    const page = (await html(await browser.get(guide))).replace(/<!-- -->/g, "");
    expect(page).toContain("Tell us about Wheel-thrown pottery");
    expect(page).toContain(IDEA);

    // Bad answers: each message beside its field, nothing built, what was typed kept.
    const bad = await browser.post(guide, {
      appIdea: IDEA,
      intent: "build",
      ...GUIDE,
      milestones: "Centre the clay",
      sessionMinutes: "2",
    });
    expect(bad.status).toBe(400);
    const refused = await html(bad);
    expect(refused).toContain("List at least 3 milestones, one per line");
    expect(refused).toContain("A session lasts between 5 and 180 minutes");
    expect(refused).toContain("Throw three cylinders and cut one in half");
    expect(await jobsOf(userId)).toBe(0);

    const built = await browser.post(guide, { appIdea: IDEA, intent: "build", ...GUIDE });
    expect(built.status).toBe(303);
    expect(built.headers.get("location")).toMatch(/^\/dashboard\/builder\/jobs\/[0-9a-f-]{36}$/);
    const jobId = built.headers.get("location")!.split("/").pop()!;
    await until(
      async () =>
        ((await (await browser.get(`/api/jobs/${jobId}`)).json()) as { response: { status: string } }).response.status,
      (s) => s === "completed",
    );
    const { appId } = (await env.DB.prepare("SELECT json_extract(input, '$.appId') AS appId FROM jobs WHERE id = ?")
      .bind(jobId)
      .first<{ appId: string }>())!;
    const blueprint = await blueprintOf(browser, appId);
    expect(blueprint.goal).toBe(GUIDE.outcome);
    expect(blueprint.phaseTemplates.map((p) => p.title)).toEqual(GUIDE.milestones.split("\n"));
    expect(blueprint.phaseTemplates[0]!.sessions[0]).toBe("Throw three cylinders and cut one in half, 60 min");
  });

  it("the creator may skip the questions; the API takes the same answers, and refuses bad ones in the same words", async () => {
    const { browser } = await signUp("guided-api");
    const skipped = await browser.post("/dashboard/builder/new", { appIdea: IDEA, intent: "skip" });
    expect(skipped.status).toBe(303);
    expect(skipped.headers.get("location")).toMatch(/^\/dashboard\/builder\/jobs\//);

    const refused = await browser.postJson("/api/app-builder/buildApp", {
      appIdea: "Bonsai care for apartment dwellers",
      guide: { outcome: "Keep a bonsai alive", milestones: ["Water"], session: "Check the soil", sessionMinutes: 10 },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("List at least 3 milestones, one per line");

    const started = await browser.postJson("/api/app-builder/buildApp", {
      appIdea: "Bonsai care for apartment dwellers",
      guide: {
        outcome: "Keep an indoor bonsai healthy for a year",
        milestones: ["Water by feel", "Find the right light", "Prune new growth"],
        session: "Check soil, light and new shoots",
        sessionMinutes: 10,
      },
    });
    expect(started.status).toBe(202);
    const { appId, statusUrl } = ((await started.json()) as { response: { appId: string; statusUrl: string } })
      .response;
    await until(
      async () => ((await (await browser.get(statusUrl)).json()) as { response: { status: string } }).response.status,
      (s) => s === "completed",
    );
    expect((await blueprintOf(browser, appId)).phaseTemplates.map((p) => p.title)).toEqual([
      "Water by feel",
      "Find the right light",
      "Prune new growth",
    ]);
  });

  it("a known practice, or a connected model, builds at once", { timeout: 20_000 }, async () => {
    const { browser } = await signUp("guided-known");
    const made = await browser.post("/dashboard", {
      intent: "create",
      appIdea: "Yoga for desk workers with stiff backs",
    });
    expect(made.headers.get("location")).toMatch(/^\/dashboard\/builder\/jobs\//);
    const configured = testApp({ env: parseEnv({ ...env, AI_BASE_URL: "http://127.0.0.1:9/v1", AI_MODEL: "m" }) });
    expect(await needsGuide(configured, IDEA)).toBe(false);
    expect(await needsGuide(testApp(), IDEA)).toBe(true);
  });
});
