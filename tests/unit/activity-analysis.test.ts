// The embedded analyser reads right (issue 48, item 6): each rule of a creator's rubric is bound to the
// answer it names and each value is judged once; a guide's "Below 8: …" lines are what to say, not
// limits; a text that lists things is counted; a summary states what the analysis found, and closes
// on the end user's own plan. The demo app's long run (tests/tools/apps-sql.mjs) is the real example.
import { describe, expect, it } from "vitest";
import type { ActivityCard, BlueprintItem } from "~/db/app-content";
import { activityMetrics, practiceActivity } from "~/features/apps/activity-content";
import {
  checkRubric,
  listItems,
  parseRubric,
  saidToYou,
  type Finding,
  type RubricAnswer,
  wordsToUse,
} from "~/features/activities/rubric";
import { planStepOf } from "~/features/activities/today";
import { analysisText, checkLine, summaryChecks, summaryText, type SummaryCard } from "~/features/activities/wording";
import { TAXONOMY, domainById } from "~/platform/adapters/ai/embedded/taxonomy";
import { DEMO_BLUEPRINT } from "../tools/apps-sql.mjs";

type Activity = Extract<BlueprintItem, { kind: "activity" }>;
type InputCard = Extract<ActivityCard, { kind: "input" }>;

const demo = (DEMO_BLUEPRINT.items as Activity[]).find((i) => i.id === "long-run")!;
const DEMO_RUBRIC = demo.cards.find((c) => c.kind === "analysis")!.analysisPrompt;
const FAR = "How far did you run?";
const LONG = "How long did it take?";
const FEEL = "How did the long run feel?";

const longRun = (km: number, minutes: number, feel = "Just right"): RubricAnswer[] => [
  { label: FAR, number: { value: km, unit: "km" } },
  { label: LONG, number: { value: minutes, unit: "min" } },
  { label: FEEL, choice: feel },
];

const runVoice = { subject: "running", practitioner: "runner", session: "long run" };

/**
 * The invariants every analysis keeps: each answer is judged at most once (one finding names it), so
 * no value is both met and missed, and no finding judges an answer under another answer's name.
 */
function expectEachJudgedOnce(findings: Finding[], answers: RubricAnswer[]) {
  for (const answer of answers) {
    const about = findings.filter((f) => f.label === answer.label || f.message.startsWith(`${answer.label}: `));
    expect(about.length, `${answer.label} is judged ${about.length} times`).toBeLessThanOrEqual(1);
  }
  const labels = findings.flatMap((f) => (f.label ? [f.label] : []));
  expect(new Set(labels).size).toBe(labels.length);
}

/** The lines of a text that judge a label, and whether any of them says met while another says missed. */
function metAndMissed(text: string, label: string) {
  const lines = text.split("\n").filter((line) => /^- (Not )?[Mm]et: /.test(line) && line.includes(`${label}: `));
  return {
    lines,
    both: lines.some((l) => l.includes("- Met: ")) && lines.some((l) => l.includes("- Not met: ")),
  };
}

