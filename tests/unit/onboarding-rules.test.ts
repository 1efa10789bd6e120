// Onboarding flow rules: skip rules, next/previous/resume, step numbers, answer checks.
import { describe, expect, it } from "vitest";
import { onboardingFlowSchema, type OnboardingFlow } from "~/db/app-content";
import {
  firstPageToFix,
  planRequestOf,
  mergeAnswers,
  nextPage,
  onboardingMessages as m,
  pageFields,
  pagesInfoAfter,
  previousPage,
  readPagesInfo,
  resumePage,
  skipMatches,
  stepNumber,
  validateAnswer,
  validatePage,
  visiblePages,
} from "~/features/onboarding/rules";
import { DEMO_ONBOARDING_FLOW } from "../tools/apps-sql.mjs";

const flow = onboardingFlowSchema.parse(DEMO_ONBOARDING_FLOW) as OnboardingFlow;
const ids = (pages: { id: string }[]) => pages.map((p) => p.id);
const page = (id: string) => flow.pages.find((p) => p.id === id)!;

describe("skip rules", () => {
  it("equals and notEquals, on single values and lists", () => {
    expect(
      skipMatches({ key: "currentLevel", operator: "notEquals", value: "advanced" }, { currentLevel: "beginner" }),
    ).toBe(true);
    expect(
      skipMatches({ key: "currentLevel", operator: "notEquals", value: "advanced" }, { currentLevel: "advanced" }),
    ).toBe(false);
    expect(
      skipMatches({ key: "extras", operator: "equals", value: "strength" }, { extras: ["mobility", "strength"] }),
    ).toBe(true);
    expect(skipMatches({ key: "goal", operator: "equals", value: "x" }, {})).toBe(false);
    expect(skipMatches(null, {})).toBe(false);
  });

  it("the demo's 'best' page shows only to advanced runners", () => {
    expect(ids(visiblePages(flow, { currentLevel: "beginner" }))).toEqual(["goal", "level", "week", "race"]);
    expect(ids(visiblePages(flow, { currentLevel: "advanced" }))).toEqual(["goal", "level", "best", "week", "race"]);
  });
});

describe("next, previous, resume and step numbers", () => {
  it("skips skipped pages both ways; the last page has no next", () => {
    expect(nextPage(flow, "level", { currentLevel: "beginner" })?.id).toBe("week");
    expect(nextPage(flow, "level", { currentLevel: "advanced" })?.id).toBe("best");
    expect(previousPage(flow, "week", { currentLevel: "beginner" })?.id).toBe("level");
    expect(previousPage(flow, "week", { currentLevel: "advanced" })?.id).toBe("best");
    expect(previousPage(flow, "goal", {})).toBeNull();
    expect(nextPage(flow, "race", {})).toBeNull();
  });

  it("Step n of m counts visible pages", () => {
    expect(stepNumber(flow, "week", { currentLevel: "beginner" })).toEqual({ n: 3, m: 4 });
    expect(stepNumber(flow, "week", { currentLevel: "advanced" })).toEqual({ n: 4, m: 5 });
  });

  it("resumes at the first visible page not completed; null when all are", () => {
    expect(resumePage(flow, {}, null)?.id).toBe("goal");
    expect(resumePage(flow, { currentLevel: "beginner" }, { completedPageIds: ["goal", "level"] })?.id).toBe("week");
    expect(
      resumePage(flow, { currentLevel: "beginner" }, { completedPageIds: ["goal", "level", "week", "race"] }),
    ).toBeNull();
  });

  it("pagesInfo after an answer: page completed once, current page moved on (plan after the last)", () => {
    const info = pagesInfoAfter(flow, readPagesInfo({ completedPageIds: ["goal"], extra: 1 }), "level", {
      currentLevel: "beginner",
    });
    expect(info).toMatchObject({ currentPageId: "week", completedPageIds: ["goal", "level"], totalPages: 4, extra: 1 });
    expect(pagesInfoAfter(flow, info, "race", {}).currentPageId).toBe("plan");
    expect(readPagesInfo("junk")).toEqual({ currentPageId: null, completedPageIds: [] });
  });
});

