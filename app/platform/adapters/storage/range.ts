/**
 * One HTTP byte range (RFC 9110 14.1.2) over a stored object of `size` bytes: what audio and video
 * players send to seek. "bytes=a-b", "bytes=a-" and "bytes=-n" are honoured; a header that is not
 * one such range (several ranges, another unit, garbage) is ignored, so the whole object is sent,
 * as the RFC allows. A range starting past the end is unsatisfiable (a 416).
 */
export function byteRange(header: string, size: number): { offset: number; length: number } | "unsatisfiable" | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    const length = Math.min(suffix, size);
    return size === 0 ? "unsatisfiable" : { offset: size - length, length };
  }
  const start = Number(match[1]);
  if (start >= size) return "unsatisfiable";
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (end < start) return null;
  return { offset: start, length: end - start + 1 };
}
