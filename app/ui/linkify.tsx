import { Fragment } from "react";

/**
 * Error messages may mention a web address ("see https://help.example/…"); the spec wants those to be
 * links that open in a new tab. The splitting is a pure function so it can be unit-tested on its own.
 */
export type LinkifyPart = { type: "text"; value: string } | { type: "link"; value: string; href: string };

// http(s)://… or www.… up to the next whitespace or angle bracket.
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
// Punctuation that usually ends the sentence rather than the address ("Go to www.x.com.").
const TRAILING = /[.,;:!?'"*_]+$/;

/** Drops sentence punctuation and unbalanced closing brackets from the end of a matched address. */
function trimAddress(raw: string): string {
  let value = raw;
  for (;;) {
    const before = value;
    value = value.replace(TRAILING, "");
    const last = value.at(-1);
    const pairs: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
    if (last && pairs[last]) {
      const open = value.split(pairs[last]).length - 1;
      const close = value.split(last).length - 1;
      // "(see www.x.com)" → drop the ")", but keep it in "https://x.org/wiki/A_(b)".
      if (close > open) value = value.slice(0, -1);
    }
    if (value === before) return value;
  }
}

export function linkifyParts(text: string): LinkifyPart[] {
  const parts: LinkifyPart[] = [];
  let cursor = 0;
  const push = (value: string) => {
    if (!value) return;
    const last = parts.at(-1);
    if (last && last.type === "text") last.value += value;
    else parts.push({ type: "text", value });
  };
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index ?? 0;
    const value = trimAddress(match[0]);
    // "www." or "https://" alone is not an address.
    if (/^(?:https?:\/\/|www\.)$/i.test(value)) continue;
    push(text.slice(cursor, start));
    const href = /^www\./i.test(value) ? `https://${value}` : value;
    parts.push({ type: "link", value, href });
    cursor = start + value.length;
  }
  push(text.slice(cursor));
  return parts;
}

/** Renders text with its web addresses as links opening in a new tab (announced as such). */
export function Linkify({ text }: { text: string }) {
  return (
    <>
      {linkifyParts(text).map((part, i) =>
        part.type === "text" ? (
          <Fragment key={i}>{part.value}</Fragment>
        ) : (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.value}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ),
      )}
    </>
  );
}
