/**
 * The blueprint editor's plain-text forms (they work without JavaScript): a quiz written as text,
 * an activity's cards separated by '---' lines, outcomes one per line. Pure; the same rules read the
 * form on the server and show it again.
 *
 *   Which pose opens the hips?        ← a question
 *   - Downward dog                     ← an option
 *   * Low lunge                        ← the right option
 *                                      ← a blank line before the next question
 */
import { INPUT_TYPES, type ActivityCard, type Blueprint, type BlueprintItem } from "~/db/app-content";

type Quiz = Extract<BlueprintItem, { kind: "quiz" }>;
type Activity = Extract<BlueprintItem, { kind: "activity" }>;

export const blueprintFormMessages = {
  quizShape: "Write each question on its own line, its options below it starting with '-', and the right one with '*'",
  oneRight: (n: number) => `Question ${n} needs exactly one right option (start it with '*')`,
  twoOptions: (n: number) => `Question ${n} needs at least two options`,
  phaseTitle: "Give the phase a title",
  phaseFocus: "Say what the phase works on",
  phaseSessions: "List at least one session, one per line",
  phaseTooManySessions: "A phase has at most 7 sessions",
  phaseLevel: "Choose who the phase is for",
  lastPhase: "A blueprint needs at least one phase",
  tooManyPhases: "A blueprint has at most 60 phases",
  inputType: (n: number) => `Card ${n}: say what the input is, like [input number km]: ${INPUT_TYPES.join(", ")}`,
  inputPrompt: (n: number) => `Card ${n}: write what the card asks after [input …]`,
  choiceOptions: (n: number) => `Card ${n}: a choice needs at least two options, each on a line starting with '-'`,
  aiPrompt: (n: number) => `Card ${n}: write the card's prompt on the lines below its [ … ] line`,
  reads: (n: number) => `Card ${n}: say which earlier cards it reads by their numbers, like "reads 2, 3"`,
} as const;

export function quizToText(questions: Quiz["questions"]): string {
  return questions
    .map((q) => [q.question, ...q.options.map((o, i) => `${i === q.answer ? "*" : "-"} ${o}`)].join("\n"))
    .join("\n\n");
}

/** The questions written in `text`, or the first problem with them. */
export function quizFromText(text: string): { ok: true; questions: Quiz["questions"] } | { ok: false; error: string } {
  const blocks = text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((b) =>
      b
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .filter((b) => b.length > 0);
  if (blocks.length === 0) return { ok: false, error: blueprintFormMessages.quizShape };
  const questions: Quiz["questions"] = [];
  for (const [n, [question, ...lines]] of blocks.entries()) {
    if (!question || /^[-*]\s/.test(question)) return { ok: false, error: blueprintFormMessages.quizShape };
    const options = lines.map((l) => ({ right: l.startsWith("*"), text: l.replace(/^[-*]\s*/, "") }));
    if (lines.some((l) => !/^[-*]\s*\S/.test(l))) return { ok: false, error: blueprintFormMessages.quizShape };
    if (options.length < 2) return { ok: false, error: blueprintFormMessages.twoOptions(n + 1) };
    if (options.filter((o) => o.right).length !== 1) return { ok: false, error: blueprintFormMessages.oneRight(n + 1) };
    questions.push({ question, options: options.map((o) => o.text), answer: options.findIndex((o) => o.right) });
  }
  return { ok: true, questions };
}

// ---------------------------------------------------------------- activity cards as text
//
//   Warm up with ten minutes of easy running.          ← an instruction (Markdown)
//   ---
//   [input number km] How far did you run?             ← an input: its type, a unit, "optional"
//   ---
//   [input choice] How did it feel?
//   - Easy                                             ← a choice's options
//   - Hard
//   ---
//   [analysis "Your pace" reads 2, 3]                  ← an AI card: its title, the inputs it reads
//   Compare the distance with a target of 8 to 10 km.  ← its prompt
//   ---
//   [summary "Your week"]
//   Sum up the run and suggest one thing for next time.
//
// Cards are numbered from 1 in the order written; their ids are card-1, card-2… so "reads 2, 3"
// names the second and third cards.

const CARD_HEADER = /^\[(input|analysis|image|summary)\b([^\]]*)\]\s*(.*)$/;
const DEFAULT_TITLES = { analysis: "Analysis", image: "Picture", summary: "Summary" } as const;

function cardHeader(card: ActivityCard, position: (id: string) => number): string {
  switch (card.kind) {
    case "instruction":
      return card.body;
    case "input": {
      const head = ["input", card.inputType, card.unit, card.optional ? "optional" : null].filter(Boolean).join(" ");
      return [`[${head}] ${card.prompt}`, ...(card.options ?? []).map((o) => `- ${o}`)].join("\n");
    }
    case "analysis":
    case "image": {
      const reads = card.inputIds.map(position).filter((n) => n > 0);
      const prompt = card.kind === "analysis" ? card.analysisPrompt : card.generationPrompt;
      return `[${card.kind} "${card.title}" reads ${reads.join(", ")}]\n${prompt}`;
    }
    case "summary":
      return `[summary "${card.title}"]\n${card.summaryAnalysisPrompt}`;
  }
}

export function cardsToText(cards: Activity["cards"]): string {
  const position = (id: string) => cards.findIndex((c) => c.id === id) + 1;
  return cards.map((c) => cardHeader(c, position)).join("\n\n---\n\n");
}

type CardsRead = { ok: true; cards: Activity["cards"] } | { ok: false; error: string };

