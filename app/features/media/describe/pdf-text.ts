/**
 * A PDF's text as paragraphs. PDF text comes as lines (PDF.js marks each line's end); wrapped lines
 * are joined again, words hyphenated at a line's end are mended, page numbers and the running
 * headers and footers repeated on most pages are dropped, and short lines with no full stop
 * (headings) are left out. Pure.
 */
import { squeeze } from "./summary";

const PAGE_NUMBER = /^(page\s+)?\d+(\s*(of|\/)\s*\d+)?$/i;
const BULLET = /^([•▪◦‣∙·*–-]|\d{1,2}[.)]|[a-z][.)])\s+/i;

function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export function pdfParagraphs(pages: string[]): string[] {
  const pageLines = pages.map((page) =>
    page
      .split(/\r?\n/)
      .map((line) => squeeze(line))
      .filter((line) => !PAGE_NUMBER.test(line)),
  );
  // Running headers and footers: the same line on more than half of the pages (of three or more).
  const onPages = new Map<string, number>();
  for (const lines of pageLines)
    for (const line of new Set(lines)) if (line) onPages.set(line, (onPages.get(line) ?? 0) + 1);
  const running = (line: string) => pages.length >= 3 && (onPages.get(line) ?? 0) > pages.length / 2;

  const typical = median(
    pageLines
      .flat()
      .filter((l) => l.length > 20)
      .map((l) => l.length),
  );
  const paragraphs: string[] = [];
  let current = "";
  const end = () => {
    if (current.trim()) paragraphs.push(current.trim());
    current = "";
  };
  for (const lines of pageLines) {
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      if (!line) {
        end();
        continue;
      }
      if (running(line)) continue;
      const next = lines[i + 1] ?? "";
      const heading =
        !current && line.length < 80 && !/[.!?:;,]$/.test(line) && /^[\p{Lu}\d]/u.test(next) && !BULLET.test(line);
      if (heading) {
        end();
        continue;
      }
      if (BULLET.test(line)) end();
      if (current.endsWith("-") && /\p{L}-$/u.test(current) && /^\p{Ll}/u.test(line))
        current = current.slice(0, -1) + line;
      else current = current ? `${current} ${line}` : line;
      // A short line ending a sentence ends its paragraph.
      if (/[.!?]["'”’)]?$/.test(line) && typical > 0 && line.length < typical * 0.7) end();
    }
    end();
  }
  return paragraphs;
}
