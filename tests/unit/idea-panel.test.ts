// A panel of 30 ideas over 30 subjects the embedded default has no practice for (tests/fixtures/
// idea-panel.json), each built from the idea alone and from the idea with the creator's guided-build
// answers. No app carries another subject's curriculum or template filler; names, lengths and levels
// follow the idea; sensitive subjects carry their safety copy; the "+" button offers no fitness items;
// a guided app's phases, sessions, quizzes and plans are the creator's own.
import { describe, expect, it } from "vitest";
import { stringsOf, wordIn } from "./app-text";
import panel from "../fixtures/idea-panel.json";
import { blueprintSchema, landingPageSchema, onboardingFlowSchema, type NewAppContent } from "~/db/app-content";
import { newAppFromIdea } from "~/features/apps/defaults";
import { editorSuggestions } from "~/features/builder/blueprint-help";
import { generatePlan } from "~/features/plans/generator";
import type { BuildGuide } from "~/platform/adapters/ai/embedded/guided";
import { readIdea } from "~/platform/adapters/ai/embedded/idea";
import { TAXONOMY } from "~/platform/adapters/ai/embedded/taxonomy";

interface PanelIdea {
  idea: string;
  /** A word the app's name must carry. */
  subject: string;
  weeks?: number;
  level?: "beginner" | "intermediate" | "advanced";
  audience?: string;
  sensitive?: boolean;
  guide: BuildGuide;
}
const IDEAS = panel.ideas as PanelIdea[];

/** Template filler that says nothing about any subject. */
const FILLER =
  /goal day|goal week|peak session|record yourself|custom example|stretch goal|challenge session|longest .{0,40}session of the plan|advanced challenge/i;
/** What the fitness defaults offer; no app on this panel is about fitness. */
const FITNESS = /\b(long run|hiit|workout|progressive overload|nutrition|tempo run|intervals?)\b/i;

/** Everything a visitor, the creator and an end user read of the app and a plan it makes. */
function textOf(made: NewAppContent, answers: Record<string, unknown>) {
  const plan = generatePlan({ answers, blueprint: made.blueprint, today: "2026-12-07" });
  return { plan, text: stringsOf([made.name, made.landingPage, made.onboardingFlow, made.blueprint, plan]).join("\n") };
}

/** Other subjects' curriculum words: every domain's signature words, except those the creator wrote. */
function foreignWords(text: string, own: string) {
  return TAXONOMY.flatMap((d) =>
    d.signatureWords.filter((w) => wordIn(text, w) && !wordIn(own, w)).map((w) => `${d.id}:${w}`),
  );
}

const ANSWERS = { currentLevel: "intermediate", daysPerWeek: 4, goal: "outcome", extras: ["journal"] };

it("the panel is 30 ideas over at least 20 subjects the taxonomy does not know", async () => {
  expect(IDEAS.length).toBeGreaterThanOrEqual(30);
  expect(new Set(IDEAS.map((i) => i.subject)).size).toBeGreaterThanOrEqual(20);
  const known = [];
  for (const { idea } of IDEAS) if (!(await readIdea(idea)).generic) known.push(idea);
  expect(known).toEqual([]);
});

