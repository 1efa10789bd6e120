// The embedded default's activities (issue 14): every practice's activities are things to do and
// report on (inputs, an AI analysis with a rubric, a summary), valid by the blueprint's card rules,
// in the practice's own words; the "+" suggestions carry them as card text that inserts back as the
// same cards.
import { describe, expect, it } from "vitest";
import { blueprintItemSchema, blueprintSchema, type ActivityCard, type BlueprintItem } from "~/db/app-content";
import { activityMetrics, DEFAULT_ACTIVITIES } from "~/features/apps/activity-content";
import { activityFrom, starterItems } from "~/features/apps/blueprint-content";
import { newAppFromIdea } from "~/features/apps/defaults";
import {
  DEFAULT_SUGGESTIONS,
  editorSuggestions,
  itemFromContent,
  suggestedItem,
} from "~/features/builder/blueprint-help";
import { TAXONOMY, domainById } from "~/platform/adapters/ai/embedded/taxonomy";
import { DEMO_BLUEPRINT } from "../tools/apps-sql.mjs";

type Activity = Extract<BlueprintItem, { kind: "activity" }>;

function expectRealActivity(item: BlueprintItem | null | undefined): Activity {
  expect(item?.kind).toBe("activity");
  const activity = item as Activity;
  expect(blueprintItemSchema.safeParse(activity).error?.issues).toBeUndefined();
  const kinds = activity.cards.map((c) => c.kind);
  expect(kinds[0]).toBe("instruction");
  expect(kinds).toContain("input");
  expect(kinds).toContain("analysis");
  expect(kinds.at(-1)).toBe("summary");
  const analysis = activity.cards.find((c) => c.kind === "analysis")!;
  // The analysis reads inputs the end user gives, and its rubric names ranges and keywords.
  expect(analysis.inputIds.length).toBeGreaterThan(0);
  expect(analysis.analysisPrompt).toMatch(/Rubric:/);
  expect(analysis.analysisPrompt).toMatch(/between -?[\d.]+ and -?[\d.]+ /);
  expect(analysis.analysisPrompt).toMatch(/Keywords: \S/);
  return activity;
}

const inputs = (a: Activity) =>
  a.cards.filter((c): c is Extract<ActivityCard, { kind: "input" }> => c.kind === "input");
const words = (a: Activity) =>
  a.cards
    .map((c) => JSON.stringify(c))
    .join(" ")
    .toLowerCase();

describe("activities for every practice", () => {
  it.each(TAXONOMY.map((d) => [d.id, d] as const))("%s: every activity is real and valid", async (_id, domain) => {
    const starter = starterItems(domain).find((i) => i.kind === "activity");
    for (const item of [starter, ...domain.activities.map((t) => activityFrom(domain, t))]) {
      const activity = expectRealActivity(item);
      // Number inputs are the practice's own metrics, in its units.
      const numbers = inputs(activity).filter((c) => c.inputType === "number");
      expect(numbers.length).toBeGreaterThan(0);
      const units = domain.metrics.map((m) => m.unit);
      for (const card of numbers) expect(units).toContain(card.unit);
      expect(words(activity)).toContain(domain.session.one.toLowerCase());
    }
  });

  it("a yoga app's activity speaks yoga; a running app's is a run in km", async () => {
    const yoga = (await newAppFromIdea("Yoga for desk workers")).blueprint;
    const yogaActivity = expectRealActivity(yoga.items!.find((i) => i.kind === "activity"));
    expect(words(yogaActivity)).toMatch(/practice/);
    expect(words(yogaActivity)).toMatch(/pose/);
    expect(inputs(yogaActivity).map((c) => c.unit)).toContain("min");
    expect(words(yogaActivity)).not.toMatch(/\bkm\b|\brun\b/);

    const running = (await newAppFromIdea("Couch to 5k for new runners")).blueprint;
    const run = expectRealActivity(running.items!.find((i) => i.kind === "activity"));
    expect(inputs(run).map((c) => c.unit)).toContain("km");
    expect(words(run)).toMatch(/\brun\b/);
    expect(words(run)).not.toMatch(/pose|asana/);
  });

  it("an activity's title picks its measure: a long-run route asks for the long run's distance and its range", async () => {
    const running = domainById("running")!;
    expect(activityMetrics(running, "Plan your long-run route").map((m) => m.key)).toEqual(["long_run_km", "avg_pace"]);
    const analysis = (activityFrom(running, "Plan your long-run route") as Activity).cards.find(
      (c) => c.kind === "analysis",
    )!;
    expect(analysis.analysisPrompt).toContain("between 8 and 14 km");
  });

  it("an idea outside the taxonomy gets inputs named from its own words", async () => {
    const bees = (await newAppFromIdea("Beekeeping for city dwellers")).blueprint;
    const activity = expectRealActivity(bees.items!.find((i) => i.kind === "activity"));
    expect(
      inputs(activity)
        .find((c) => c.inputType === "number")!
        .prompt.toLowerCase(),
    ).toContain("beekeeping");
    expect(blueprintSchema.safeParse(bees).success).toBe(true);
  });
});

describe('the "+" suggestions\' activities', () => {
  it("the spec's default activities are real activities, and their content inserts back as the same cards", async () => {
    const section = DEFAULT_SUGGESTIONS.find((s) => s.title === "Activities")!;
    expect(section.items.map((i) => i.title)).toEqual(["Long run", "HIIT workout", "Mobility focused workout"]);
    const bees = (await newAppFromIdea("Beekeeping for city dwellers")).blueprint;
    for (const s of section.items) {
      const activity = expectRealActivity(await suggestedItem(bees, s.id));
      expect(s.content).toContain("[analysis ");
      const fromContent = itemFromContent([], s.title, s.content) as Activity;
      expect(fromContent.kind).toBe("activity");
      expect(fromContent.cards).toEqual(activity.cards);
    }
    const longRun = expectRealActivity(DEFAULT_ACTIVITIES[0]);
    expect(longRun.cards.find((c) => c.kind === "analysis")!.analysisPrompt).toContain("between 8 and 14 km");
  });

  it("a practice's activity suggestions are real activities, insertable into the blueprint", async () => {
    const yoga = (await newAppFromIdea("Yoga for desk workers")).blueprint;
    const activities = (await editorSuggestions(yoga, null)).find((s) => s.title === "Activities")!.items;
    expect(activities.length).toBeGreaterThan(0);
    for (const s of activities) {
      const item = expectRealActivity(await suggestedItem(yoga, s.id));
      expect(itemFromContent([], s.title, s.content)).toMatchObject({ kind: "activity", cards: item.cards });
      expect(blueprintSchema.safeParse({ ...yoga, items: [...yoga.items!, item] }).success).toBe(true);
    }
  });

  it("content that is not card text, or breaks the card rules, is a story", () => {
    expect(itemFromContent([], "Hydration", "Drink water.\n\n---\n\nA lot.").kind).toBe("story");
    // An analysis reading a card that is not an input breaks the activity rules: kept as a story.
    const broken = "Do it.\n\n---\n\n[input number km] How far?\n\n---\n\n[analysis reads 1]\nCheck.";
    expect(itemFromContent([{ id: "story-x" }], "X", broken)).toMatchObject({ kind: "story", id: "story-x-2" });
  });

  it("the demo app's blueprint has the Long run activity with input, analysis and summary cards", () => {
    expectRealActivity(blueprintSchema.parse(DEMO_BLUEPRINT).items!.find((i) => i.id === "long-run"));
  });
});