describe("the demo long run's rubric (tests/tools/apps-sql.mjs)", () => {
  const rules = parseRubric(DEMO_RUBRIC);

  it("reads four rules: distance with its two guide lines, pace in min/km, how it felt, and keywords", () => {
    expect(rules.map((r) => r.kind)).toEqual(["range", "range", "choice", "keywords"]);
    expect(rules[0]).toMatchObject({
      about: "Distance",
      min: { value: 8, unit: "km" },
      max: { value: 14, unit: "km" },
      guidance: [
        { when: "below", at: { value: 8, unit: "km" }, say: "encourage, and suggest a little more next time" },
        {
          when: "above",
          at: { value: 14, unit: "km" },
          say: "praise it, and warn against adding more than 10% a week",
        },
      ],
    });
    expect(rules[1]).toMatchObject({ about: "Pace", min: { value: 6, unit: "min/km" }, max: { value: 7.5 } });
    expect(rules[2]).toMatchObject({
      kind: "choice",
      onTarget: ["Easy", "Just right"],
      offTarget: [{ options: ["Hard", "Too hard to finish"], say: "the next long run should be slower or shorter" }],
    });
  });

  it("reads no limit out of the guide's lines ('Below 8', 'Above 14', 'more than 10%')", () => {
    const texts = rules.map((r) => r.text);
    expect(texts.join(" | ")).not.toMatch(/Below 8|Above 14|more than 10/);
    expect(rules.filter((r) => r.kind === "min" || r.kind === "max")).toEqual([]);
  });

  it("10 km in 65 minutes, 'Just right': three checks, each met once, the pace worked out", () => {
    const answers = longRun(10, 65);
    const findings = checkRubric(rules, answers);
    expect(findings.map((f) => [f.met, f.message])).toEqual([
      [true, "How far did you run?: 10 km meets the target (between 8 and 14 km)."],
      [true, "Pace: 6.5 min/km (65 min over 10 km) meets the target (between 6 and 7.5 min/km)."],
      [true, 'How did the long run feel?: "Just right", on target.'],
    ]);
    expectEachJudgedOnce(findings, answers);
  });

  it("6 km: one distance finding, under the target, in the guide's 'below 8' words (no second 'misses')", () => {
    const findings = checkRubric(rules, longRun(6, 45));
    const distance = findings.filter((f) => f.message.startsWith(`${FAR}: `));
    expect(distance).toHaveLength(1);
    expect(distance[0]).toMatchObject({
      met: false,
      message:
        "How far did you run?: 6 km is under the target (between 8 and 14 km). Good effort; try a little more next time.",
      focus: "distance (between 8 and 14 km)",
    });
    expect(findings.map((f) => f.message).join(" ")).not.toMatch(/misses the target \((under|more than)/);
  });

  it("16 km: one distance finding, over the target, in the guide's 'above 14' words", () => {
    const findings = checkRubric(rules, longRun(16, 100, "Easy"));
    expect(findings.filter((f) => f.label === FAR)).toEqual([
      expect.objectContaining({
        met: false,
        message:
          "How far did you run?: 16 km is over the target (between 8 and 14 km). Great work; avoid adding more than 10% a week.",
      }),
    ]);
  });

  it.each([1, 7.9, 8, 11, 14, 14.1, 21.1])("%s km is judged once, met exactly when it is within 8–14 km", (km) => {
    const answers = longRun(km, km * 6.5);
    const findings = checkRubric(rules, answers);
    const distance = findings.filter((f) => f.label === FAR);
    expect(distance).toHaveLength(1);
    expect(distance[0]!.met).toBe(km >= 8 && km <= 14);
    expectEachJudgedOnce(findings, answers);
  });

  it("the pace comes from the distance and the time; a slow one misses, saying how it was worked out", () => {
    const [, pace] = checkRubric(rules, longRun(6, 50));
    expect(pace).toMatchObject({
      met: false,
      label: "Pace",
      message: "Pace: 8.33 min/km (50 min over 6 km) misses the target (between 6 and 7.5 min/km).",
    });
  });

  it("the time alone is judged against no rule (no rule names a time)", () => {
    const findings = checkRubric(rules, longRun(10, 65));
    expect(findings.some((f) => f.label === LONG || f.message.startsWith(`${LONG}: `))).toBe(false);
  });

  it.each(["Hard", "Too hard to finish"])("'%s' is off target, in the guide's words", (feel) => {
    const felt = checkRubric(rules, longRun(10, 65, feel)).find((f) => f.label === FEEL);
    expect(felt).toMatchObject({
      met: false,
      message: `How did the long run feel?: "${feel}", so the next long run should be slower or shorter.`,
    });
  });

  it("keywords are checked against what was written; with nothing written they are words to use, not a miss", () => {
    expect(checkRubric(rules, longRun(10, 65)).some((r) => r.rule.startsWith("Keywords"))).toBe(false);
    expect(wordsToUse(rules, longRun(10, 65))).toEqual([
      "long run",
      "easy pace",
      "conversational",
      "time on feet",
      "fuelling",
    ]);
    const withNotes = [...longRun(10, 65), { label: "Notes", text: "A long run at an easy pace, conversational." }];
    const words = checkRubric(rules, withNotes).find((f) => f.rule.startsWith("Keywords"));
    expect(words).toMatchObject({
      met: false,
      message: "Mentions long run, easy pace and conversational but not time on feet and fuelling.",
    });
    expect(wordsToUse(rules, withNotes)).toEqual([]);
  });

  it("the analysis reads right: 3 of 3 met, no value both met and missed, no practice milestone", () => {
    const answers = longRun(10, 65);
    const text = analysisText(
      runVoice,
      "How your long run went",
      [],
      checkRubric(rules, answers),
      wordsToUse(rules, answers),
    );
    expect(text).toContain("Against the brief (3 of 3 met):");
    expect(text).toContain("Words to keep in mind: long run, easy pace, conversational, time on feet and fuelling.");
    expect(text).not.toContain("Not met");
    expect(text.split("\n").at(-1)).toBe("Every check is met: a solid long run, runner.");
    expect(text).not.toMatch(/Keep going toward/);
  });

  it("a missed analysis names what to work on once, in words, not the rubric's raw lines", () => {
    const text = analysisText(runVoice, undefined, [], checkRubric(rules, longRun(6, 50, "Hard")));
    expect(metAndMissed(text, FAR).both).toBe(false);
    expect(text.split("\n").at(-1)).toBe(
      "For your next long run, work on: distance (between 8 and 14 km); pace (between 6 and 7.5 min/km); how it felt (the next long run should be slower or shorter).",
    );
  });
});

describe("a chess study session (the generated rubric of the chess practice)", () => {
  const chess = domainById("chess")!;
  const activity = practiceActivity(chess, "Solve today's 10 puzzles", "puzzles");
  const prompt = activity.cards.find((c) => c.kind === "analysis")!.analysisPrompt;
  const numberCards = activity.cards.filter((c): c is InputCard => c.kind === "input" && c.inputType === "number");
  const puzzlesCard = numberCards.find((c) => c.unit === "puzzles")!;
  const gamesCard = numberCards.find((c) => c.unit === "games")!;
  const answers = (puzzles: number, games: number): RubricAnswer[] => [
    { label: puzzlesCard.prompt, number: { value: puzzles, unit: "puzzles" } },
    { label: gamesCard.prompt, number: { value: games, unit: "games" } },
    { label: "How did the study session feel?", choice: "Just right" },
  ];

  it("its rubric carries the guide's lines the issue measured ('Below 5: encourage… Above 15: praise…')", () => {
    expect(prompt).toMatch(/between 5 and 15 puzzles\. Below 5: encourage.*Above 15: praise/);
  });

  it("10 puzzles meets the target once: no 'misses the target (under 5)' or '(more than 15)' after it", () => {
    const given = answers(10, 2);
    const findings = checkRubric(parseRubric(prompt), given);
    const puzzles = findings.filter((f) => f.message.startsWith(`${puzzlesCard.prompt}: `));
    expect(puzzles.map((f) => f.message)).toEqual([
      `${puzzlesCard.prompt}: 10 puzzles meets the target (between 5 and 15 puzzles).`,
    ]);
    expect(findings.every((f) => f.met)).toBe(true);
    expectEachJudgedOnce(findings, given);
  });

  it("each number is judged against its own range only: puzzles never against games, games never against puzzles", () => {
    const findings = checkRubric(parseRubric(prompt), answers(10, 2));
    const games = findings.find((f) => f.label === gamesCard.prompt)!;
    expect(games.message).toBe(`${gamesCard.prompt}: 2 games meets the target (between 1 and 3 games).`);
    expect(findings.find((f) => f.label === puzzlesCard.prompt)!.message).not.toMatch(/games/);
  });

  it("3 puzzles: under the target with the guide's words; 20: over it with the other guide's words", () => {
    const low = checkRubric(parseRubric(prompt), answers(3, 2)).find((f) => f.label === puzzlesCard.prompt)!;
    expect(low.message).toBe(
      `${puzzlesCard.prompt}: 3 puzzles is under the target (between 5 and 15 puzzles). Good effort; try a little more next time.`,
    );
    const high = checkRubric(parseRubric(prompt), answers(20, 2)).find((f) => f.label === puzzlesCard.prompt)!;
    expect(high.message).toBe(
      `${puzzlesCard.prompt}: 20 puzzles is over the target (between 5 and 15 puzzles). Great work; avoid adding too much at once.`,
    );
  });
});

describe("a text answer is judged by what it contains", () => {
  const prompt =
    "Rubric:\n- Puzzles: between 5 and 15 puzzles.\n- Openings: name at least 3 openings you studied.\nMentions the middlegame and a plan.";
  const OPENINGS = "Which openings did you study?";

  it("'Italian, Sicilian and the London System' names three openings: at least 3 is met, the items listed", () => {
    const given: RubricAnswer[] = [
      { label: "Puzzles solved", number: { value: 10, unit: "puzzles" } },
      { label: OPENINGS, text: "Italian, Sicilian and the London System" },
    ];
    const findings = checkRubric(parseRubric(prompt), given);
    expect(findings.find((f) => f.label === OPENINGS)).toMatchObject({
      met: true,
      message: `${OPENINGS}: 3 openings named (Italian, Sicilian and the London System) meets the target (at least 3 openings).`,
    });
    expect(findings.map((f) => f.message).join(" ")).not.toContain("No answer gives a value");
    expectEachJudgedOnce(findings, given);
  });

  it("two openings named miss 'at least 3 openings', counted", () => {
    const [, openings] = checkRubric(parseRubric(prompt), [
      { label: "Puzzles solved", number: { value: 10, unit: "puzzles" } },
      { label: OPENINGS, text: "The Italian and the Sicilian" },
    ]);
    expect(openings).toMatchObject({ met: false, message: expect.stringMatching(/: 2 openings named .* misses/) });
  });

  it.each([
    ["lines", "Italian\nSicilian\nLondon System", 3],
    ["bullets", "- Italian\n- Sicilian\n- London System\n- Caro-Kann", 4],
    ["numbers", "1. Italian\n2. Sicilian", 2],
    ["an Oxford comma", "Italian, Sicilian, and the London System", 3],
    ["a lead-in and an ampersand", "Openings I studied: Italian, Sicilian & the London System", 3],
    ["semicolons", "Italian; Sicilian; Queen's Gambit", 3],
  ])("items in %s are counted", (_, text, count) => {
    expect(listItems(text)).toHaveLength(count);
    const [openings] = checkRubric(parseRubric("Openings: name at least 3 openings."), [{ label: OPENINGS, text }]);
    expect(openings!.met).toBe(count >= 3);
    expect(openings!.message).toContain(`${count} openings named`);
  });

  it("a number written in the text is its value ('I studied 4 openings')", () => {
    const [openings] = checkRubric(parseRubric("Openings: at least 3 openings."), [
      { label: "Notes", text: "I studied 4 openings today." },
    ]);
    expect(openings).toMatchObject({ met: true, message: "Notes: 4 openings meets the target (at least 3 openings)." });
  });

  it("a sentence that lists nothing is not counted as things named", () => {
    const [reps] = checkRubric(parseRubric("at least 5 reps"), [{ label: "Notes", text: "felt good and strong" }]);
    expect(reps).toMatchObject({ met: false, message: 'No answer gives a value for "at least 5 reps".' });
  });

  it("keywords still work beside the counted list", () => {
    const findings = checkRubric(parseRubric(prompt), [
      { label: OPENINGS, text: "Italian, Sicilian, London. My plan: attack the middlegame on the king side." },
    ]);
    expect(findings.find((f) => f.rule.startsWith("Mentions"))).toMatchObject({
      met: true,
      message: "Mentions middlegame and plan, as asked.",
    });
  });

  it("'mentions breathing' is met by a text that says 'breathing' and missed by one that does not", () => {
    const rules = parseRubric("The practice mentions breathing.");
    expect(checkRubric(rules, [{ label: "Notes", text: "Slow breathing throughout" }])[0]!.met).toBe(true);
    expect(checkRubric(rules, [{ label: "Notes", text: "Stiff hips today" }])[0]).toMatchObject({
      met: false,
      message: "Does not mention breathing.",
    });
  });
});

describe("rules bound to the input they name", () => {
  it("three cards in three units each get their own rule", () => {
    const prompt = "- Time: between 20 and 40 minutes.\n- Distance: at least 5 km.\n- Load: at most 12 kg.";
    const given: RubricAnswer[] = [
      { label: "How long?", number: { value: 30, unit: "minutes" } },
      { label: "How far?", number: { value: 4, unit: "km" } },
      { label: "Pack weight", number: { value: 10, unit: "kg" } },
    ];
    const findings = checkRubric(parseRubric(prompt), given);
    expect(findings.map((f) => [f.label, f.met])).toEqual([
      ["How long?", true],
      ["How far?", false],
      ["Pack weight", true],
    ]);
    expectEachJudgedOnce(findings, given);
  });

  it("two cards of one unit are told apart by their labels", () => {
    const prompt = "- Warm-up: between 5 and 10 minutes.\n- Main set: between 20 and 30 minutes.";
    const given: RubricAnswer[] = [
      { label: "Main set minutes", number: { value: 25, unit: "minutes" } },
      { label: "Warm-up minutes", number: { value: 8, unit: "minutes" } },
    ];
    const findings = checkRubric(parseRubric(prompt), given);
    expect(findings.map((f) => f.message)).toEqual([
      "Warm-up minutes: 8 minutes meets the target (between 5 and 10 minutes).",
      "Main set minutes: 25 minutes meets the target (between 20 and 30 minutes).",
    ]);
  });

  it("an input no rule names is not judged against the other inputs' rules", () => {
    const given: RubricAnswer[] = [
      { label: "Rating", number: { value: 1180, unit: "Elo" } },
      { label: "Puzzles solved", number: { value: 9, unit: "puzzles" } },
    ];
    const findings = checkRubric(parseRubric("Puzzles: between 5 and 15 puzzles."), given);
    expect(findings).toHaveLength(1);
    expect(findings[0]!.label).toBe("Puzzles solved");
  });

  it("a bare number is a rule's value when its card names it, and not otherwise", () => {
    const rules = parseRubric("- Distance: between 8 and 10 km.");
    expect(checkRubric(rules, [{ label: "Distance", number: { value: 9, unit: null } }])[0]).toMatchObject({
      met: true,
      message: "Distance: 9 km meets the target (between 8 and 10 km).",
    });
    expect(checkRubric(rules, [{ label: "Rating", number: { value: 9, unit: null } }])[0]).toMatchObject({
      met: false,
      label: null,
      message: 'No answer gives a value for "between 8 and 10 km".',
    });
  });

  it("a rule nothing answers says so once, unmet, naming what to work on", () => {
    const findings = checkRubric(parseRubric("- Pace: between 6 and 7.5 min/km."), [
      { label: "Distance", number: { value: 10, unit: "km" } },
    ]);
    expect(findings).toEqual([
      {
        rule: "between 6 and 7.5 min/km",
        met: false,
        label: null,
        focus: "pace (between 6 and 7.5 min/km)",
        message: 'No answer gives a value for "between 6 and 7.5 min/km".',
      },
    ]);
  });

  it("two rules about one value make one finding: met when both are", () => {
    const rules = parseRubric("Between 20 and 40 minutes; aim for 30 minutes.");
    const at = (minutes: number) => checkRubric(rules, [{ label: "Minutes", number: { value: minutes, unit: "min" } }]);
    expect(at(31)).toEqual([
      expect.objectContaining({
        met: true,
        message: "Minutes: 31 min meets the target (between 20 and 40 minutes; close to 30 minutes).",
      }),
    ]);
    expect(at(38)).toEqual([
      expect.objectContaining({ met: false, message: "Minutes: 38 min misses the target (close to 30 minutes)." }),
    ]);
  });

  it("a bound that cannot hold beside the range ('Under 5 puzzles is too few') is not a second miss", () => {
    const rules = parseRubric("Between 5 and 15 puzzles. Under 5 puzzles is too few.");
    const findings = checkRubric(rules, [{ label: "Puzzles", number: { value: 10, unit: "puzzles" } }]);
    expect(findings).toEqual([expect.objectContaining({ met: true, label: "Puzzles" })]);
  });

  it("one puzzle and many: a singular unit answers a plural rule", () => {
    const [finding] = checkRubric(parseRubric("at least 1 puzzles"), [
      { label: "Puzzle", number: { value: 1, unit: "puzzle" } },
    ]);
    expect(finding!.met).toBe(true);
  });

  it("units convert within a family: 9000 m in 8–10 km, 1.5 hours in 60–120 minutes", () => {
    expect(
      checkRubric(parseRubric("between 8 and 10 km"), [{ label: "D", number: { value: 9000, unit: "m" } }])[0]!.met,
    ).toBe(true);
    expect(
      checkRubric(parseRubric("between 60 and 120 minutes"), [
        { label: "T", number: { value: 1.5, unit: "hours" } },
      ])[0]!.met,
    ).toBe(true);
  });

  it("a percentage is compared only with a percentage", () => {
    const rules = parseRubric("Savings: at least 10%.");
    expect(checkRubric(rules, [{ label: "Saved", number: { value: 12, unit: "km" } }])[0]!.met).toBe(false);
    expect(checkRubric(rules, [{ label: "Savings rate", number: { value: 12, unit: "%" } }])[0]!.met).toBe(true);
  });

  it("a word count is the written answer's, bound to the card its label names", () => {
    const rules = parseRubric("Reflection: at least 5 words.");
    const findings = checkRubric(rules, [
      { label: "Title", text: "Run" },
      { label: "Reflection", text: "steady, calm and a little windy today" },
    ]);
    expect(findings).toEqual([
      expect.objectContaining({ met: true, message: "Reflection: 7 words, within at least 5 words." }),
    ]);
  });

  it("a range below zero reads with its signs ('between -16 and -8 LUFS')", () => {
    const [rule] = parseRubric("Loudness: between -16 and -8 LUFS. Below -16: push the limiter a little.");
    expect(rule).toMatchObject({ min: { value: -16, unit: "LUFS" }, max: { value: -8, unit: "LUFS" } });
    const [finding] = checkRubric([rule!], [{ label: "Loudness", number: { value: -20, unit: "LUFS" } }]);
    expect(finding!.message).toBe(
      "Loudness: -20 LUFS is under the target (between -16 and -8 LUFS). Push the limiter a little.",
    );
  });
});

describe("a guide's lines are what to say, never a second limit", () => {
  const judged = (prompt: string, minutes: number) =>
    checkRubric(parseRubric(prompt), [{ label: "Minutes", number: { value: minutes, unit: "minutes" } }]);

  it.each([
    ["Below 20: encourage.", "Under"],
    ["Under 20: encourage.", "Under"],
    ["Less than 20: encourage.", "Under"],
    ["Fewer than 20: encourage.", "Under"],
    ["If it is under 20, encourage.", "Under"],
    ["Over 40: praise it.", "Over"],
    ["Above 40: praise it.", "Over"],
    ["More than 40: praise it.", "Over"],
    ["When it is more than 40 – praise it.", "Over"],
  ])("'%s' is guidance: one finding per value whatever the value", (guide) => {
    const prompt = `Session: between 20 and 40 minutes. ${guide}`;
    expect(parseRubric(prompt)).toHaveLength(1);
    for (const minutes of [10, 30, 50]) {
      const findings = judged(prompt, minutes);
      expect(findings).toHaveLength(1);
      expect(findings[0]!.met).toBe(minutes === 30);
    }
  });

  it("the guide's words are said when the value falls there, and only there", () => {
    const prompt =
      "Session: between 20 and 40 minutes. If it is under 20, encourage them to keep going. Over 40 – remind them to stretch.";
    expect(judged(prompt, 15)[0]!.message).toBe(
      "Minutes: 15 minutes is under the target (between 20 and 40 minutes). Try to keep going.",
    );
    expect(judged(prompt, 45)[0]!.message).toBe(
      "Minutes: 45 minutes is over the target (between 20 and 40 minutes). Remember to stretch.",
    );
    expect(judged(prompt, 30)[0]!.message).toBe("Minutes: 30 minutes meets the target (between 20 and 40 minutes).");
  });

  it("of two guide lines on one side, the nearer threshold speaks", () => {
    const prompt = "Between 20 and 40 minutes. Below 20: a little more next time. Below 10: start with 10 minutes.";
    expect(judged(prompt, 15)[0]!.message).toMatch(/A little more next time\.$/);
    expect(judged(prompt, 5)[0]!.message).toMatch(/Start with 10 minutes\.$/);
  });

  it("a bound written as a sentence of its own ('under 2 hours') is still a limit", () => {
    expect(parseRubric("Keep it under 2 hours.")).toMatchObject([{ kind: "max", max: { value: 2, unit: "hours" } }]);
  });

  it("the guide's words for the coach are said to the end user", () => {
    expect(saidToYou("encourage, and suggest a little more next time")).toBe(
      "Good effort; try a little more next time.",
    );
    expect(saidToYou("praise it, and warn against adding more than 10% a week")).toBe(
      "Great work; avoid adding more than 10% a week.",
    );
    expect(saidToYou("tell them to slow their pace")).toBe("Slow your pace.");
    expect(saidToYou("remind them to drink")).toBe("Remember to drink.");
  });
});

describe("choices", () => {
  const rules = parseRubric('How it felt: "Easy" or "Just right" is on target; "Hard" means rest tomorrow.');

  it("a choice is matched whatever its case, and one not among the options is not judged", () => {
    expect(checkRubric(rules, [{ label: "Feel", choice: "just right" }])[0]).toMatchObject({ met: true });
    expect(checkRubric(rules, [{ label: "Feel", choice: "Sleepy" }])).toEqual([]);
  });

  it("a text answer that is one of the options counts as the choice (the API sends choices as text)", () => {
    expect(checkRubric(rules, [{ label: "Feel", text: "Hard" }])[0]).toMatchObject({
      met: false,
      message: 'Feel: "Hard", so rest tomorrow.',
    });
  });
});

describe("summaries that agree with the analysis", () => {
  const rules = parseRubric(DEMO_RUBRIC);
  const summaryOf = (km: number, minutes: number, feel: string, brief: string, next = null as never) => {
    const answers = longRun(km, minutes, feel);
    const checks = checkRubric(rules, answers);
    const analysis = analysisText(runVoice, "How your long run went", [], checks);
    const cards: SummaryCard[] = [
      { title: FAR, text: `${km} km` },
      { title: LONG, text: `${minutes} min` },
      { title: FEEL, text: feel },
      { title: "How your long run went", text: analysis, findings: checks.map(checkLine) },
    ];
    const own = checkRubric(parseRubric(brief), answers);
    return { checks, cards, own, text: summaryText(runVoice, cards, [], own, next) };
  };

  it("states the analysis's checks as it stated them: same findings, same met and missed", () => {
    const { checks, text } = summaryOf(6, 50, "Hard", "Sum up the run in one sentence.");
    for (const check of checks) expect(text).toContain(`- ${checkLine(check)}`);
    expect(text).toContain("0 of 3 checks of the brief met.");
    expect(text).toContain("- How your long run went: 0 of 3 checks met.");
    // What to work on is the analysis's to say; the summary does not say it again.
    expect(text).not.toContain("work on");
  });

  it("its own brief does not judge a value again ('at least 5 km' beside 'between 8 and 14 km', 6 km)", () => {
    const { text, own } = summaryOf(6, 50, "Easy", "Sum up the run; at least 5 km.");
    expect(own[0]).toMatchObject({ met: true, label: FAR });
    expect(metAndMissed(text, FAR)).toMatchObject({ both: false, lines: [expect.stringContaining("Not met")] });
  });

  it("a check the analysis did not make is added by the summary's own brief", () => {
    const { text } = summaryOf(10, 65, "Easy", "Sum up; under 90 minutes.");
    expect(text).toContain("- Met: How long did it take?: 65 min meets the target (under 90 minutes).");
    expect(text).toContain("4 of 4 checks of the brief met.");
  });

  it("with only the cards' words (the API), an embedded analysis's '- Met:' lines are carried the same", () => {
    const { cards, checks } = summaryOf(16, 100, "Easy", "");
    const textOnly = cards.map(({ title, text }) => ({ title, text }));
    expect(summaryChecks(textOnly, []).map((c) => [c.met, c.message])).toEqual(checks.map((c) => [c.met, c.message]));
  });

  it("closes on the end user's plan: today's phase and its session of this activity", () => {
    const next = { label: "Week 4", title: "Peak long run", sessions: ["Long run 16–18 km"] };
    const { text } = summaryOf(10, 65, "Easy", "", next as never);
    expect(text.split("\n").at(-1)).toBe(
      'Well done finishing this long run, runner. Next in your plan, Week 4, "Peak long run": Long run 16–18 km.',
    );
  });

  it("without a plan it closes on a neutral next step in the end user's plan, never the practice's first milestone", () => {
    const { text } = summaryOf(10, 65, "Easy", "");
    expect(text.split("\n").at(-1)).toBe(
      "Well done finishing this long run, runner. Take what you noticed today into the next long run of your plan.",
    );
    expect(text).not.toMatch(/Keep going toward|milestone/);
  });

  it("a summary's own missed check says what to work on; one carried from the analysis is not said twice", () => {
    const voice = { subject: "yoga", practitioner: "yogi", session: "practice" };
    const own = checkRubric(parseRubric("at least 20 minutes"), [
      { label: "Minutes", number: { value: 12, unit: "minutes" } },
    ]);
    const text = summaryText(voice, [{ title: "Minutes", text: "12 minutes" }], [], own);
    expect(text).toContain("0 of 1 checks of the brief met.");
    expect(text).toContain("For your next practice, work on: minutes (at least 20 minutes).");
  });
});

describe("the plan a summary closes on", () => {
  const phase = (title: string, startDate: string, sessions: string[], weekNumber: number) => ({
    id: title,
    title,
    focus: "",
    startDate,
    endDate: startDate,
    weekNumber,
    sessions,
  });
  const plan = {
    phases: [
      phase("Base", "2026-01-01", ["Easy 30 min", "Long run 8 km"], 1),
      phase("Peak long run", "2026-01-15", ["Long run 16–18 km", "Recovery 25 min"], 3),
    ],
  };

  it("is today's phase, with the sessions that name the activity", () => {
    expect(planStepOf(plan, "2026-01-20", "Long run")).toEqual({
      label: "Week 3",
      title: "Peak long run",
      sessions: ["Long run 16–18 km"],
    });
    expect(planStepOf(plan, "2026-01-02", "Tempo")).toEqual({
      label: "Week 1",
      title: "Base",
      sessions: ["Easy 30 min", "Long run 8 km"],
    });
  });

  it("is none without a plan or phases", () => {
    expect(planStepOf(null, "2026-01-20", "Long run")).toBeNull();
    expect(planStepOf({ phases: [] }, "2026-01-20", "Long run")).toBeNull();
  });
});

describe("the plan an analysis closes on (issue 50, item 9)", () => {
  const rules = parseRubric(DEMO_RUBRIC);
  const next = { label: "Week 4", title: "Peak long run", sessions: ["Long run 16–18 km"] };
  const toward = 'Next in your plan, Week 4, "Peak long run": Long run 16–18 km.';

  it("a fully met analysis closes on the end user's own plan: today's phase and its session of this activity", () => {
    const answers = longRun(10, 65);
    const text = analysisText(runVoice, "How your long run went", [], checkRubric(rules, answers), [], next);
    expect(text.split("\n").at(-1)).toBe(`Every check is met: a solid long run, runner. ${toward}`);
    // Not the practice's first milestone (the running practice's own milestones are not this user's plan).
    expect(text).not.toMatch(/Keep going toward|milestone/i);
    for (const milestone of domainById("running")!.milestones) expect(text).not.toContain(milestone);
  });

  it("a missed analysis says what to work on, then where the plan goes next", () => {
    const text = analysisText(runVoice, undefined, [], checkRubric(rules, longRun(6, 50, "Hard")), [], next);
    expect(text.split("\n").at(-1)).toBe(
      `For your next long run, work on: distance (between 8 and 14 km); pace (between 6 and 7.5 min/km); how it felt (the next long run should be slower or shorter). ${toward}`,
    );
  });

  it("an analysis without a measurable target closes on the plan too; a phase without sessions is named alone", () => {
    const text = analysisText(runVoice, "Your form", ["How far: 12 km."], [], [], {
      label: "Phase 2 of 6",
      title: "Build",
      sessions: [],
    });
    expect(text.split("\n").at(-1)).toMatch(/was measured, not scored\. Next in your plan: Phase 2 of 6, "Build"\.$/);
  });

  it("a summary still sums the analysis up by its verdict, not by the plan's words", () => {
    const analysis = analysisText(runVoice, "Your form", ["How far: 12 km."], [], [], next);
    const text = summaryText(runVoice, [{ title: "Your form", text: analysis }], [], [], next);
    expect(text).toContain("- Your form: The brief states no measurable target");
    expect(text.split("\n").filter((line) => line.includes("Next in your plan"))).toHaveLength(1);
  });
});

describe("every practice's generated activity reads right", () => {
  const cases = TAXONOMY.flatMap((domain) =>
    domain.activities.slice(0, 2).map((title) => [domain.id, title, domain] as const),
  );
  it.each(cases)("%s · %s: each measure judged once, against its own range", (_, title, domain) => {
    const activity = practiceActivity(domain, title, "a");
    const prompt = activity.cards.find((c) => c.kind === "analysis")!.analysisPrompt;
    const rules = parseRubric(prompt);
    const measures = activityMetrics(domain, title);
    const cards = activity.cards.filter((c): c is InputCard => c.kind === "input" && c.inputType === "number");
    for (const at of ["low", "mid", "high"] as const) {
      const answers: RubricAnswer[] = cards.map((card, i) => {
        const { low, high } = measures[i]!;
        const value =
          at === "mid" ? (low + high) / 2 : at === "low" ? low - (high - low) / 2 - 1 : high + (high - low) / 2 + 1;
        return { label: card.prompt, number: { value, unit: card.unit ?? null } };
      });
      answers.push({ label: "How did it feel?", choice: "Just right" });
      const findings = checkRubric(rules, answers);
      expectEachJudgedOnce(findings, answers);
      expect(findings.map((f) => f.message).join(" ")).not.toContain("No answer gives a value");
      cards.forEach((card, i) => {
        const own = findings.filter((f) => f.label === card.prompt);
        expect(own, `${card.prompt} at ${at}`).toHaveLength(1);
        expect(own[0]!.message).toContain(`between ${measures[i]!.low} and ${measures[i]!.high}`);
        expect(own[0]!.met).toBe(at === "mid");
      });
    }
  });
});
