/**
 * A shared copy's nonce, replaced in its bytes (shared-pages.server.ts). The copy's scripts carry the
 * nonce of the render that made it; each visitor's answer carries its own (a nonce is never reused).
 * Every nonce is 24 characters (platform/security-headers cspNonce: 16 random bytes, base64), so the
 * new one is written over the old at the places noted when the copy was made: no decoding of the page
 * to text and no new string (that cost a cached page ~0.1 ms), and the length, so Content-Length, stays.
 * Pure.
 */
const encoder = new TextEncoder();
const ATTRIBUTE = 'nonce="';

/** Where each `nonce="…"` with this nonce has its value, as byte offsets into the page. */
export function nonceOffsets(page: Uint8Array, nonce: string): number[] {
  const pattern = encoder.encode(`${ATTRIBUTE}${nonce}"`);
  const offsets: number[] = [];
  const last = page.length - pattern.length;
  for (let at = page.indexOf(pattern[0]); at !== -1 && at <= last; at = page.indexOf(pattern[0], at + 1)) {
    if (holds(page, at, pattern)) offsets.push(at + ATTRIBUTE.length);
  }
  return offsets;
}

/**
 * The page with `nonce` written over `old` (in place). The offsets noted with the copy are used when the
 * old nonce is at each of them; otherwise (no note, or a note that does not fit) the page is searched.
 */
export function replaceNonce<Page extends Uint8Array>(
  page: Page,
  old: string,
  nonce: string,
  noted: readonly number[] | null,
): Page {
  const from = encoder.encode(old);
  const to = encoder.encode(nonce);
  // A nonce of another length would shift the page: never the case for cspNonce's, refused if it were.
  if (to.length !== from.length) throw new Error("a copy's nonce is replaced by one of the same length");
  const offsets = noted?.every((at) => holds(page, at, from)) ? noted : nonceOffsets(page, old);
  for (const at of offsets) page.set(to, at);
  return page;
}

/** The offsets as a copy notes them (a header), and back; null for a missing note or one that is not offsets. */
export const offsetsNote = (offsets: readonly number[]) => offsets.join(",");
export function readOffsetsNote(note: string | null): number[] | null {
  if (note === null) return null;
  if (note === "") return [];
  return /^\d{1,9}(,\d{1,9})*$/.test(note) ? note.split(",").map(Number) : null;
}

function holds(page: Uint8Array, at: number, bytes: Uint8Array): boolean {
  if (at + bytes.length > page.length) return false;
  for (let i = 0; i < bytes.length; i++) if (page[at + i] !== bytes[i]) return false;
  return true;
}
