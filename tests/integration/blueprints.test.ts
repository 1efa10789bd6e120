// The blueprint API in workerd against D1: reading, saving versions, paging and restoring them, help,
// the "+" suggestions, examples, other creators refused (403), bad input changing nothing, and plans
// following the blueprint.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Blueprint } from "~/db/app-content";
import { DEFAULT_SUGGESTIONS } from "~/features/builder/blueprint-help";
import { createPersonalizedPlan, planRow } from "~/features/plans/plans.server";
import { testApp } from "./app-context";
import { Browser, signUp } from "./commerce-helpers";
import { builtApp, until } from "./builder-helpers";

type Json = { response: Record<string, unknown> } & Record<string, unknown>;
const json = async (response: Response) => (await response.json()) as Json;
const B = "/api/app-builder";

let owner: { browser: Browser; userId: string };
let other: { browser: Browser; userId: string };
let appId: string;

const blueprintOf = async (id = appId, browser = owner.browser) =>
  (await json(await browser.get(`${B}/getBlueprintForApp?appId=${id}`))).response.blueprint as Blueprint;

beforeAll(async () => {
  owner = await signUp("blueprinter");
  other = await signUp("blueprint-other");
  appId = await builtApp(owner.browser, "Yoga for desk workers with stiff backs");
});

describe("reading and saving the blueprint", () => {
  it("the owner reads it: summary, audience, outcomes, phases and a story, a quiz and an activity", async () => {
    const blueprint = await blueprintOf();
    expect(blueprint.topic).toBe("Yoga");
    expect(blueprint.audience).toBeTruthy();
    expect(blueprint.outcomes!.length).toBeGreaterThan(0);
    expect(blueprint.items!.map((i) => i.kind)).toEqual(["story", "quiz", "activity"]);
    expect((await other.browser.get(`${B}/getBlueprintForApp?appId=${appId}`)).status).toBe(403);
    expect((await new Browser().get(`${B}/getBlueprintForApp?appId=${appId}`)).status).toBe(401);
    expect((await owner.browser.get(`${B}/getBlueprintForApp`)).status).toBe(400);
    expect((await owner.browser.get(`${B}/getBlueprintForApp?appId=${crypto.randomUUID()}`)).status).toBe(404);
  });

  it("updateBlueprint makes a version; bad content is a 400 naming the field and changes nothing", async () => {
    const blueprint = await blueprintOf();
    const story = {
      id: "story-desk",
      kind: "story",
      title: "Why desks stiffen backs",
      body: "Sitting shortens the hip flexors…",
    };
    const saved = await owner.browser.postJson(`${B}/updateBlueprint`, {
      appId,
      blueprint: { ...blueprint, items: [...blueprint.items!, story] },
    });
    expect(saved.status).toBe(200);
    expect((await json(saved)).response).toMatchObject({ success: true, versionId: expect.any(String) });
    expect((await blueprintOf()).items!.at(-1)).toEqual(story);

    const before = await env.DB.prepare(
      "SELECT count(*) AS n FROM app_versions WHERE app_id = ? AND kind = 'blueprint'",
    )
      .bind(appId)
      .first<{ n: number }>();
    const quiz = {
      id: "q-bad",
      kind: "quiz",
      title: "Bad",
      questions: [{ question: "?", options: ["a", "b"], answer: 5 }],
    };
    const bad = await owner.browser.postJson(`${B}/updateBlueprint`, { appId, ...blueprint, items: [quiz] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await json(bad))).toContain("Pick one of the options");
    const after = await env.DB.prepare("SELECT count(*) AS n FROM app_versions WHERE app_id = ? AND kind = 'blueprint'")
      .bind(appId)
      .first<{ n: number }>();
    expect(after).toEqual(before);
    expect((await blueprintOf()).items!.at(-1)).toEqual(story);
    expect((await other.browser.postJson(`${B}/updateBlueprint`, { appId, blueprint })).status).toBe(403);
  });

  it("versions page 20 at a time with a cursor, and restoring one makes it current", async () => {
    const id = await builtApp(owner.browser, "Guitar for adult beginners");
    const blueprint = await blueprintOf(id);
    for (let i = 1; i <= 21; i++)
      await owner.browser.postJson(`${B}/updateBlueprint`, {
        appId: id,
        blueprint: { ...blueprint, goal: `Goal ${i}` },
      });
    const first = await json(await owner.browser.get(`${B}/getBlueprintVersionHistoryPaginated?appId=${id}`));
    expect((first.versions as unknown[]).length).toBe(20);
    expect(first).toMatchObject({ hasMore: true, nextCursor: expect.any(String) });
    const second = await json(
      await owner.browser.get(`${B}/getBlueprintVersionHistoryPaginated?appId=${id}&cursor=${first.nextCursor}`),
    );
    expect((second.versions as unknown[]).length).toBe(2); // the 21st save and the version made with the app
    expect(second.hasMore).toBe(false);
    expect((await owner.browser.get(`${B}/getBlueprintVersionHistoryPaginated?appId=${id}&cursor=nope`)).status).toBe(
      400,
    );
    const all = (await json(await owner.browser.get(`${B}/getBlueprintVersionHistory?appId=${id}`))).response;
    expect((all.versions as unknown[]).length).toBe(20);

    const created = (second.versions as { versionId: string; reason: string }[]).at(-1)!;
    expect(created.reason).toBe("create");
    const restored = await owner.browser.postJson(`${B}/restoreBlueprintVersion`, {
      appId: id,
      versionId: created.versionId,
    });
    expect(restored.status).toBe(200);
    expect((await blueprintOf(id)).goal).toBe(blueprint.goal);
    expect(
      (await owner.browser.postJson(`${B}/restoreBlueprintVersion`, { appId: id, versionId: "nope" })).status,
    ).toBe(404);
    expect(
      (await other.browser.postJson(`${B}/restoreBlueprintVersion`, { appId: id, versionId: created.versionId }))
        .status,
    ).toBe(403);
  });
});

