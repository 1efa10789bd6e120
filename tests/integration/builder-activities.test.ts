// The builder's activities in workerd: a new app starts with a real activity (inputs, an AI analysis
// with its rubric, a summary); the "+" suggestions answer real activities; inserting one through the
// blueprint editor's form saves a valid activity with the same cards.
import { beforeAll, describe, expect, it } from "vitest";
import { blueprintItemSchema, type Blueprint, type BlueprintItem } from "~/db/app-content";
import { DEFAULT_ACTIVITIES } from "~/features/apps/activity-content";
import { cardsFromText } from "~/features/builder/blueprint-form";
import { DEFAULT_SUGGESTIONS } from "~/features/builder/blueprint-help";
import { builtApp } from "./builder-helpers";
import { signUp, type Browser } from "./commerce-helpers";

type Json = { response: Record<string, unknown> };
type Section = { title: string; items: { id: string; title: string; icon: string; content: string }[] };
type Activity = Extract<BlueprintItem, { kind: "activity" }>;
const B = "/api/app-builder";

let owner: { browser: Browser; userId: string };
let yoga: string;
let bees: string;

const blueprintOf = async (id: string) =>
  ((await (await owner.browser.get(`${B}/getBlueprintForApp?appId=${id}`)).json()) as Json).response
    .blueprint as Blueprint;
const suggestions = async (id: string) =>
  ((await (await owner.browser.postJson(`${B}/getEditorPlusButtonSuggestions?appId=${id}`, {})).json()) as Json)
    .response.sections as Section[];
const insert = (id: string, s: { id: string; title: string; content: string }) =>
  owner.browser.post(`/dashboard/builder?appId=${id}&mode=blueprint`, {
    section: "blueprint",
    intent: "insert-suggestion",
    suggestionId: s.id,
    title: s.title,
    content: s.content,
    after: "start",
  });

function expectRealActivity(item: BlueprintItem | undefined): Activity {
  expect(item?.kind).toBe("activity");
  expect(blueprintItemSchema.safeParse(item).error?.issues).toBeUndefined();
  const kinds = (item as Activity).cards.map((c) => c.kind);
  expect(kinds).toEqual(expect.arrayContaining(["instruction", "input", "analysis", "summary"]));
  return item as Activity;
}

beforeAll(async () => {
  owner = await signUp("activities");
  yoga = await builtApp(owner.browser, "Yoga for desk workers with stiff backs");
  bees = await builtApp(owner.browser, "Beekeeping for city dwellers");
});

describe("activities in the builder", () => {
  it("a new app starts with a real activity in its practice's words", async () => {
    const activity = expectRealActivity((await blueprintOf(yoga)).items!.find((i) => i.kind === "activity"));
    expect(JSON.stringify(activity)).toMatch(/practice/);
    const analysis = activity.cards.find((c) => c.kind === "analysis")!;
    expect(analysis.analysisPrompt).toMatch(/between \d+ and \d+ (min|s)/);
    expectRealActivity((await blueprintOf(bees)).items!.find((i) => i.kind === "activity"));
  });

  it('the "+" suggestions answer real activities, written as card text', async () => {
    const section = (await suggestions(yoga)).find((s) => s.title === "Activities")!;
    expect(section.items.length).toBeGreaterThan(0);
    for (const item of section.items) {
      expect(item.icon).toBe("activity");
      const read = cardsFromText(item.content);
      expect(read.ok && read.cards.map((c) => c.kind)).toEqual(
        expect.arrayContaining(["instruction", "input", "analysis", "summary"]),
      );
    }
    // An app outside the known practices is offered activities of its own blueprint, never the spec's
    // fitness defaults (issue 48; this asserted 'Long run' for a beekeeping app before).
    const own = (await suggestions(bees)).find((s) => s.title === "Activities")!;
    expect(own.items.length).toBeGreaterThan(0);
    expect(JSON.stringify(own.items)).not.toMatch(/long run|hiit|km\b/i);
    for (const item of own.items) {
      const read = cardsFromText(item.content);
      expect(read.ok && read.cards.map((c) => c.kind)).toEqual(
        expect.arrayContaining(["instruction", "input", "analysis", "summary"]),
      );
    }
  });

  it("inserting a suggested activity saves a valid activity with the same cards", async () => {
    const suggested = (await suggestions(yoga)).find((s) => s.title === "Activities")!.items[0]!;
    expect((await insert(yoga, suggested)).status).toBe(303);
    const inserted = expectRealActivity((await blueprintOf(yoga)).items![0]);
    expect(inserted.title).toBe(suggested.title);
    expect(inserted.cards).toEqual((cardsFromText(suggested.content) as { cards: unknown }).cards);

    // The spec's default 'Long run' (offered when suggestions cannot be made) still inserts as itself.
    const longRun = DEFAULT_SUGGESTIONS.find((s) => s.title === "Activities")!.items[0]!;
    expect((await insert(bees, longRun)).status).toBe(303);
    const saved = expectRealActivity((await blueprintOf(bees)).items![0]);
    expect(saved).toMatchObject({ id: "long-run", title: "Long run", cards: DEFAULT_ACTIVITIES[0]!.cards });
  });

  it("a suggestion the editor does not know (a real AI's) inserts as an activity when it is card text, else as a story", async () => {
    const cards =
      'Run easy for 40 minutes.\n\n---\n\n[input number km] How far did you run?\n\n---\n\n[analysis "Your run" reads 2]\nA long run is between 8 and 14 km.\n\n---\n\n[summary "In short"]\nSum it up.';
    expect((await insert(bees, { id: "ai-1", title: "Sunday run", content: cards })).status).toBe(303);
    const activity = expectRealActivity((await blueprintOf(bees)).items![0]);
    expect(activity.title).toBe("Sunday run");
    expect(
      (await insert(bees, { id: "ai-2", title: "Why hives swarm", content: "## Swarming\n\nIn spring…" })).status,
    ).toBe(303);
    expect((await blueprintOf(bees)).items![0]).toMatchObject({ kind: "story", title: "Why hives swarm" });
  });
});
