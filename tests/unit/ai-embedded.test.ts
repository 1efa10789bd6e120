// The embedded AI default writes apps from a creator's idea in the idea's own practice: names read
// as a person wrote them (a table of twenty ideas), and no app built from an idea, nor the plans it
// makes, speaks another practice's words (issue 18: a yoga app never gets running advice).
import { describe, expect, it } from "vitest";
import { stringsOf, wordIn } from "./app-text";
import { blueprintSchema, landingPageSchema, onboardingFlowSchema } from "~/db/app-content";
import { newAppFromIdea } from "~/features/apps/defaults";
import { DEFAULT_BLUEPRINT, generatePlan } from "~/features/plans/generator";
import { readIdea } from "~/platform/adapters/ai/embedded/idea";
import { TAXONOMY } from "~/platform/adapters/ai/embedded/taxonomy";

const NAMES: [idea: string, name: string][] = [
  [
    "An app that helps busy parents get strong with 20-minute home workouts. No gym needed.",
    "Strength Training for Busy Parents",
  ],
  [
    "A 6-week plan that helps office workers stretch daily and ease back pain",
    "Mobility & Stretching for Office Workers",
  ],
  ["yoga for desk workers", "Yoga for Desk Workers"],
  ["Learn Spanish for travel in 3 months", "Spanish Coach"],
  ["Beekeeping for city dwellers", "Beekeeping for City Dwellers"],
  ["guitar lessons for adult beginners", "Guitar Lessons for Adult Beginners"],
  ["An app to help people learn knot tying", "Knot Tying Coach"],
  ["Chess openings for club players who want to reach 1500", "Chess Openings for Club Players"],
  ["Help new parents get their baby to sleep through the night", "Sleep for New Parents"],
  ["A meditation app for anxious students", "Meditation for Anxious Students"],
  ["Public speaking confidence for introverts", "Public Speaking Confidence for Introverts"],
  ["Home cooking for busy families on a budget", "Home Cooking for Busy Families"],
  ["Couch to 5k for over-50s", "Running for Over-50s"],
  ["Watercolour painting for retirees", "Watercolour Painting for Retirees"],
  ["Python coding for data analysts", "Python Coding for Data Analysts"],
  ["Sourdough baking at home", "Sourdough Baking Coach"],
  ["Marathon training for first-timers", "Marathon Training for First-timers"],
  ["Improve my golf swing", "Golf Swing Coach"],
  ["Piano for kids aged 6 to 10", "Piano for Kids"],
  ["I want to build an app", "My App"],
];

/** Everything a visitor or the creator reads of an app, and of a plan it makes. */
async function textOf(idea: string, answers: Record<string, unknown> = {}) {
  const made = await newAppFromIdea(idea);
  const plan = generatePlan({ answers, blueprint: made.blueprint, today: "2026-11-25" });
  return {
    made,
    plan,
    text: stringsOf([made.name, made.landingPage, made.onboardingFlow, made.blueprint, plan]).join("\n"),
  };
}