describe("help and suggestions", () => {
  it("help names what is missing and the next step for this blueprint", async () => {
    const blueprint = await blueprintOf();
    await owner.browser.postJson(`${B}/updateBlueprint`, { appId, blueprint: { ...blueprint, items: [] } });
    const help = (await json(await owner.browser.get(`${B}/getBlueprintHelpForApp?appId=${appId}`))).response as {
      missing: string[];
      thin: string[];
      nextStep: string;
    };
    expect(help.missing.join(" ")).toMatch(/Stories/);
    expect(help.missing.join(" ")).toMatch(/Quizzes/);
    expect(help.nextStep).toBe(help.missing[0]);
    await owner.browser.postJson(`${B}/updateBlueprint`, { appId, blueprint });
    const better = (await json(await owner.browser.get(`${B}/getBlueprintHelpForApp?appId=${appId}`))).response;
    expect((better.missing as string[]).join(" ")).not.toMatch(/Stories/);
    expect((await other.browser.get(`${B}/getBlueprintHelpForApp?appId=${appId}`)).status).toBe(403);
  });

  it("'+' suggests from the app's practice and where the cursor is; an app no practice fits gets the spec's defaults", async () => {
    const blueprint = await blueprintOf();
    const story = blueprint.items!.find((i) => i.kind === "story")!;
    const answer = await owner.browser.postJson(`${B}/getEditorPlusButtonSuggestions?appId=${appId}`, {
      afterItemId: story.id,
    });
    expect(answer.status).toBe(200);
    const sections = (await json(answer)).response.sections as {
      title: string;
      items: { icon: string; content: string }[];
    }[];
    expect(sections[0]!.title).toBe("Suggested");
    expect(sections[0]!.items[0]!.icon).toBe("question"); // after a story, a quiz
    expect(sections.flatMap((s) => s.items).every((i) => i.content.length > 0)).toBe(true);
    expect(JSON.stringify(sections)).toMatch(/yoga|pose|breath/i);
    expect((await other.browser.postJson(`${B}/getEditorPlusButtonSuggestions?appId=${appId}`, {})).status).toBe(403);
    expect((await owner.browser.postJson(`${B}/getEditorPlusButtonSuggestions`, {})).status).toBe(400);

    // An app outside the known practices: suggestions from its own blueprint, not the spec's default
    // sections (issue 48; those are for a call that fails, unit-tested in blueprint-editor.test.ts).
    const bees = await builtApp(owner.browser, "Beekeeping for city dwellers");
    const own = (await json(await owner.browser.postJson(`${B}/getEditorPlusButtonSuggestions?appId=${bees}`, {})))
      .response;
    expect(own.sections).not.toEqual(DEFAULT_SUGGESTIONS);
    expect(JSON.stringify(own.sections)).toMatch(/beekeeping/i);
    expect(JSON.stringify(own.sections)).not.toMatch(/long run|hiit|nutrition|custom example/i);
  });
});