describe("answers checked against the questions", () => {
  it("required, choices, numbers within min/max, real dates, text", () => {
    const level = page("level");
    expect(validatePage(level, {})).toEqual({ ok: false, fieldErrors: { currentLevel: m.required } });
    expect(validatePage(level, { currentLevel: "pro" })).toEqual({
      ok: false,
      fieldErrors: { currentLevel: m.choice },
    });
    expect(validatePage(level, { currentLevel: "beginner", longestRunKm: "43" })).toEqual({
      ok: false,
      fieldErrors: { longestRunKm: m.max(42) },
    });
    expect(validatePage(level, { currentLevel: "beginner", longestRunKm: "-1" })).toEqual({
      ok: false,
      fieldErrors: { longestRunKm: m.min(0) },
    });
    expect(validatePage(level, { currentLevel: "beginner", longestRunKm: "ten" })).toEqual({
      ok: false,
      fieldErrors: { longestRunKm: m.number },
    });
    expect(validatePage(level, { currentLevel: "beginner", longestRunKm: "8" })).toEqual({
      ok: true,
      answers: { currentLevel: "beginner", longestRunKm: 8 },
    });
    expect(validatePage(level, { currentLevel: "beginner", longestRunKm: "" })).toEqual({
      ok: true,
      answers: { currentLevel: "beginner", longestRunKm: undefined },
    });

    const week = page("week");
    expect(validatePage(week, { daysPerWeek: "7" })).toEqual({ ok: false, fieldErrors: { daysPerWeek: m.max(6) } });
    expect(validatePage(week, { daysPerWeek: 3, extras: ["strength", "yoga"] })).toEqual({
      ok: false,
      fieldErrors: { extras: m.choice },
    });
    expect(validatePage(week, { daysPerWeek: "3", extras: ["strength", "strength", "mobility"] })).toEqual({
      ok: true,
      answers: { daysPerWeek: 3, extras: ["strength", "mobility"] },
    });

    const race = page("race");
    expect(validatePage(race, { targetDate: "2027-02-30" })).toEqual({
      ok: false,
      fieldErrors: { targetDate: m.date },
    });
    expect(validatePage(race, { targetDate: "2027-03-14" })).toEqual({
      ok: true,
      answers: { targetDate: "2027-03-14" },
    });
    expect(
      validateAnswer({ id: "t", key: "t", type: "short_text", label: "T", required: true }, "x".repeat(501)),
    ).toEqual({ ok: false, error: m.tooLong });
  });

  it("reads a form's fields (every value of a multiple choice) and merges a page's answers", () => {
    const form = new FormData();
    form.append("daysPerWeek", "4");
    form.append("extras", "strength");
    form.append("extras", "mobility");
    expect(pageFields(page("week"), form)).toEqual({ daysPerWeek: "4", extras: ["strength", "mobility"] });
    expect(
      mergeAnswers({ goal: "sub2", extras: ["strength"] }, page("week"), { daysPerWeek: 4, extras: undefined }),
    ).toEqual({ goal: "sub2", daysPerWeek: 4 });
  });
});

describe("the first page to fix", () => {
  it("is the first visible page whose answers its questions would not take; null when every page would", () => {
    const good = { goal: "sub2", currentLevel: "beginner", daysPerWeek: 4 };
    expect(firstPageToFix(flow, good)).toBeNull();
    expect(firstPageToFix(flow, {})?.id).toBe("goal");
    expect(firstPageToFix(flow, { ...good, daysPerWeek: 999 })?.id).toBe("week");
    expect(firstPageToFix(flow, { ...good, goal: "not-an-option", daysPerWeek: 999 })?.id).toBe("goal");
    // A skipped page's answers are not looked at.
    expect(firstPageToFix(flow, { ...good, previousBest: "x".repeat(501) })).toBeNull();
  });
});

describe("planRegenerationRequested", () => {
  it("asks for a new plan and is taken out of the answers", () => {
    expect(planRequestOf({ goal: "finish", planRegenerationRequested: true })).toEqual({
      answers: { goal: "finish" },
      regenerate: true,
    });
    expect(planRequestOf({ goal: "finish", planRegenerationRequested: "yes" })).toEqual({
      answers: { goal: "finish" },
      regenerate: false,
    });
    expect(planRequestOf({ goal: "finish" })).toEqual({ answers: { goal: "finish" }, regenerate: false });
  });
});
