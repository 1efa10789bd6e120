// Sensitive subjects (issue 48): recognised from the idea, and the app written for one (by the
// embedded default or checked on a model's answer) carries a clearance question, safety copy and a
// safety FAQ, and no escalating sessions; the landing editor may always add safety copy.
import { describe, expect, it } from "vitest";
import type { NewAppContent } from "~/db/app-content";
import { newAppFromIdea } from "~/features/apps/defaults";
import { applyGuardrails, ESCALATION, sensitiveSubjectOf, type SensitiveSubject } from "~/features/apps/sensitive";
import { applyEdit, parseInstruction } from "~/features/builder/landing/edits";

const SENSITIVE: [string, SensitiveSubject][] = [
  ["Recovering from knee surgery: a gentle physio routine", "injury-recovery"],
  ["Rehab after an ACL tear for amateur footballers", "injury-recovery"],
  ["Easing chronic back pain for office workers", "injury-recovery"],
  ["Prenatal yoga for every trimester", "pregnancy"],
  ["Postpartum fitness for new mums", "pregnancy"],
  ["A meditation app for anxious students", "mental-health"],
  ["Coping with burnout at work", "mental-health"],
  ["Remembering your medication every day", "medication"],
  ["Living well with diabetes", "medication"],
  ["Healthy weight loss for busy dads", "eating-weight"],
  ["Recovering from binge eating", "eating-weight"],
  ["Paying off credit card debt in a year", "money-debt"],
];

const NOT_SENSITIVE = [
  "Strength training with free weights",
  "Improve your swimming strokes",
  "Home cooking for busy families on a budget",
  "Digital drawing on a tablet",
  "Business operations for small cafés",
  "Competitive chess: openings for club players rated 1200-1600",
  "Sourdough bread baking at home for complete beginners",
  "Watercolour landscapes in 8 weeks",
  "Couch to 5k for over-50s",
  "Half marathon training for beginners",
];

describe("recognising a sensitive subject from the idea", () => {
  it.each(SENSITIVE)("%s → %s", (idea, subject) => expect(sensitiveSubjectOf(idea)).toBe(subject));
  it.each(NOT_SENSITIVE)("%s is not sensitive", (idea) => expect(sensitiveSubjectOf(idea)).toBeNull());
});

const sessionsOf = (app: NewAppContent) => [
  ...(app.blueprint.phaseTemplates ?? []).flatMap((p) => [p.title, ...p.sessions]),
  ...Object.values(app.blueprint.vocabulary?.fillers ?? {}).flat(),
  ...(app.blueprint.vocabulary?.extras ?? []).map((e) => `${e.label} ${e.session}`),
];

describe("an app about a sensitive subject, from the embedded default", () => {
  it.each(SENSITIVE.filter(([, s]) => s !== "money-debt"))(
    "%s: a clearance question first, stop-if-it-hurts copy, a safety FAQ, no escalation",
    async (idea) => {
      const app = await newAppFromIdea(idea);
      const first = app.onboardingFlow.pages[0]!;
      expect(first.id).toBe("clearance");
      expect(first.questions[0]).toMatchObject({ key: "clearance", required: true, type: "single_choice" });
      expect(app.landingPage.hero.subtitle + JSON.stringify(app.landingPage.benefits)).toMatch(
        /stop if anything hurts/i,
      );
      const safety = app.landingPage.faq.find((f) => f.question === "Is this safe for me?");
      expect(app.landingPage.faq.indexOf(safety!)).toBeLessThanOrEqual(1);
      expect(safety!.answer).toMatch(/check with .+ before you start/i);
      for (const session of sessionsOf(app)) expect(session).not.toMatch(ESCALATION);
      expect((app.blueprint.phaseTemplates ?? []).length).toBeGreaterThan(0);
    },
  );

  it("money and debt: not-financial-advice copy and FAQ, no clearance question", async () => {
    const app = await newAppFromIdea("Paying off credit card debt in a year");
    expect(app.onboardingFlow.pages.some((p) => p.id === "clearance")).toBe(false);
    expect(app.landingPage.faq.map((f) => f.question)).toContain("Is this financial advice?");
    expect(app.landingPage.hero.subtitle + JSON.stringify(app.landingPage.benefits)).toMatch(/not financial advice/);
  });

  it("an idea that is not sensitive gets none of it", async () => {
    const app = await newAppFromIdea("Half marathon training for beginners");
    expect(app.onboardingFlow.pages.some((p) => p.id === "clearance")).toBe(false);
    expect(app.landingPage.faq.some((f) => f.question === "Is this safe for me?")).toBe(false);
  });
});

describe("a model's answer is held to the same guardrails", () => {
  it("escalating phases and sessions go, the copy and the clearance question come, once", async () => {
    const base = await newAppFromIdea("Half marathon training for beginners");
    const answer: NewAppContent = {
      ...base,
      blueprint: {
        ...base.blueprint,
        phaseTemplates: [
          { title: "Gentle start", focus: "Ease in.", sessions: ["Walk 10 min", "HIIT workout 20 min"], level: "all" },
          { title: "Peak week", focus: "Go hard.", sessions: ["Sprint intervals"], level: "all" },
          { title: "Steady build", focus: "A little more.", sessions: ["Walk 15 min"], level: "all" },
        ],
      },
    };
    const guarded = applyGuardrails(answer, "injury-recovery");
    expect(guarded.blueprint.phaseTemplates!.map((p) => p.title)).toEqual(["Gentle start", "Steady build"]);
    expect(guarded.blueprint.phaseTemplates![0]!.sessions).toEqual(["Walk 10 min"]);
    expect(guarded.onboardingFlow.pages[0]!.id).toBe("clearance");
    const twice = applyGuardrails(guarded, "injury-recovery");
    expect(twice.onboardingFlow.pages.filter((p) => p.id === "clearance")).toHaveLength(1);
    expect(twice.landingPage.faq.filter((f) => f.question === "Is this safe for me?")).toHaveLength(1);
    expect(applyGuardrails(answer, null)).toBe(answer);
  });
});

describe("the landing editor may always add safety copy", () => {
  it("'add an FAQ about checking with my physiotherapist before starting' adds it, whatever the blueprint covers", async () => {
    const app = await newAppFromIdea("Watercolour landscapes in 8 weeks");
    const edit = parseInstruction("add an FAQ about checking with my physiotherapist before starting");
    const page = applyEdit(app.landingPage, edit, { appName: app.name, blueprint: app.blueprint });
    expect(page.faq.at(-1)).toEqual({
      question: "Should I check with my physiotherapist before starting?",
      answer: expect.stringMatching(/^Yes\. Check with your physiotherapist before you start/),
    });
  });
});