/** One card's text (its number n, from 1) → the card, or what is wrong with it in words. */
function cardFromText(body: string, n: number): ActivityCard | string {
  const id = `card-${n}`;
  const [first = "", ...rest] = body.split("\n");
  const header = CARD_HEADER.exec(first.trim());
  if (!header) return { id, kind: "instruction", body };
  const [, kind, args = "", after = ""] = header;
  const text = [after, ...rest].join("\n").trim();
  if (kind === "input") {
    const words = args.trim().split(/\s+/).filter(Boolean);
    const inputType = INPUT_TYPES.find((t) => t === words[0]);
    if (!inputType) return blueprintFormMessages.inputType(n);
    const optional = words.includes("optional");
    const unit =
      words
        .slice(1)
        .filter((w) => w !== "optional")
        .join(" ") || undefined;
    const lines = text.split("\n").map((l) => l.trim());
    const options = lines.filter((l) => /^-\s*\S/.test(l)).map((l) => l.replace(/^-\s*/, ""));
    const prompt = lines.filter((l) => l && !/^-\s*\S/.test(l)).join(" ");
    if (!prompt) return blueprintFormMessages.inputPrompt(n);
    if (inputType === "choice" && options.length < 2) return blueprintFormMessages.choiceOptions(n);
    return {
      id,
      kind: "input",
      inputType,
      prompt,
      ...(inputType === "choice" && { options }),
      ...(unit && inputType === "number" && { unit }),
      ...(optional && { optional: true }),
    };
  }
  const title = /"([^"]*)"/.exec(args)?.[1]?.trim() || DEFAULT_TITLES[kind as keyof typeof DEFAULT_TITLES];
  if (!text) return blueprintFormMessages.aiPrompt(n);
  if (kind === "summary") return { id, kind: "summary", title, summaryAnalysisPrompt: text };
  const reads = /\breads\b([\s\d,and]*)/i.exec(args.replace(/"[^"]*"/, ""))?.[1] ?? "";
  const numbers = reads.match(/\d+/g)?.map(Number) ?? [];
  if (numbers.length === 0 || numbers.some((k) => k < 1 || k >= n)) return blueprintFormMessages.reads(n);
  const inputIds = [...new Set(numbers)].map((k) => `card-${k}`);
  return kind === "analysis"
    ? { id, kind: "analysis", title, analysisPrompt: text, inputIds }
    : { id, kind: "image", title, generationPrompt: text, inputIds };
}

/** The cards written in `text` (separated by '---' lines), or the first problem with them. */
export function cardsFromText(text: string): CardsRead {
  const bodies = text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*---+\s*\n/)
    .map((body) => body.trim())
    .filter(Boolean);
  const cards: ActivityCard[] = [];
  for (const [i, body] of bodies.entries()) {
    const card = cardFromText(body, i + 1);
    if (typeof card === "string") return { ok: false, error: card };
    cards.push(card);
  }
  return { ok: true, cards };
}

export const linesOf = (text: string) =>
  text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/** Moves the item with this id one place up or down (unchanged at either end, or when absent). */
export function moveItem<T extends { id: string }>(items: T[], id: string, direction: "up" | "down"): T[] {
  const from = items.findIndex((i) => i.id === id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= items.length) return items;
  const next = [...items];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** Inserts after the item with this id (at the start for null, at the end when the id is unknown). */
export function insertAfter<T extends { id: string }>(items: T[], afterId: string | null, item: T): T[] {
  if (afterId === null) return [item, ...items];
  const at = items.findIndex((i) => i.id === afterId);
  if (at < 0) return [...items, item];
  return [...items.slice(0, at + 1), item, ...items.slice(at + 1)];
}

/** An id no other item has: the base, or base-2, base-3… */
export function freeItemId(items: { id: string }[], base: string): string {
  const taken = new Set(items.map((i) => i.id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base.slice(0, 60)}-${n}`)) return `${base.slice(0, 60)}-${n}`;
}

// ---------------------------------------------------------------- phase templates

export type PhaseTemplate = Blueprint["phaseTemplates"][number];
export const PHASE_LEVELS = ["all", "beginner", "intermediate", "advanced"] as const;

/** The phase form (title, focus, sessions one per line, level) → a phase template, or the first problem in the spec's plain words. */
export function phaseFromForm(values: {
  title: string;
  focus: string;
  sessions: string;
  level: string;
}): { ok: true; phase: PhaseTemplate } | { ok: false; error: string } {
  const title = values.title.trim();
  const focus = values.focus.trim();
  const sessions = linesOf(values.sessions);
  if (!title) return { ok: false, error: blueprintFormMessages.phaseTitle };
  if (!focus) return { ok: false, error: blueprintFormMessages.phaseFocus };
  if (sessions.length === 0) return { ok: false, error: blueprintFormMessages.phaseSessions };
  if (sessions.length > 7) return { ok: false, error: blueprintFormMessages.phaseTooManySessions };
  const level = (PHASE_LEVELS as readonly string[]).includes(values.level)
    ? (values.level as PhaseTemplate["level"])
    : null;
  if (!level) return { ok: false, error: blueprintFormMessages.phaseLevel };
  return { ok: true, phase: { title, focus, sessions, level } };
}

/** Moves the entry at `index` one place; out of range, the list is unchanged. */
export function moveAt<T>(list: T[], index: number, direction: "up" | "down"): T[] {
  const to = direction === "up" ? index - 1 : index + 1;
  if (!Number.isInteger(index) || index < 0 || index >= list.length || to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/**
 * The items in the order a drag left them: `order` must name every item exactly once, or the
 * reorder is refused (null), so a stale page can never drop or duplicate an item.
 */
export function reorderItems<T extends { id: string }>(items: T[], order: string[]): T[] | null {
  if (order.length !== items.length || new Set(order).size !== order.length) return null;
  const byId = new Map(items.map((i) => [i.id, i]));
  const next = order.map((id) => byId.get(id));
  return next.every((i): i is T => i !== undefined) ? next : null;
}
