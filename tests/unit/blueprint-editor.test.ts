// The blueprint editor's pure rules: quizzes and activities as text, moving and inserting items,
// the help for a blueprint and the "+" suggestions by practice and cursor.
import { describe, expect, it } from "vitest";
import { blueprintItemSchema, blueprintSchema, type Blueprint } from "~/db/app-content";
import { newAppFromIdea } from "~/features/apps/defaults";
import {
  blueprintHelp,
  DEFAULT_SUGGESTIONS,
  domainOfBlueprint,
  editorSuggestions,
  suggestedItem,
} from "~/features/builder/blueprint-help";
import {
  blueprintFormMessages,
  cardsFromText,
  cardsToText,
  freeItemId,
  insertAfter,
  moveAt,
  moveItem,
  phaseFromForm,
  quizFromText,
  quizToText,
  reorderItems,
} from "~/features/builder/blueprint-form";

describe("quizzes and activities as text", () => {
  it("reads questions, options and the right answer, and writes them back the same", () => {
    const text =
      "Which pose opens the hips?\n- Downward dog\n* Low lunge\n\nHow long is a sun salutation?\n* One breath per move\n- Ten minutes";
    const read = quizFromText(text);
    expect(read).toEqual({
      ok: true,
      questions: [
        { question: "Which pose opens the hips?", options: ["Downward dog", "Low lunge"], answer: 1 },
        { question: "How long is a sun salutation?", options: ["One breath per move", "Ten minutes"], answer: 0 },
      ],
    });
    expect(quizToText(read.ok ? read.questions : [])).toBe(text);
  });

  it("says what is wrong with a quiz", () => {
    expect(quizFromText("")).toMatchObject({ ok: false });
    expect(quizFromText("Q?\n- a")).toEqual({ ok: false, error: "Question 1 needs at least two options" });
    expect(quizFromText("Q?\n- a\n- b")).toEqual({
      ok: false,
      error: "Question 1 needs exactly one right option (start it with '*')",
    });
    expect(quizFromText("Q?\n* a\n* b")).toMatchObject({ ok: false });
    expect(quizFromText("Q?\na\n* b")).toMatchObject({ ok: false });
  });

  it("cards are separated by --- lines", () => {
    const read = cardsFromText("Warm up\n\n---\n\nFlow 10 min\n---\nRest");
    const cards = read.ok ? read.cards : [];
    expect(cards.map((c) => (c.kind === "instruction" ? c.body : null))).toEqual(["Warm up", "Flow 10 min", "Rest"]);
    expect(cardsFromText(cardsToText(cards))).toEqual({ ok: true, cards });
  });

  it("reads input, AI analysis, AI picture and summary cards, and writes them back the same", async () => {
    const text = [
      "Run for 30 minutes at an easy pace.",
      "[input number km] How far did you run?",
      "[input choice] How did it feel?\n- Easy\n- Just right\n- Hard",
      "[input photo optional] A photo of your watch",
      '[analysis "Your pace" reads 2, 3]\nCompare the distance with a target of 8 to 10 km.',
      '[image "Your route" reads 4]\nDraw the route as a postcard.',
      '[summary "Your run"]\nSum up the run and suggest one thing for next time.',
    ].join("\n---\n");
    const read = cardsFromText(text);
    expect(read.ok).toBe(true);
    const cards = read.ok ? read.cards : [];
    expect(cards.map((c) => c.kind)).toEqual([
      "instruction",
      "input",
      "input",
      "input",
      "analysis",
      "image",
      "summary",
    ]);
    expect(cards[1]).toEqual({
      id: "card-2",
      kind: "input",
      inputType: "number",
      prompt: "How far did you run?",
      unit: "km",
    });
    expect(cards[2]).toMatchObject({ inputType: "choice", options: ["Easy", "Just right", "Hard"] });
    expect(cards[3]).toMatchObject({ inputType: "photo", optional: true });
    expect(cards[4]).toEqual({
      id: "card-5",
      kind: "analysis",
      title: "Your pace",
      analysisPrompt: "Compare the distance with a target of 8 to 10 km.",
      inputIds: ["card-2", "card-3"],
    });
    expect(cards[5]).toMatchObject({ kind: "image", title: "Your route", inputIds: ["card-4"] });
    expect(cards[6]).toMatchObject({ kind: "summary", title: "Your run" });
    expect(cardsFromText(cardsToText(cards))).toEqual({ ok: true, cards });
    // Valid as a blueprint item too (the cross-card rules).
    expect(blueprintItemSchema.safeParse({ id: "a", kind: "activity", title: "Long run", cards }).success).toBe(true);
  });

  it("says what is wrong with a card, by its number", async () => {
    expect(cardsFromText("Hi\n---\n[input] What?")).toEqual({
      ok: false,
      error: expect.stringMatching(/^Card 2: say what the input is/),
    });
    expect(cardsFromText("[input number]")).toEqual({
      ok: false,
      error: "Card 1: write what the card asks after [input …]",
    });
    expect(cardsFromText("[input choice] Pick\n- one")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Card 1: a choice/),
    });
    expect(cardsFromText('[input number] How far?\n---\n[analysis "Pace"]\nLook')).toEqual({
      ok: false,
      error: 'Card 2: say which earlier cards it reads by their numbers, like "reads 2, 3"',
    });
    expect(cardsFromText("[input number] How far?\n---\n[analysis reads 3]\nLook")).toMatchObject({ ok: false });
    expect(cardsFromText('[input number] How far?\n---\n[summary "S"]')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Card 2: write the card's prompt/),
    });
    // A Markdown link at the start is an instruction, not a card header.
    expect(cardsFromText("[Read this](https://example.org) first")).toMatchObject({
      ok: true,
      cards: [{ kind: "instruction" }],
    });
  });

  it("an AI card may read only input cards before it, and an activity has one summary", async () => {
    const item = (cards: unknown[]) => blueprintItemSchema.safeParse({ id: "a", kind: "activity", title: "T", cards });
    const input = { id: "in", kind: "input", inputType: "number", prompt: "How far?" };
    const note = { id: "note", kind: "instruction", body: "Go" };
    const analysis = (inputIds: string[]) => ({
      id: "an",
      kind: "analysis",
      title: "A",
      analysisPrompt: "Look",
      inputIds,
    });
    expect(item([input, analysis(["in"])]).success).toBe(true);
    expect(item([analysis(["in"]), input]).success).toBe(false);
    expect(item([note, analysis(["note"])]).success).toBe(false);
    const summary = { id: "s", kind: "summary", title: "S", summaryAnalysisPrompt: "Sum up" };
    expect(item([input, summary, { ...summary, id: "s2" }]).success).toBe(false);
    expect(item([{ ...input, inputType: "choice", options: ["only"] }]).success).toBe(false);
  });

  it("moves and inserts items, with ids kept unique", async () => {
    const items = [{ id: "a" }, { id: "b" }, { id: "c" }];
    expect(moveItem(items, "b", "up").map((i) => i.id)).toEqual(["b", "a", "c"]);
    expect(moveItem(items, "a", "up")).toBe(items);
    expect(moveItem(items, "c", "down")).toBe(items);
    expect(insertAfter(items, "a", { id: "x" }).map((i) => i.id)).toEqual(["a", "x", "b", "c"]);
    expect(insertAfter(items, null, { id: "x" }).map((i) => i.id)).toEqual(["x", "a", "b", "c"]);
    expect(insertAfter(items, "zz", { id: "x" }).map((i) => i.id)).toEqual(["a", "b", "c", "x"]);
    expect(freeItemId(items, "a")).toBe("a-2");
    expect(freeItemId(items, "q")).toBe("q");
  });
});

