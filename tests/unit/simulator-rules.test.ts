// The simulator's pure rules (features/simulator/rules.ts): item types, pages, and what changed
// between two replays of a test flow; and a test flow's steps (features/simulator/schema.ts).
import { describe, expect, it } from "vitest";
import {
  diffReplays,
  markedLines,
  hasMoreAfter,
  flowStepsOfRun,
  pageOffset,
  parseItemTypes,
  readOutcome,
  TEST_FLOW_STEPS_MAX,
  type ReplayOutcome,
} from "~/features/simulator/rules";

import { itemsForAppQuery, testFlowStepSchema, testFlowStepsSchema } from "~/features/simulator/schema";

/** A card the replay did not reach (any words do: the diff compares them). */
const NOT_RUN_YET = "not reached: the distance card has no answer in this flow";

function outcome(over: Partial<ReplayOutcome> = {}): ReplayOutcome {
  return {
    testFlowId: "f1",
    title: "Beginner",
    jobId: "j1",
    ranAt: 1,
    steps: [],
    onboarding: {
      pages: [
        { pageId: "goal", title: "Your goal", answers: ["Goal: Finish"], problems: [] },
        { pageId: "level", title: "Your level", answers: ["Level: New"], problems: [] },
      ],
      problem: null,
    },
    plan: {
      title: "Plan",
      phases: [
        { id: "p1", title: "Base", detail: "Easy miles" },
        { id: "p2", title: "Build", detail: "Tempo" },
      ],
    },
    planProblem: null,
    cards: [{ activityId: "a1", cardId: "c1", status: "not-run", text: NOT_RUN_YET }],
    ...over,
  };
}

describe("diffReplays", () => {
  it("the same outcome twice is unchanged (a different job and time do not count)", () => {
    const diff = diffReplays(outcome(), outcome({ jobId: "j2", ranAt: 99 }));
    expect(diff).toEqual({ firstRun: false, unchanged: true, onboardingPages: [], planPhases: [], cards: [] });
  });

  it("a first run lists everything as added", () => {
    const diff = diffReplays(null, outcome());
    expect(diff.firstRun).toBe(true);
    expect(diff.unchanged).toBe(false);
    expect(diff.onboardingPages.map((c) => [c.key, c.change, c.before])).toEqual([
      ["goal", "added", null],
      ["level", "added", null],
    ]);
    expect(diff.planPhases).toHaveLength(2);
    expect(diff.cards).toEqual([
      { key: "a1/c1", label: "a1 · c1", change: "added", before: null, after: `not-run: ${NOT_RUN_YET}` },
    ]);
  });

  it("says which pages, phases and cards were added, removed or changed, with both texts", () => {
    const before = outcome();
    const after = outcome({
      onboarding: {
        pages: [
          { pageId: "goal", title: "Your goal", answers: ["Goal: Sub 2"], problems: [] },
          { pageId: "days", title: "Your days", answers: ["Days: 3"], problems: [] },
        ],
        problem: null,
      },
      plan: {
        title: "Plan",
        phases: [
          { id: "p1", title: "Base", detail: "Easy miles" },
          { id: "p2", title: "Build", detail: "Intervals" },
          { id: "p3", title: "Taper", detail: "Rest" },
        ],
      },
      cards: [{ activityId: "a1", cardId: "c1", status: "done", text: "Pace on target" }],
    });
    const diff = diffReplays(before, after);
    expect(diff.unchanged).toBe(false);
    expect(diff.onboardingPages).toEqual([
      {
        key: "goal",
        label: "Your goal",
        change: "changed",
        before: "Your goal\nGoal: Finish",
        after: "Your goal\nGoal: Sub 2",
      },
      { key: "days", label: "Your days", change: "added", before: null, after: "Your days\nDays: 3" },
      { key: "level", label: "Your level", change: "removed", before: "Your level\nLevel: New", after: null },
    ]);
    expect(diff.planPhases).toEqual([
      { key: "p2", label: "Build", change: "changed", before: "Build\nTempo", after: "Build\nIntervals" },
      { key: "p3", label: "Taper", change: "added", before: null, after: "Taper\nRest" },
    ]);
    expect(diff.cards).toEqual([
      {
        key: "a1/c1",
        label: "a1 · c1",
        change: "changed",
        before: `not-run: ${NOT_RUN_YET}`,
        after: "done: Pace on target",
      },
    ]);
  });

  it("a page's problems count, and a plan that could not be made shows as a change", () => {
    const broken = outcome({
      onboarding: {
        pages: [
          {
            pageId: "goal",
            title: "Your goal",
            answers: ["Goal: (no answer)"],
            problems: ["goal: This question needs an answer"],
          },
        ],
        problem: "The onboarding stops at a page with a problem",
      },
      plan: null,
      planProblem: "No plan: The onboarding stops at a page with a problem",
    });
    const diff = diffReplays(outcome(), broken);
    expect(diff.onboardingPages[0]).toMatchObject({ key: "goal", change: "changed" });
    expect(diff.onboardingPages[0].after).toContain("Problem: goal: This question needs an answer");
    expect(diff.planPhases.map((c) => [c.key, c.change])).toEqual([
      ["plan-problem", "added"],
      ["p1", "removed"],
      ["p2", "removed"],
    ]);
  });

  it("phases repeating an id are kept apart by position", () => {
    const twice = outcome({
      plan: {
        title: "P",
        phases: [
          { id: "x", title: "A", detail: "" },
          { id: "x", title: "B", detail: "" },
        ],
      },
    });
    const diff = diffReplays(twice, { ...twice, plan: { title: "P", phases: [{ id: "x", title: "A", detail: "" }] } });
    expect(diff.planPhases).toEqual([{ key: "x#2", label: "B", change: "removed", before: "B", after: null }]);
  });

  it("readOutcome takes a stored outcome and refuses anything else", () => {
    expect(readOutcome(outcome())).toEqual(outcome());
    expect(readOutcome(null)).toBeNull();
    expect(readOutcome({ steps: "no" })).toBeNull();
  });
});

