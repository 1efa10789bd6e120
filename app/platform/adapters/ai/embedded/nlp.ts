/**
 * The part-of-speech tagger that reads a creator's idea (compromise, its "two" build: tagging and word
 * roots, no sentence transforms), as a module beside the worker (`#lazy/nlp`, workers/lazy-modules.mjs):
 * only requests that read an idea load it. ./idea.ts asks it which words are nouns, which are the
 * idea's audience and which word a gerund or plural comes from.
 */
import nlp from "compromise/two";

export interface TaggedTerm {
  /** The word as typed, without its punctuation. */
  text: string;
  /** Lowercase. */
  lower: string;
  /** Its root: 'openings' → 'opening', 'recovering' → 'recover'; the word itself when it has none. */
  root: string;
  tags: string[];
  /** Punctuation right after the word (',' ':' '.'), which ends a phrase. */
  after: string;
  /** Where the word is in the text: [start, end). */
  start: number;
  end: number;
}

/** The idea's words with their parts of speech. */
export function tagTerms(text: string): TaggedTerm[] {
  const doc = nlp(text);
  doc.compute("root");
  const sentences = doc.json({ offset: true }) as {
    terms: {
      text: string;
      normal?: string;
      root?: string;
      tags: string[];
      post: string;
      offset: { start: number; length: number };
    }[];
  }[];
  return sentences.flatMap((s) =>
    s.terms
      .filter((t) => t.text !== "")
      .map((t) => {
        const lower = (t.normal ?? t.text).toLowerCase();
        return {
          text: t.text,
          lower,
          root: (t.root ?? lower).toLowerCase(),
          tags: t.tags,
          after: t.post.trim(),
          start: t.offset.start,
          end: t.offset.start + t.offset.length,
        };
      }),
  );
}
