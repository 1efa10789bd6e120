// The built-in landing-page editor: instructions read into edits (a table, unknown ones included),
// and each edit made from the app's own words, leaving a page the landing page schema accepts.
import { describe, expect, it } from "vitest";
import { landingPageSchema } from "~/db/app-content";
import { newAppFromIdea } from "~/features/apps/defaults";
import {
  applyEdit,
  describeEdit,
  EditRefused,
  orderOf,
  parseInstruction,
  shorterText,
  UNDERSTOOD,
  type LandingEdit,
} from "~/features/builder/landing/edits";

const app = await newAppFromIdea("Half marathon training for busy parents");
const ctx = { appName: app.name, blueprint: app.blueprint };
const page = app.landingPage;

describe("parseInstruction", () => {
  it.each<[string, string | null, LandingEdit]>([
    ["Shorten the benefits", null, { kind: "shorten", section: "benefits" }],
    ["make the hero shorter", null, { kind: "shorten", section: "hero" }],
    ["Make it more concise", "faq", { kind: "shorten", section: "faq" }],
    ["Lengthen how it works", null, { kind: "lengthen", section: "howItWorks" }],
    ["expand the FAQ", null, { kind: "lengthen", section: "faq" }],
    ["Make it calm", null, { kind: "tone", tone: "calm" }],
    ["Use a more professional tone", null, { kind: "tone", tone: "professional" }],
    ["make the page sound energetic!", null, { kind: "tone", tone: "energetic" }],
    ["Change the tone to friendly", null, { kind: "tone", tone: "friendly" }],
    ["Remove the testimonials", null, { kind: "remove-section", section: "testimonials" }],
    ["delete the FAQ section", null, { kind: "remove-section", section: "faq" }],
    ["Add a how it works section", null, { kind: "add-section", section: "howItWorks" }],
    ["Move the FAQ before the benefits", null, { kind: "move", section: "faq", to: "before", other: "benefits" }],
    [
      "move pricing below the testimonials",
      null,
      { kind: "move", section: "pricing", to: "after", other: "testimonials" },
    ],
    ["Move the benefits to the bottom", null, { kind: "move", section: "benefits", to: "bottom" }],
    ["Add an FAQ about hill repeats", null, { kind: "faq", topic: "hill repeats" }],
    ["add a question on strength for runners?", null, { kind: "faq", topic: "strength for runners" }],
    ["Rewrite the call to action", null, { kind: "rewrite-cta" }],
    ["give me a better CTA", null, { kind: "rewrite-cta" }],
  ])("%s (section %s)", (instruction, section, edit) => {
    expect(parseInstruction(instruction, section)).toEqual(edit);
  });

  it.each([
    ["Translate the page into French", "is not an instruction the built-in editor knows"],
    ["Make it pop", "is not an instruction the built-in editor knows"],
    ["shorten it", "Say which section to shorten"],
    ["Move the hero to the bottom", "The hero stays where it is"],
    ["move the faq sideways", "is not an instruction the built-in editor knows"],
  ])("refuses %s plainly", (instruction, message) => {
    expect(() => parseInstruction(instruction)).toThrow(EditRefused);
    expect(() => parseInstruction(instruction)).toThrow(message);
  });

  it("an unknown instruction's message lists what is understood", () => {
    expect(() => parseInstruction("Add a video")).toThrow(UNDERSTOOD);
    expect(UNDERSTOOD).toContain("friendly, professional, energetic or calm");
  });
});

const edited = (instruction: string, section?: string) => {
  const next = applyEdit(page, parseInstruction(instruction, section), ctx);
  expect(landingPageSchema.safeParse(next).success).toBe(true);
  return next;
};