describe("lists and types", () => {
  it("parses a comma list of item types", () => {
    expect(parseItemTypes(undefined)).toEqual([]);
    expect(parseItemTypes("plan, landing,plan")).toEqual(["plan", "landing"]);
    expect(parseItemTypes("plan,screens")).toBeNull();
  });

  it("pages: offset and hasMore", () => {
    expect(pageOffset(1, 10)).toBe(0);
    expect(pageOffset(3, 10)).toBe(20);
    expect(hasMoreAfter(1, 10, 10)).toBe(false);
    expect(hasMoreAfter(1, 10, 11)).toBe(true);
  });

  it("getSimulatorItemsForApp defaults to page 1, 10 a page, no persona items; caps the limit at 50", () => {
    expect(itemsForAppQuery.parse({ appId: "a" })).toEqual({
      appId: "a",
      page: 1,
      limit: 10,
      types: [],
      includeTestingSteps: false,
    });
    const capped = itemsForAppQuery.safeParse({ appId: "a", limit: "51" });
    expect(capped.success).toBe(false);
    expect(capped.error?.issues[0].message).toBe("limit must be between 1 and 50");
    expect(itemsForAppQuery.safeParse({ appId: "a", types: "plan,nope" }).error?.issues[0].message).toContain(
      "types must be a comma list of landing, onboarding-page, plan, activity-card, replay",
    );
  });
});

describe("test flow steps", () => {
  it("takes persona answers, card inputs and uploads", () => {
    const steps = [
      { kind: "persona-answers", answers: { goal: "sub2" } },
      { kind: "card-input", activityId: "long-run", cardId: "distance", value: 12 },
      { kind: "card-input", activityId: "long-run", cardId: "feel", value: ["good", "tired"] },
      { kind: "upload", activityId: "long-run", cardId: "photo", url: "/media/x.png", type: "photo" },
    ];
    expect(testFlowStepsSchema.parse(steps)).toEqual(steps);
  });

  it("refuses unknown kinds, missing fields, wrong upload types and more than 50 steps, in words", () => {
    const message = (value: unknown) => testFlowStepSchema.safeParse(value).error?.issues[0].message;
    expect(message({ kind: "tap" })).toBe("kind must be persona-answers, card-input or upload");
    expect(message({ kind: "persona-answers" })).toBe("answers is required");
    expect(message({ kind: "card-input", activityId: "a", value: "x" })).toBe("cardId is required");
    expect(message({ kind: "card-input", activityId: "a", cardId: "c", value: { no: 1 } })).toBe(
      "value must be text, a number or a list of choices",
    );
    expect(message({ kind: "upload", activityId: "a", cardId: "c", url: "/x", type: "gif" })).toBe(
      "type must be one of photo, audio, video, pdf",
    );
    const many = Array.from({ length: TEST_FLOW_STEPS_MAX + 1 }, () => ({ kind: "persona-answers", answers: {} }));
    expect(testFlowStepsSchema.safeParse(many).error?.issues[0].message).toBe("A test flow can have at most 50 steps");
  });
});

describe("flowStepsOfRun", () => {
  it("the persona's answers, then each answered input card as a card input or an upload; skipped and other cards give none", () => {
    const run = {
      activityId: "long-run",
      cards: [
        { id: "intro", kind: "instruction" },
        { id: "km", kind: "input", inputType: "number" },
        { id: "felt", kind: "input", inputType: "choice" },
        { id: "note", kind: "input", inputType: "short-text" },
        { id: "notes", kind: "input", inputType: "long-text" },
        { id: "photo", kind: "input", inputType: "photo" },
        { id: "coach", kind: "analysis" },
      ],
      results: {
        intro: { answer: null },
        km: { answer: { number: 12, unit: "km" } },
        felt: { answer: { choice: "Easy" } },
        note: { answer: { text: "windy" } },
        notes: { answer: { skipped: true } },
        photo: { answer: { url: "/media/user-media/a/u/p.png", type: "image" } },
        coach: { answer: null },
      },
    };
    expect(flowStepsOfRun({ goal: "finish" }, run)).toEqual([
      { kind: "persona-answers", answers: { goal: "finish" } },
      { kind: "card-input", activityId: "long-run", cardId: "km", value: 12 },
      { kind: "card-input", activityId: "long-run", cardId: "felt", value: "Easy" },
      { kind: "card-input", activityId: "long-run", cardId: "note", value: "windy" },
      { kind: "upload", activityId: "long-run", cardId: "photo", url: "/media/user-media/a/u/p.png", type: "photo" },
    ]);
  });
});

describe("markedLines", () => {
  it("marks the lines the other side lacks, and none when there is nothing to compare with", () => {
    expect(markedLines("Your form\nAs asked: pace\n- 12 km", "Your form\nAs asked: cadence\n- 12 km")).toEqual([
      { line: "Your form", changed: false },
      { line: "As asked: pace", changed: true },
      { line: "- 12 km", changed: false },
    ]);
    expect(markedLines("Taper\nRest", null).every((l) => !l.changed)).toBe(true);
  });
});