describe.each(IDEAS)("$idea", (entry) => {
  it("from the idea alone: its own words, the idea's numbers, nobody else's curriculum, no filler", async () => {
    const made = await newAppFromIdea(entry.idea);
    expect(landingPageSchema.safeParse(made.landingPage).success).toBe(true);
    expect(onboardingFlowSchema.safeParse(made.onboardingFlow).success).toBe(true);
    expect(blueprintSchema.safeParse(made.blueprint).success).toBe(true);
    const { plan, text } = textOf(made, { ...ANSWERS, goal: "start" });
    expect(made.name.toLowerCase()).toContain(entry.subject.toLowerCase());
    expect(foreignWords(text, entry.idea)).toEqual([]);
    expect(text).not.toMatch(FILLER);
    expect(text).not.toMatch(/\b(\w+) \1\b/i);
    if (entry.audience) expect(made.landingPage.hero.subtitle.toLowerCase()).toContain(entry.audience.toLowerCase());
    if (entry.weeks) {
      expect(made.blueprint.defaultProgramLengthWeeks).toBe(entry.weeks);
      expect(plan.programLengthWeeks).toBe(entry.weeks);
    }
    const levels = made.onboardingFlow.pages.flatMap((p) => p.questions).find((q) => q.key === "currentLevel") as {
      options: { value: string }[];
    };
    if (entry.level === "intermediate" || entry.level === "advanced")
      expect(levels.options.map((o) => o.value)).not.toContain("beginner");
    else expect(levels.options.map((o) => o.value)).toContain("beginner");
  });

  it("with the creator's answers: their milestones are the phases, their session the work, in their minutes", async () => {
    const { guide } = entry;
    const made = await newAppFromIdea(entry.idea, guide);
    expect(blueprintSchema.safeParse(made.blueprint).success).toBe(true);
    expect(onboardingFlowSchema.safeParse(made.onboardingFlow).success).toBe(true);
    expect(made.blueprint.phaseTemplates!.map((p) => p.title)).toEqual(guide.milestones);
    expect(made.blueprint.goal).toBe(guide.outcome);
    const own = [entry.idea, guide.outcome, ...guide.milestones, guide.session, guide.avoid ?? ""].join(" ");
    const { plan, text } = textOf(made, { ...ANSWERS, minutesPerSession: guide.sessionMinutes });
    expect(foreignWords(text, own)).toEqual([]);
    expect(text).not.toMatch(FILLER);
    expect(plan.phases.flatMap((p) => p.sessions).join("\n")).toContain(guide.session.slice(1));
    for (const session of plan.phases.flatMap((p) => p.sessions))
      for (const [, n] of session.matchAll(/(\d+) min\b/g)) expect(Number(n)).toBeLessThanOrEqual(guide.sessionMinutes);
    // What to avoid is in the app's advice.
    if (guide.avoid)
      expect(made.landingPage.faq.map((f) => f.answer.toLowerCase()).join(" ")).toContain(guide.avoid.toLowerCase());
    // 'I can already: {second milestone}' starts the plan at the third.
    const later = generatePlan({ answers: { currentLevel: "from-3" }, blueprint: made.blueprint, today: "2026-12-07" });
    expect(later.phases[0]!.title).toBe(guide.milestones[2]);
    // The starter quiz asks about what its story teaches: the same stage, in the creator's words.
    const story = made.blueprint.items!.find((i) => i.kind === "story")!;
    const quiz = made.blueprint.items!.find((i) => i.kind === "quiz")!;
    if (story.kind !== "story" || quiz.kind !== "quiz") throw new Error("starter items");
    for (const q of quiz.questions) expect(story.body).toContain(q.options[q.answer]!);
  });

  it.runIf(entry.sensitive)("a sensitive subject carries its safety copy and no escalation", async () => {
    for (const made of [await newAppFromIdea(entry.idea), await newAppFromIdea(entry.idea, entry.guide)]) {
      expect(made.landingPage.faq.map((f) => f.question)).toContain("Is this safe for me?");
      const { text } = textOf(made, ANSWERS);
      expect(text).not.toMatch(/\b(peak|hiit|sprints?|stretch goal|max effort)\b/i);
    }
  });

  it('the "+" button offers its own blueprint\'s items, never fitness ones', async () => {
    for (const made of [await newAppFromIdea(entry.idea), await newAppFromIdea(entry.idea, entry.guide)]) {
      const sections = await editorSuggestions(made.blueprint, null);
      const offered = JSON.stringify(sections);
      expect(offered).not.toMatch(FITNESS);
      expect(offered).not.toMatch(FILLER);
      expect(foreignWords(offered, `${entry.idea} ${JSON.stringify(entry.guide)}`)).toEqual([]);
    }
  });
});
