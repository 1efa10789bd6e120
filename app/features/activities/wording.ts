/**
 * The embedded default's words for an analysis, a picture's caption and a summary: written from
 * what was measured (the findings) in the app's own practice vocabulary, so a yoga app speaks of a
 * yogi's practice and a running app of a runner's run. Pure.
 */
import type { PracticeDomain } from "~/platform/adapters/ai/embedded/domain";
import type { Finding } from "./rubric";

export interface Voice {
  /** 'yoga', 'running', 'knot tying'. */
  subject: string;
  practitioner: string;
  session: string;
}

export const voiceOf = (domain: PracticeDomain, subject: string): Voice => ({
  subject,
  practitioner: domain.practitioner.one,
  session: domain.session.one,
});

/** Where the end user's own plan goes next: its current phase ('Week 4', "Peak long run") and its sessions. */
export interface PlanStep {
  label: string;
  title: string;
  /** The phase's sessions of this activity (or all of them, when none names it). */
  sessions: string[];
}

const firstSentence = (text: string, max = 160) => {
  const sentence = text.trim().split(/(?<=[.!?])\s/)[0] ?? "";
  if (sentence.length <= max) return sentence;
  // Cut at a word, not inside one.
  const cut = sentence.slice(0, max - 1);
  return `${(cut.lastIndexOf(" ") > max / 2 ? cut.slice(0, cut.lastIndexOf(" ")) : cut).trimEnd()}…`;
};

/**
 * A card's result in one line for the summary: a one-line answer as it is; a longer text (an analysis)
 * by its verdict, its last line that is neither a list item nor a heading.
 */
function gist(text: string): string {
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length <= 1) return firstSentence(text, 200);
  const plain = lines.filter((line) => !line.startsWith("- ") && !line.endsWith(":"));
  return firstSentence(plain.at(-1) ?? lines[0]!, 200);
}

/**
 * The analysis: which card it is, what was measured, the rubric's verdict and one next step. `facts`
 * are the measured sentences (media, answers); `checks` the rubric's results; `words` the rubric's
 * keywords when nothing written could be checked for them (said as words to use); `next` where the end
 * user's own plan goes next, which the verdict's line closes on (today's phase and its sessions of this
 * activity; never the practice's own milestones, which are not their plan). The end user reads it, so
 * it quotes none of the creator's brief beyond each check's verdict and those words.
 */
export function analysisText(
  voice: Voice,
  title: string | undefined,
  facts: string[],
  checks: Finding[],
  words: string[] = [],
  next: PlanStep | null = null,
): string {
  const lines: string[] = [];
  lines.push(`Analysis of your ${voice.session} (${voice.subject})${title ? `: ${firstSentence(title)}` : ""}`);
  if (facts.length > 0) {
    lines.push("", "What I measured:");
    for (const fact of facts) lines.push(`- ${fact}`);
  }
  if (checks.length > 0) {
    const met = checks.filter((c) => c.met);
    lines.push("", `Against the brief (${met.length} of ${checks.length} met):`);
    for (const check of checks) lines.push(`- ${checkLine(check)}`);
    lines.push("");
    if (words.length > 0) lines.push(wordsLine(words));
    if (met.length === checks.length)
      lines.push(`Every check is met: a solid ${voice.session}, ${voice.practitioner}.${inPlan(voice, next)}`);
    else lines.push(`${workOn(voice, checks)}${inPlan(voice, next)}`);
  } else {
    lines.push("");
    if (words.length > 0) lines.push(wordsLine(words));
    lines.push(
      `The brief states no measurable target (a range, a minimum or words to mention), so this ${voice.session} was measured, not scored.${inPlan(voice, next)}`,
    );
  }
  return lines.join("\n");
}

/** The analysis's closing words on the end user's plan, after its verdict (a sentence of their own, so a summary's gist of the analysis stays the verdict). */
const inPlan = (voice: Voice, next: PlanStep | null) => (next ? ` ${nextStep(voice, next)}` : "");

