import { describe, expect, it } from "vitest";
import type { BlueprintItem } from "~/db/app-content";
import { dayOf, itemsOfPhase, phaseIndexOn, planProgress, scoreQuiz } from "~/features/activities/today";

const phases = [{ startDate: "2026-01-01" }, { startDate: "2026-01-08" }, { startDate: "2026-01-15" }];

describe("phaseIndexOn", () => {
  it("is the last phase that has started; the first before the plan, the last after it", () => {
    expect(phaseIndexOn(phases, "2025-12-31")).toBe(0);
    expect(phaseIndexOn(phases, "2026-01-01")).toBe(0);
    expect(phaseIndexOn(phases, "2026-01-07")).toBe(0);
    expect(phaseIndexOn(phases, "2026-01-08")).toBe(1);
    expect(phaseIndexOn(phases, "2026-01-20")).toBe(2);
    expect(phaseIndexOn(phases, "2027-01-01")).toBe(2);
    expect(phaseIndexOn([], "2026-01-01")).toBe(-1);
  });
});

const story = (id: string): BlueprintItem => ({ id, kind: "story", title: id, body: "Read me" });
const quiz = (id: string): BlueprintItem => ({
  id,
  kind: "quiz",
  title: id,
  questions: [{ question: "Q?", options: ["a", "b"], answer: 1 }],
});
const activity = (id: string): BlueprintItem => ({
  id,
  kind: "activity",
  title: id,
  cards: [{ id: "c", kind: "instruction", body: "Go" }],
});

describe("itemsOfPhase", () => {
  const ids = (items: BlueprintItem[]) => items.map((i) => i.id);

  it("spreads stories and quizzes over the phases in order and puts every activity in every phase", () => {
    const items = [story("s1"), activity("a1"), quiz("q1"), story("s2")];
    expect(ids(itemsOfPhase(items, 3, 0))).toEqual(["s1", "a1"]);
    expect(ids(itemsOfPhase(items, 3, 1))).toEqual(["a1", "q1"]);
    expect(ids(itemsOfPhase(items, 3, 2))).toEqual(["a1", "s2"]);
  });

  it("shares phases when there are more items than phases, and leaves gaps when fewer", () => {
    const many = [story("s1"), story("s2"), story("s3"), story("s4")];
    expect(ids(itemsOfPhase(many, 2, 0))).toEqual(["s1", "s2"]);
    expect(ids(itemsOfPhase(many, 2, 1))).toEqual(["s3", "s4"]);
    const few = [story("s1"), story("s2")];
    expect([0, 1, 2, 3].map((i) => ids(itemsOfPhase(few, 4, i)))).toEqual([["s1"], [], ["s2"], []]);
  });

  it("without a plan, only the activities", () => {
    expect(ids(itemsOfPhase([story("s1"), activity("a1")], 0, -1))).toEqual(["a1"]);
  });
});

describe("planProgress", () => {
  it("counts the phases reached, today's included", () => {
    expect(planProgress(0, 4)).toBe(25);
    expect(planProgress(3, 4)).toBe(100);
    expect(planProgress(9, 4)).toBe(100);
    expect(planProgress(-1, 4)).toBe(0);
    expect(planProgress(0, 0)).toBe(0);
  });
});

describe("scoreQuiz", () => {
  const q = {
    questions: [
      { question: "One?", options: ["a", "b", "c"], answer: 2 },
      { question: "Two?", options: ["a", "b"], answer: 0 },
    ],
  };

  it("scores the chosen options against the right answers", () => {
    expect(scoreQuiz(q, ["2", "1"])).toEqual({ answers: [2, 1], score: 1, total: 2 });
    expect(scoreQuiz(q, ["2", "0"])).toEqual({ answers: [2, 0], score: 2, total: 2 });
  });

  it("refuses a missing or unknown answer, naming the question", () => {
    expect(scoreQuiz(q, ["2"])).toEqual({ error: "Choose an answer to question 2", question: 1 });
    expect(scoreQuiz(q, ["3", "0"])).toEqual({ error: "Choose one of the options of question 1", question: 0 });
    expect(scoreQuiz(q, ["-1", "0"])).toMatchObject({ question: 0 });
    expect(scoreQuiz(q, ["1.5", "0"])).toMatchObject({ question: 0 });
  });
});

describe("dayOf", () => {
  it("is the UTC day", () => {
    expect(dayOf(Date.UTC(2026, 0, 8, 23, 59))).toBe("2026-01-08");
  });
});