describe("names and copy read as a person wrote them", () => {
  it.each(NAMES)("%s → %s", async (idea, name) => {
    const { made, text } = await textOf(idea);
    expect(made.name).toBe(name);
    expect(landingPageSchema.safeParse(made.landingPage).success).toBe(true);
    expect(onboardingFlowSchema.safeParse(made.onboardingFlow).success).toBe(true);
    expect(blueprintSchema.safeParse(made.blueprint).success).toBe(true);
    // No leftovers of naive word-picking: numbers as topics, doubled words, empty slots, 'plan plan'.
    expect(text).not.toMatch(/\b(\w+) \1\b/i);
    expect(text).not.toMatch(/experience with \d|with \d+-week|undefined|\bnull\b|\[object| {2}/);
    const faq = made.landingPage.faq[0]!.question;
    expect(faq).toMatch(/^Do I need experience with [\p{L}][\p{L} &'-]*\?$/u);
  });

  it("reads who the idea is for and what they want", async () => {
    expect(await readIdea("A 6-week plan that helps office workers stretch daily and ease back pain")).toMatchObject({
      audience: "office workers",
      outcome: "stretch daily and ease back pain",
      weeks: 6,
    });
    expect(await readIdea("Chess openings for club players who want to reach 1500")).toMatchObject({
      audience: "club players",
      outcome: "reach 1500",
    });
    expect(await readIdea("An app to help people learn knot tying")).toMatchObject({
      audience: null,
      outcome: "learn knot tying",
    });
  });
});

// At least five domains, each built from an idea, each with a plan made from its onboarding answers.
const DOMAIN_IDEAS: [domainId: string, idea: string][] = [
  ["yoga", "Yoga for desk workers with stiff backs"],
  ["guitar", "Guitar for adult beginners who want to play around the campfire"],
  ["language", "Learn Spanish for travel in 3 months"],
  ["chess", "Chess openings for club players who want to reach 1500"],
  ["cooking", "Home cooking for busy families on a budget"],
  ["meditation", "A meditation app for anxious students"],
  ["running", "Couch to 5k for over-50s"],
  ["piano", "Piano for kids aged 6 to 10"],
];

describe("no app speaks another practice's words", () => {
  it.each(DOMAIN_IDEAS)("%s: %s", async (domainId, idea) => {
    expect((await readIdea(idea)).domain.id).toBe(domainId);
    const { text } = await textOf(idea, {
      currentLevel: "intermediate",
      daysPerWeek: 5,
      goal: "start",
      extras: ["journal"],
    });
    const leaks = TAXONOMY.filter((d) => d.id !== domainId).flatMap((d) =>
      d.signatureWords.filter((w) => wordIn(text, w)).map((w) => `${d.id}:${w}`),
    );
    expect(leaks).toEqual([]);
    // And it does speak its own.
    const own = TAXONOMY.find((d) => d.id === domainId)!;
    expect(own.signatureWords.some((w) => wordIn(text, w))).toBe(true);
  });

  it("the half-marathon demo keeps its running copy (the spec's defaults)", () => {
    const plan = generatePlan({
      answers: { currentLevel: "beginner", daysPerWeek: 4, extras: ["strength", "mobility", "nutrition"] },
      blueprint: DEFAULT_BLUEPRINT,
      today: "2026-11-25",
    });
    const text = JSON.stringify(plan);
    expect(text).toContain("4 runs a week");
    expect(text).toContain("Mobility 10 min after your runs");
    expect(text).toContain("gels");
  });

  it("an idea outside the taxonomy speaks its own terms, and nobody else's", async () => {
    const { made, plan, text } = await textOf("Beekeeping for city dwellers", { daysPerWeek: 2 });
    expect(made.landingPage.hero.subtitle).toContain("beekeeping");
    expect(plan.phases[0]!.sessions.join(" ")).toMatch(/beekeeping/i);
    expect(TAXONOMY.flatMap((d) => d.signatureWords.filter((w) => wordIn(text, w)))).toEqual([]);
  });
});

describe("deterministic, and different for different ideas", () => {
  it("the same idea gives the same app; different ideas visibly different ones", async () => {
    for (const [, idea] of DOMAIN_IDEAS) expect(await newAppFromIdea(idea)).toEqual(await newAppFromIdea(idea));
    const made = await Promise.all(DOMAIN_IDEAS.map(([, idea]) => newAppFromIdea(idea)));
    expect(new Set(made.map((m) => m.name)).size).toBe(made.length);
    expect(new Set(made.map((m) => m.theme.primaryColor)).size).toBeGreaterThan(made.length / 2);
    expect(new Set(made.map((m) => m.blueprint.phaseTemplates[0]!.title)).size).toBe(made.length);
  });

  it("a plan never shows the same week twice for an app built from an idea", async () => {
    for (const [, idea] of DOMAIN_IDEAS) {
      const { plan } = await textOf(idea, { daysPerWeek: 3 });
      const weeks = plan.phases.map((p) => p.weekNumber);
      expect(new Set(weeks).size).toBe(weeks.length);
    }
  });
});

describe("the idea's stated level, rating and length", () => {
  it("club players rated 1200-1600 start past the basics and aim above where they are", async () => {
    const made = await newAppFromIdea("Competitive chess: openings for club players rated 1200-1600");
    const reading = await readIdea("Competitive chess: openings for club players rated 1200-1600");
    expect(reading).toMatchObject({
      level: "intermediate",
      rating: { min: 1200, max: 1600 },
      audience: "club players",
    });
    expect(made.blueprint.outcomes?.[0]).toBe("Reach a 1600 rating");
    expect(made.blueprint.outcomes).not.toContain("Reach a 1200 rating");
    expect(JSON.stringify(made.blueprint)).not.toContain("A 1000 rating");
    const levels = made.onboardingFlow.pages.flatMap((p) => p.questions).find((q) => q.key === "currentLevel") as {
      options: { value: string; label: string }[];
    };
    expect(levels.options.map((o) => o.label)).toEqual(["Rated about 1200–1400", "Rated about 1400–1600"]);
    expect(made.blueprint.phaseTemplates![0]!.title).not.toBe("Basic checkmates");
    const plan = generatePlan({
      answers: { currentLevel: "intermediate" },
      blueprint: made.blueprint,
      today: "2026-12-07",
    });
    expect(plan.phases[0]!.title).not.toMatch(/basic checkmates/i);
  });

  it("beginners are offered the beginner start; a length sets the plan's", async () => {
    const made = await newAppFromIdea("Guitar for complete beginners in 8 weeks");
    expect(made.blueprint.defaultProgramLengthWeeks).toBe(8);
    const levels = made.onboardingFlow.pages.flatMap((p) => p.questions).find((q) => q.key === "currentLevel") as {
      options: { value: string }[];
    };
    expect(levels.options[0]!.value).toBe("beginner");
    expect((await readIdea("Advanced piano for experienced players")).level).toBe("advanced");
    expect((await readIdea("Sourdough bread baking at home for complete beginners")).level).toBe("beginner");
  });
});
