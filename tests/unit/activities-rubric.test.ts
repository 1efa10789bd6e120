import { describe, expect, it } from "vitest";
import { checkRubric, inUnit, mentions, parseRubric, wordCount } from "~/features/activities/rubric";

describe("parseRubric", () => {
  it("reads ranges, bounds, targets and keywords in order", () => {
    const rules = parseRubric(
      "The run should be between 8 and 10 km, at least 5 reps, under 2 hours, aim for 30 minutes. Check it mentions pace, breathing and cadence.",
    );
    expect(rules.map((r) => r.kind)).toEqual(["range", "min", "max", "target", "keywords"]);
    expect(rules[0]).toMatchObject({ min: { value: 8, unit: "km" }, max: { value: 10, unit: "km" } });
    expect(rules[1]).toMatchObject({ min: { value: 5, unit: "reps" }, strict: false });
    expect(rules[2]).toMatchObject({ max: { value: 2, unit: "hours" }, strict: true });
    expect(rules[3]).toMatchObject({ target: { value: 30, unit: "minutes" } });
    expect(rules[4]).toMatchObject({ words: ["pace", "breathing", "cadence"] });
  });

  it("reads 'or more', 'no more than', decimals with commas and bare numbers", () => {
    const rules = parseRubric("3 or more sets; no more than 300 words; more than 2,5 km; at most 7");
    expect(rules).toMatchObject([
      { kind: "min", min: { value: 3, unit: "sets" } },
      { kind: "max", max: { value: 300, unit: "words" } },
      { kind: "min", min: { value: 2.5, unit: "km" }, strict: true },
      { kind: "max", max: { value: 7, unit: null } },
    ]);
  });

  it("reads a range written without 'between' ('Target distance: 5 to 15 km', '8-10 minutes')", () => {
    expect(parseRubric("Look at the photo. Target distance: 5 to 15 km.")).toMatchObject([
      { kind: "range", min: { value: 5, unit: "km" }, max: { value: 15, unit: "km" } },
    ]);
    expect(parseRubric("Hold each stretch 8-10 minutes")).toMatchObject([
      { kind: "range", min: { value: 8, unit: "minutes" }, max: { value: 10, unit: "minutes" } },
    ]);
  });

  it("finds nothing in a prompt without targets", () => {
    expect(parseRubric("Tell them something kind about their practice.")).toEqual([]);
  });
});

describe("checkRubric", () => {
  it("checks a number answer against a range, converting units", () => {
    const rules = parseRubric("between 8 and 10 km");
    expect(checkRubric(rules, [{ label: "Distance", number: { value: 9, unit: "km" } }])[0]).toMatchObject({
      met: true,
    });
    expect(checkRubric(rules, [{ label: "Distance", number: { value: 9000, unit: "m" } }])[0]!.met).toBe(true);
    expect(checkRubric(rules, [{ label: "Distance", number: { value: 12, unit: "km" } }])[0]).toMatchObject({
      met: false,
      message: "Distance: 12 km misses the target (between 8 and 10 km).",
    });
  });

  it("treats strict bounds strictly and converts time", () => {
    const under = parseRubric("under 2 hours");
    expect(checkRubric(under, [{ label: "Time", number: { value: 119, unit: "minutes" } }])[0]!.met).toBe(true);
    expect(checkRubric(under, [{ label: "Time", number: { value: 120, unit: "minutes" } }])[0]!.met).toBe(false);
    const atLeast = parseRubric("at least 5");
    expect(checkRubric(atLeast, [{ label: "Reps", number: { value: 5, unit: null } }])[0]!.met).toBe(true);
  });

  it("skips measures of another family and reads numbers written in text", () => {
    const rules = parseRubric("at least 5 km");
    const findings = checkRubric(rules, [
      { label: "Time", number: { value: 40, unit: "minutes" } },
      { label: "Notes", text: "Ran 6.2 km by the river" },
    ]);
    expect(findings[0]).toMatchObject({ met: true, message: "Notes: 6.2 km meets the target (at least 5 km)." });
  });

  it("says so when nothing answers a rule", () => {
    expect(checkRubric(parseRubric("at least 5 km"), [{ label: "Notes", text: "felt good" }])[0]).toMatchObject({
      met: false,
    });
  });

  it("checks keywords, forgiving plurals and -ing", () => {
    const rules = parseRubric("It mentions pace, breathing and posture.");
    const [finding] = checkRubric(rules, [{ label: "Reflection", text: "Kept an even pace and breathed slowly." }]);
    expect(finding).toMatchObject({ met: false, message: "Mentions pace and breathing but not posture." });
    const [all] = checkRubric(rules, [{ label: "R", text: "Pace steady, breathing calm, posture tall." }]);
    expect(all!.met).toBe(true);
  });

  it("counts words for word rules", () => {
    const rules = parseRubric("at least 5 words");
    expect(checkRubric(rules, [{ label: "Journal", text: "one two three four five" }])[0]!.met).toBe(true);
    expect(checkRubric(rules, [{ label: "Journal", text: "too short" }])[0]).toMatchObject({
      met: false,
      message: "Journal: 2 words, not at least 5 words.",
    });
  });

  it("targets allow 10%", () => {
    const rules = parseRubric("aim for 30 minutes");
    expect(checkRubric(rules, [{ label: "T", number: { value: 32, unit: "min" } }])[0]!.met).toBe(true);
    expect(checkRubric(rules, [{ label: "T", number: { value: 40, unit: "min" } }])[0]!.met).toBe(false);
  });
});

describe("helpers", () => {
  it("converts within a family only", () => {
    expect(inUnit({ value: 1, unit: "mile" }, "km")).toBeCloseTo(1.609, 3);
    expect(inUnit({ value: 1, unit: "km" }, "minutes")).toBeNull();
    expect(inUnit({ value: 4, unit: null }, "km")).toBe(4);
    expect(inUnit({ value: 4, unit: "reps" }, "sets")).toBeNull();
  });
  it("counts words and finds mentions", () => {
    expect(wordCount("  a b — c ")).toBe(3);
    expect(mentions("i was breathing", "breath")).toBe(true);
    expect(mentions("repace", "pace")).toBe(false);
  });
});
