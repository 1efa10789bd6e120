// The creator's numbers (issue 48): the minutes a user can give each session bound every session of
// their plan; a plan without that answer is as before.
import { describe, expect, it } from "vitest";
import { newAppFromIdea } from "~/features/apps/defaults";
import { generatePlan, sessionMinutesOf, withinMinutes } from "~/features/plans/generator";

const minutesIn = (session: string) =>
  [...session.matchAll(/\b(\d+)\s?(?:min|mins|minutes)\b/gi)].map((m) => Number(m[1]));

describe("the minutes a session may take", () => {
  it("reads them from the answers that say so, and nothing else", () => {
    expect(sessionMinutesOf({ minutesPerSession: 20 })).toBe(20);
    expect(sessionMinutesOf({ minutesPerSession: "45" })).toBe(45);
    expect(sessionMinutesOf({ sessionLength: "30-min" })).toBe(30);
    expect(sessionMinutesOf({ session_time: "15 minutes" })).toBe(15);
    expect(sessionMinutesOf({ goal: "finish", daysPerWeek: 4 })).toBeNull();
    expect(sessionMinutesOf({ minutesPerSession: 2 })).toBeNull();
    expect(sessionMinutesOf({ minutesPerSession: "a while" })).toBeNull();
  });

  it("cuts longer sessions to the limit and leaves shorter ones and their parts alone", () => {
    expect(withinMinutes("Long watercolour session, 40 min", 20)).toBe("Long watercolour session, 20 min");
    expect(withinMinutes("Long ride 2 h", 45)).toBe("Long ride 45 min");
    expect(withinMinutes("Run 2 min / walk 1 min × 8", 20)).toBe("Run 2 min / walk 1 min × 8");
    expect(withinMinutes("Easy 15 minutes", 20)).toBe("Easy 15 minutes");
    expect(withinMinutes("4 × 1 km at race pace", 20)).toBe("4 × 1 km at race pace");
  });
});

describe("a plan honours the minutes the user gave", () => {
  it("'Minutes you can give each session: 20' gives no session over 20 minutes, and says so", async () => {
    const blueprint = (await newAppFromIdea("Watercolour landscapes in 8 weeks")).blueprint;
    const today = "2026-12-07";
    const free = generatePlan({ answers: { currentLevel: "beginner", daysPerWeek: 3 }, blueprint, today });
    expect(Math.max(...free.phases.flatMap((p) => p.sessions.flatMap(minutesIn)))).toBeGreaterThan(20);
    const bound = generatePlan({
      answers: { currentLevel: "beginner", daysPerWeek: 3, minutesPerSession: 20 },
      blueprint,
      today,
    });
    const all = bound.phases.flatMap((p) => p.sessions.flatMap(minutesIn));
    expect(all.length).toBeGreaterThan(0);
    expect(Math.max(...all)).toBeLessThanOrEqual(20);
    expect(bound.description).toContain("fits in 20 minutes");
    expect(bound.phases.length).toBe(free.phases.length);
  });
});