describe("examples", () => {
  it("save, list by type, read and edit; only the app's owner", async () => {
    const saved = await owner.browser.postJson(`${B}/saveBlueprintExample`, {
      appId,
      type: "story",
      title: "Morning desk flow",
      content: "Five poses before your first meeting.",
    });
    expect(saved.status).toBe(201);
    const example = (await json(saved)).response.example as { exampleId: string };
    await owner.browser.postJson(`${B}/saveBlueprintExample`, {
      appId,
      type: "activity",
      title: "Lunch reset",
      content: "Cards…",
    });
    const stories = (await json(await owner.browser.get(`${B}/getBlueprintExamplesForApp?appId=${appId}&type=story`)))
      .response.examples as { title: string }[];
    expect(stories.map((e) => e.title)).toEqual(["Morning desk flow"]);
    const all = (await json(await owner.browser.get(`${B}/getBlueprintExamplesForApp?appId=${appId}`))).response
      .examples;
    expect((all as unknown[]).length).toBe(2);
    const one = await owner.browser.get(`${B}/getBlueprintExampleById?exampleId=${example.exampleId}`);
    expect((await json(one)).response.example).toMatchObject({ title: "Morning desk flow", type: "story" });

    const patch = (browser: Browser, body: unknown, method = "PATCH") =>
      browser.fetch(`${B}/blueprint-examples/${example.exampleId}`, {
        method,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const edited = await patch(owner.browser, { title: "Morning desk flow, 10 min", content: "Six poses." });
    expect(edited.status).toBe(200);
    expect((await json(edited)).response.example).toMatchObject({
      title: "Morning desk flow, 10 min",
      content: "Six poses.",
    });
    expect((await patch(owner.browser, {})).status).toBe(400);
    expect((await patch(owner.browser, { title: "x" }, "POST")).status).toBe(405);
    expect((await patch(other.browser, { title: "Mine now" })).status).toBe(403);
    expect((await other.browser.get(`${B}/getBlueprintExampleById?exampleId=${example.exampleId}`)).status).toBe(403);
    expect((await other.browser.get(`${B}/getBlueprintExamplesForApp?appId=${appId}`)).status).toBe(403);
    expect(
      (await other.browser.postJson(`${B}/saveBlueprintExample`, { appId, type: "story", title: "t", content: "c" }))
        .status,
    ).toBe(403);
    expect(
      (await owner.browser.postJson(`${B}/saveBlueprintExample`, { appId, type: "story", title: "" })).status,
    ).toBe(400);
    expect((await owner.browser.get(`${B}/getBlueprintExampleById?exampleId=nope`)).status).toBe(404);
  });
});

describe("plans follow the blueprint", () => {
  it("a plan made after an edit uses the edited phases", async () => {
    const blueprint = await blueprintOf();
    const edited = {
      ...blueprint,
      phaseTemplates: blueprint.phaseTemplates.map((p, i) =>
        i === 0 ? { ...p, title: "Chair-side sun salutations" } : p,
      ),
    };
    await owner.browser.postJson(`${B}/updateBlueprint`, { appId, blueprint: edited });
    const subject = `anon_${crypto.randomUUID()}`;
    await createPersonalizedPlan(
      testApp(),
      { appId, subject, testingStepId: "preview" },
      { currentLevel: "beginner", daysPerWeek: 3 },
    );
    const row = await until(
      async () => planRow(testApp(), appId, subject, "preview"),
      (r) => r?.status === "completed",
    );
    expect(row!.plan!.phases[0]!.title).toBe("Chair-side sun salutations");
  });
});

describe("the blueprint editor's forms (?mode=blueprint, no JavaScript needed)", () => {
  const page = (id = appId) => `/dashboard/builder?appId=${id}&mode=blueprint`;
  const post = (fields: Record<string, string>, browser = owner.browser, id = appId) =>
    browser.post(page(id), { section: "blueprint", ...fields });
  const versions = async () =>
    (
      (await json(await owner.browser.get(`${B}/getBlueprintVersionHistory?appId=${appId}`))).response
        .versions as unknown[]
    ).length;

  it("shows the phases; a phase is edited, added, moved and removed, each a version; bad phases change nothing", async () => {
    const before = await blueprintOf();
    const html = await (await owner.browser.get(page())).text();
    expect(html).toContain('id="phases-heading"');
    expect(html).toContain(before.phaseTemplates[0]!.title);

    const edited = await post({
      intent: "save-phase",
      phaseIndex: "0",
      title: "Neck release",
      focus: "Easing the neck after screen time",
      sessions: "Chin tucks\nSeated neck stretch",
      level: "all",
    });
    expect(edited.status).toBe(303);
    expect((await blueprintOf()).phaseTemplates[0]).toEqual({
      title: "Neck release",
      focus: "Easing the neck after screen time",
      sessions: ["Chin tucks", "Seated neck stretch"],
      level: "all",
    });

    const count = await versions();
    const refused = await post({
      intent: "save-phase",
      phaseIndex: "0",
      title: "",
      focus: "x",
      sessions: "y",
      level: "all",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Give the phase a title");
    const noSessions = await post({ intent: "save-phase", title: "New", focus: "x", sessions: "\n", level: "all" });
    expect(noSessions.status).toBe(400);
    expect(await noSessions.text()).toContain("List at least one session, one per line");
    expect(await versions()).toBe(count);
    expect((await blueprintOf()).phaseTemplates[0]!.title).toBe("Neck release");

    expect(
      (await post({ intent: "save-phase", title: "Cool down", focus: "Rest", sessions: "Savasana", level: "advanced" }))
        .status,
    ).toBe(303);
    const added = (await blueprintOf()).phaseTemplates;
    expect(added.at(-1)).toMatchObject({ title: "Cool down", level: "advanced" });
    expect((await post({ intent: "move-phase", phaseIndex: "0", direction: "down" })).status).toBe(303);
    expect((await blueprintOf()).phaseTemplates[1]!.title).toBe("Neck release");
    expect((await post({ intent: "remove-phase", phaseIndex: String(added.length - 1) })).status).toBe(303);
    expect((await blueprintOf()).phaseTemplates).toHaveLength(added.length - 1);
    expect(await versions()).toBe(count + 3);

    // Someone else's app: 403, nothing changes.
    const theirs = await post({ intent: "remove-phase", phaseIndex: "0" }, other.browser);
    expect(theirs.status).toBe(403);
    expect((await blueprintOf()).phaseTemplates).toHaveLength(added.length - 1);
  });

  it("the last phase cannot be removed", async () => {
    const mine = await builtApp(owner.browser, "Sourdough baking for busy parents");
    const blueprint = await blueprintOf(mine);
    await owner.browser.postJson(`${B}/updateBlueprint`, {
      appId: mine,
      blueprint: { ...blueprint, phaseTemplates: blueprint.phaseTemplates.slice(0, 1) },
    });
    const refused = await post({ intent: "remove-phase", phaseIndex: "0" }, owner.browser, mine);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("A blueprint needs at least one phase");
    expect((await blueprintOf(mine)).phaseTemplates).toHaveLength(1);
  });

  it("the summary saves the plan's title, target and length; a bad length is refused", async () => {
    const saved = await post({
      intent: "save-summary",
      goal: "A looser neck and back",
      description: "Short desk-side yoga.",
      audience: "Office workers",
      outcomes: "Less neck pain\nBetter posture",
      planTitle: "Your Desk Yoga Plan",
      targetLabel: "Your pain-free week",
      defaultProgramLengthWeeks: "8",
    });
    expect(saved.status).toBe(303);
    expect(await blueprintOf()).toMatchObject({
      planTitle: "Your Desk Yoga Plan",
      targetLabel: "Your pain-free week",
      defaultProgramLengthWeeks: 8,
      outcomes: ["Less neck pain", "Better posture"],
    });
    const bad = await post({ intent: "save-summary", goal: "x", description: "y", defaultProgramLengthWeeks: "99" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter a plan length from 1 to 52 weeks");
    expect((await blueprintOf()).defaultProgramLengthWeeks).toBe(8);
  });

  it("an autosave answers data, not a redirect, and still makes a version", async () => {
    const count = await versions();
    // The autosave fetcher posts to the single-fetch address.
    const saved = await owner.browser.post(`/dashboard/builder.data?appId=${appId}&mode=blueprint`, {
      section: "blueprint",
      intent: "save-summary",
      autosave: "1",
      goal: "A looser neck",
      description: "Short desk-side yoga.",
      defaultProgramLengthWeeks: "8",
    });
    expect(saved.status).toBe(200);
    expect(saved.headers.get("location")).toBeNull();
    expect((await blueprintOf()).goal).toBe("A looser neck");
    expect(await versions()).toBe(count + 1);
  });

  it("a drag's new order is saved only when it names every item once", async () => {
    const ids = ((await blueprintOf()).items ?? []).map((i) => i.id);
    expect(ids.length).toBeGreaterThan(2);
    const reversed = [...ids].reverse();
    expect((await post({ intent: "reorder-items", order: reversed.join(",") })).status).toBe(303);
    expect(((await blueprintOf()).items ?? []).map((i) => i.id)).toEqual(reversed);
    const stale = await post({ intent: "reorder-items", order: ids.slice(1).join(",") });
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain("The content changed since this page was loaded");
    expect(((await blueprintOf()).items ?? []).map((i) => i.id)).toEqual(reversed);
  });

  it("an example is inserted where + was opened", async () => {
    const items = (await blueprintOf()).items ?? [];
    const saved = await json(
      await owner.browser.postJson(`${B}/saveBlueprintExample`, {
        appId,
        type: "story",
        title: "Breathing at the desk",
        content: "Breathe in for four, out for six.",
      }),
    );
    const { exampleId } = saved.response.example as { exampleId: string };
    expect((await post({ intent: "insert-example", exampleId, after: items[0]!.id })).status).toBe(303);
    const after = (await blueprintOf()).items ?? [];
    expect(after).toHaveLength(items.length + 1);
    expect(after[1]).toMatchObject({ kind: "story", title: "Breathing at the desk" });
  });
});
