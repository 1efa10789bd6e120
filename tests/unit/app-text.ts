// What the embedded default's lexicon tests read of an app: every string value in its content, and
// whether a word appears as a whole word.

/** Every string value (not the keys) in a piece of content. */
export const stringsOf = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(stringsOf)
      : value && typeof value === "object"
        ? Object.values(value).flatMap(stringsOf)
        : [];

/** Whether `word` appears in `text` as a whole word, case-insensitively. */
export const wordIn = (text: string, word: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "iu").test(text);
