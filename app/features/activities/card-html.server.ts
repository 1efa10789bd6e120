/**
 * A run's words as HTML, made on the server so the learner's screens ship no Markdown renderer:
 * instruction cards' Markdown, and the AI cards' analyses and summaries, which the embedded analyser
 * writes as paragraphs and "- " lists (a configured model writes Markdown). renderMarkdown shows raw
 * HTML as text and refuses unsafe addresses.
 */
import { renderMarkdown } from "~/platform/markdown";
import type { RunView } from "./runs.server";

/** Card id → HTML, for every instruction card and every AI card with a text result. */
export function cardsHtml(run: Pick<RunView, "cards" | "results">): Record<string, string> {
  const html: Record<string, string> = {};
  for (const card of run.cards) {
    if (card.kind === "instruction") html[card.id] = renderMarkdown(card.body);
    else if (card.kind === "analysis" || card.kind === "summary") {
      const result = run.results[card.id];
      const text = result?.status === "done" ? result.result?.text : undefined;
      if (typeof text === "string" && text) html[card.id] = renderMarkdown(text);
    }
  }
  return html;
}

export const textHtml = (text: string | null) => (text ? renderMarkdown(text) : null);