const yoga = (await newAppFromIdea("Yoga for desk workers")).blueprint;

describe("help and suggestions", () => {
  it("help names what is missing first, then what is thin", async () => {
    const empty = blueprintHelp({ ...yoga, items: [], audience: undefined });
    expect(empty.missing[0]).toMatch(/^Who the app is for/);
    expect(empty.missing.join(" ")).toMatch(/Stories.*Quizzes.*Activities/);
    expect(empty.nextStep).toBe(empty.missing[0]);
    const full = blueprintHelp(yoga);
    expect(full.missing).toEqual([]);
  });

  it("suggests from the practice: after a story a quiz, after a quiz an activity; every item valid and insertable", async () => {
    // The practice is the topic's, not the audience's ('desk workers' would say stretching).
    expect((await domainOfBlueprint(yoga))?.id).toBe("yoga");
    const story = yoga.items!.find((i) => i.kind === "story")!;
    const quiz = yoga.items!.find((i) => i.kind === "quiz")!;
    expect((await editorSuggestions(yoga, story.id))[0]!.items[0]!.icon).toBe("question");
    expect((await editorSuggestions(yoga, quiz.id))[0]!.items[0]!.icon).toBe("activity");
    const sections = await editorSuggestions(yoga, null);
    expect(sections.map((s) => s.title)).toEqual(["Suggested", "Stories", "Activities"]);
    for (const item of sections.flatMap((s) => s.items)) {
      expect(item.content.length).toBeGreaterThan(20);
      const inserted = (await suggestedItem(yoga, item.id))!;
      expect(blueprintSchema.safeParse({ ...yoga, items: [...yoga.items!, inserted] }).success).toBe(true);
    }
    // Already in the blueprint: not suggested again.
    expect(sections.flatMap((s) => s.items).map((i) => i.title)).not.toContain(story.title);
  });

  // This test asserted that an app outside the known practices got the spec's default sections (fitness
  // items for a beekeeping app); issue 48: they come from the app's own blueprint, and the spec's default
  // sections only when the call really fails.
  it("an app outside the known practices is offered its own blueprint's words, never fitness items", async () => {
    const bees = (await newAppFromIdea("Beekeeping for city dwellers")).blueprint;
    const sections = await editorSuggestions(bees, null);
    const items = sections.flatMap((s) => s.items);
    expect(items.length).toBeGreaterThan(2);
    expect(JSON.stringify(items)).toMatch(/beekeeping/i);
    expect(JSON.stringify(items)).not.toMatch(/\b(long run|hiit|nutrition|progressive overload|custom example)\b/i);
    const phase = bees.phaseTemplates![0]!.title.toLowerCase();
    expect(items.map((i) => i.title)).toContain(`About ${phase}`);
    for (const item of items) {
      const inserted = (await suggestedItem(bees, item.id))!;
      expect(inserted.title).toBe(item.title);
      expect(blueprintSchema.safeParse({ ...bees, items: [...bees.items!, inserted] }).success).toBe(true);
    }
  });

  it("the spec's default sections when the suggestions cannot be made", async () => {
    const broken = { topic: undefined } as unknown as Blueprint;
    expect(await editorSuggestions(broken, null)).toEqual(DEFAULT_SUGGESTIONS);
    expect(DEFAULT_SUGGESTIONS.map((s) => s.items.map((i) => i.title))).toEqual([
      ["Custom example 1", "Custom example 2"],
      ["Teach about nutrition", "Explain progressive overload", "Quiz about nutrition"],
      ["Long run", "HIIT workout", "Mobility focused workout"],
    ]);
  });
});