describe("applyEdit", () => {
  it("shortens a section to its first sentences and at most three items", () => {
    const next = edited("shorten the hero");
    expect(next.hero.subtitle.length).toBeLessThan(page.hero.subtitle.length);
    expect(page.hero.subtitle.startsWith(next.hero.subtitle)).toBe(true);
    expect(next.benefits).toEqual(page.benefits);
  });

  it("lengthens how it works with the blueprint's phases", () => {
    const short = { ...page, howItWorks: page.howItWorks.slice(0, 1) };
    const next = applyEdit(short, { kind: "lengthen", section: "howItWorks" }, ctx);
    expect(next.howItWorks.length).toBe(3);
    const phaseTitles = app.blueprint.phaseTemplates.map((p) => p.title);
    expect(phaseTitles).toContain(next.howItWorks[2]!.title);
  });

  it("changes the tone of the calls to action and the text", () => {
    const calm = edited("make it calm");
    expect(calm.callToAction.buttonLabel).toBe("Begin");
    expect(JSON.stringify(calm)).not.toContain("!");
    const energetic = edited("energetic tone");
    expect(energetic.hero.ctaLabel).toBe("Let's go!");
    expect(energetic.callToAction.title).toContain(app.name);
  });

  it("removes, adds back and moves sections", () => {
    const removed = edited("remove the FAQ");
    expect(removed.faq).toEqual([]);
    const added = applyEdit(removed, { kind: "add-section", section: "faq" }, ctx);
    expect(added.faq.length).toBeGreaterThan(0);
    expect(() => applyEdit(page, { kind: "remove-section", section: "pricing" }, ctx)).toThrow("cannot be removed");
    expect(() => applyEdit(page, { kind: "add-section", section: "testimonials" }, ctx)).toThrow("users’ own words");
    const moved = edited("move the faq to the top");
    expect(orderOf(moved)[0]).toBe("faq");
    const before = applyEdit(moved, parseInstruction("move pricing before the faq"), ctx);
    expect(orderOf(before).slice(0, 2)).toEqual(["pricing", "faq"]);
  });

  it("adds an FAQ entry answered from the blueprint, and names its topics when it has none on the topic", () => {
    const phase = app.blueprint.phaseTemplates.find((p) => /hill/i.test(p.title))!;
    const next = edited("add an FAQ about hill repeats");
    const entry = next.faq.at(-1)!;
    expect(entry.question).toContain(phase.title);
    expect(entry.answer).toContain(phase.focus.slice(0, 30));
    expect(() => applyEdit(page, { kind: "faq", topic: "underwater basket weaving" }, ctx)).toThrow(
      "The blueprint says nothing about",
    );
    expect(() => applyEdit(page, { kind: "faq", topic: "hills" }, { ...ctx, blueprint: null })).toThrow("blueprint");
  });

  it("rewrites the call to action, differently each time", () => {
    const once = edited("rewrite the call to action");
    expect(once.callToAction).not.toEqual(page.callToAction);
    const twice = applyEdit(once, { kind: "rewrite-cta" }, ctx);
    expect(twice.callToAction.title).not.toBe(once.callToAction.title);
    expect(describeEdit({ kind: "rewrite-cta" })).toBe("Rewrote the call to action");
    expect(describeEdit({ kind: "tone", tone: "energetic" })).toBe("Rewrote the page in an energetic tone");
    expect(describeEdit({ kind: "tone", tone: "calm" })).toBe("Rewrote the page in a calm tone");
  });

  it("a one-sentence text is shortened at a clause; a short one stays, so shortening ends", () => {
    expect(shorterText("Tell us which days you can run and the plan fits them, never the other way round.")).toBe(
      "Tell us which days you can run and the plan fits them.",
    );
    expect(shorterText("Brand new or racing again: your first week starts at your level.")).toBe(
      "Your first week starts at your level.",
    );
    expect(shorterText("Long runs, tempo work and a proper taper so you arrive fresh.")).toBe(
      "Long runs, tempo work and a proper taper so you arrive fresh.",
    );
    expect(shorterText("Two minutes. Then your plan.")).toBe("Two minutes.");
    const once = shorterText("Tell us which days you can run and the plan fits them, never the other way round.");
    expect(shorterText(once)).toBe(once);
  });

  it("an edit that changes nothing is refused", () => {
    const short = applyEdit(page, { kind: "shorten", section: "hero" }, ctx);
    expect(() => applyEdit(short, { kind: "shorten", section: "hero" }, ctx)).toThrow("would not change the page");
  });
});

describe("picture slots", () => {
  it("reads imageType in its spellings and builds the prompt from the app and the creator's words", async () => {
    const { imageSlotOf, imagePrompt, withSlotImage, slotImage } = await import("~/features/builder/landing/images");
    expect(["hero", "Hero", "benefits", "howItWorks", "how_it_works", "How it works"].map(imageSlotOf)).toEqual([
      "hero",
      "hero",
      "benefits",
      "howItWorks",
      "howItWorks",
      "howItWorks",
    ]);
    expect(imageSlotOf("footer")).toBeNull();
    const prompt = imagePrompt({
      appName: app.name,
      idea: "Half marathon training for busy parents",
      domain: "Running",
      page,
      slot: "benefits",
      instructions: "warm evening light",
    });
    expect(prompt).toContain(app.name);
    expect(prompt).toContain("a Running app");
    expect(prompt).toContain(page.benefits[0]!.title);
    expect(prompt.endsWith("The creator asks: warm evening light.")).toBe(true);
    const pictured = withSlotImage(page, "howItWorks", "/media/app-images/u/x.png");
    expect(slotImage(pictured, "howItWorks")).toBe("/media/app-images/u/x.png");
    expect(landingPageSchema.safeParse(pictured).success).toBe(true);
    expect(landingPageSchema.safeParse(withSlotImage(page, "hero", "javascript:alert(1)")).success).toBe(false);
  });
});