/** The rubric's words to use, when nothing written could be checked for them. */
const wordsLine = (words: string[]) =>
  `Words to keep in mind: ${words.length === 1 ? words[0] : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`}.`;

/** The line naming what to work on: each missed check's focus, once. */
const workOn = (voice: Voice, checks: Pick<Finding, "met" | "focus">[]) =>
  `For your next ${voice.session}, work on: ${[...new Set(checks.filter((c) => !c.met).map((c) => c.focus))].join("; ")}.`;

/** A check as an analysis states it: 'Met: …' or 'Not met: …'. */
export const checkLine = (check: Pick<Finding, "met" | "message">) =>
  `${check.met ? "Met" : "Not met"}: ${check.message}`;

/** One card's words for a summary; an analysis's findings ('Met: …', 'Not met: …') when it has them. */
export interface SummaryCard {
  title: string;
  text: string;
  findings?: string[];
}

/**
 * The checks an analysis card stated: its findings' 'Met: …' and 'Not met: …' lines, else the
 * '- Met: …' lines of its text (the embedded analysis writes them so).
 */
export function statedChecks(card: SummaryCard): { met: boolean; message: string }[] {
  const lines =
    card.findings ?? card.text.split("\n").flatMap((line) => (line.startsWith("- ") ? [line.slice(2)] : []));
  return lines.flatMap((line) => {
    const m = /^(Met|Not met): (.+)$/.exec(line.trim());
    return m ? [{ met: m[1] === "Met", message: m[2]! }] : [];
  });
}

/**
 * The checks a summary states: each analysis card's, as it stated them (once), then the summary's own
 * brief's checks of values no analysis judged, so no value is met in one line and missed in another.
 */
export function summaryChecks(cards: SummaryCard[], checks: Finding[]): Pick<Finding, "met" | "message">[] {
  const carried: Pick<Finding, "met" | "message">[] = [];
  for (const card of cards)
    for (const check of statedChecks(card)) if (!carried.some((c) => c.message === check.message)) carried.push(check);
  const own = checks.filter(
    (check) =>
      !carried.some((c) => c.message === check.message || (check.label && c.message.startsWith(`${check.label}: `))),
  );
  return [...carried, ...own];
}

/**
 * A summary of a whole run: each card's result in a line, the measured facts, the checks, and a
 * closing line about the end user's own plan. It never contradicts an analysis: an analysis card's
 * checks are carried as it stated them, and the summary's own brief judges no answer an analysis
 * already judged (each value is judged once in a run). As the analysis, it quotes no words of the
 * creator's brief beyond each check's verdict.
 */
export function summaryText(
  voice: Voice,
  cards: SummaryCard[],
  facts: string[],
  checks: Finding[],
  next: PlanStep | null = null,
): string {
  const lines = [`Summary of your ${voice.session} (${voice.subject})`, ""];
  if (cards.length === 0) lines.push("No card was completed before the summary.");
  for (const card of cards) {
    const stated = statedChecks(card);
    if (stated.length > 0)
      lines.push(`- ${card.title}: ${stated.filter((c) => c.met).length} of ${stated.length} checks met.`);
    else lines.push(`- ${card.title}: ${gist(card.text) || "(no answer)"}`);
  }
  if (facts.length > 0) {
    lines.push("", "Measured along the way:");
    for (const fact of facts) lines.push(`- ${fact}`);
  }
  const all = summaryChecks(cards, checks);
  const own = checks.filter((check) => all.includes(check));
  if (all.length > 0) {
    const met = all.filter((c) => c.met).length;
    lines.push("", `${met} of ${all.length} checks of the brief met.`);
    for (const check of all) lines.push(`- ${checkLine(check)}`);
  }
  lines.push("");
  if (own.some((c) => !c.met)) lines.push(workOn(voice, own));
  lines.push(`Well done finishing this ${voice.session}, ${voice.practitioner}. ${nextStep(voice, next)}`);
  return lines.join("\n");
}

/** The closing words: the plan's current phase and its sessions when known, else the next session of the plan. */
function nextStep(voice: Voice, next: PlanStep | null): string {
  if (!next) return `Take what you noticed today into the next ${voice.session} of your plan.`;
  const where = `${next.label}, "${next.title}"`;
  return next.sessions.length > 0
    ? `Next in your plan, ${where}: ${next.sessions.join("; ")}.`
    : `Next in your plan: ${where}.`;
}

/** A picture's alternative text: what it is for, by its card's title (never the creator's brief). */
export function pictureAlt(voice: Voice, title: string | undefined): string {
  return `A picture for your ${voice.session} (${voice.subject})${title ? `: ${firstSentence(title, 200)}` : ""}`;
}