describe("phase templates and drag reordering in the editor", () => {
  const form = {
    title: "Open the hips",
    focus: "Hip mobility",
    sessions: "Low lunge flow\n\nPigeon hold\n",
    level: "beginner",
  };

  it("reads a phase form, sessions one per line", () => {
    expect(phaseFromForm(form)).toEqual({
      ok: true,
      phase: {
        title: "Open the hips",
        focus: "Hip mobility",
        sessions: ["Low lunge flow", "Pigeon hold"],
        level: "beginner",
      },
    });
  });

  it("refuses each missing part with its message", () => {
    expect(phaseFromForm({ ...form, title: "  " })).toEqual({ ok: false, error: blueprintFormMessages.phaseTitle });
    expect(phaseFromForm({ ...form, focus: "" })).toEqual({ ok: false, error: blueprintFormMessages.phaseFocus });
    expect(phaseFromForm({ ...form, sessions: "\n \n" })).toEqual({
      ok: false,
      error: blueprintFormMessages.phaseSessions,
    });
    expect(phaseFromForm({ ...form, sessions: "a\nb\nc\nd\ne\nf\ng\nh" })).toEqual({
      ok: false,
      error: blueprintFormMessages.phaseTooManySessions,
    });
    expect(phaseFromForm({ ...form, level: "expert" })).toEqual({ ok: false, error: blueprintFormMessages.phaseLevel });
  });

  it("moves an entry by index, and leaves the list alone out of range", () => {
    expect(moveAt(["a", "b", "c"], 0, "down")).toEqual(["b", "a", "c"]);
    expect(moveAt(["a", "b", "c"], 2, "up")).toEqual(["a", "c", "b"]);
    expect(moveAt(["a", "b", "c"], 0, "up")).toEqual(["a", "b", "c"]);
    expect(moveAt(["a", "b", "c"], 7, "up")).toEqual(["a", "b", "c"]);
    expect(moveAt(["a", "b", "c"], Number.NaN, "down")).toEqual(["a", "b", "c"]);
  });

  it("reorders by a full list of ids, and refuses one that drops, repeats or invents an item", () => {
    const items = [{ id: "a" }, { id: "b" }, { id: "c" }];
    expect(reorderItems(items, ["c", "a", "b"])).toEqual([{ id: "c" }, { id: "a" }, { id: "b" }]);
    expect(reorderItems(items, ["c", "a"])).toBeNull();
    expect(reorderItems(items, ["c", "a", "a"])).toBeNull();
    expect(reorderItems(items, ["c", "a", "z"])).toBeNull();
  });
});
