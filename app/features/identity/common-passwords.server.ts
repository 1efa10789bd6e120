/**
 * Refuses new passwords that are on a maintained list of common passwords (zxcvbn-ts's, about
 * 49,000 ranked by how often they appear in leaks; the ones 8 characters or longer are kept). The
 * list is a compact set of hashes (common-passwords.data.server.ts, written by
 * workers/common-passwords.mjs), decoded once per isolate. Server-only: browsers never download it.
 *
 * The list is a module of its own beside the worker (`#lazy/common-passwords`, workers/lazy-modules.mjs):
 * only the requests that set a password load it, the rest of the worker starts without its 57 KB.
 */

import { loadOnce } from "~/platform/load-once";

/** FNV-1a, 32 bits, over the UTF-8 bytes: the same function as the generator. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

type CompactList = { count: number; k: number; data: string };

/** The sorted hashes, from the Rice-coded gaps. */
function decode(list: CompactList): Uint32Array {
  const bytes = Uint8Array.from(atob(list.data), (c) => c.charCodeAt(0));
  const out = new Uint32Array(list.count);
  const k = list.k;
  let bit = 0;
  const next = () => (bytes[bit >> 3] >> (7 - (bit++ & 7))) & 1;
  let previous = 0;
  for (let i = 0; i < out.length; i++) {
    let quotient = 0;
    while (next() === 1) quotient++;
    let remainder = 0;
    for (let j = 0; j < k; j++) remainder = remainder * 2 + next();
    previous += quotient * 2 ** k + remainder;
    out[i] = previous;
  }
  return out;
}

/** The sorted hashes, decoded once per isolate (a failed load is not kept: the next request tries again). */
const commonHashes = loadOnce(async () => decode((await import("#lazy/common-passwords")).COMMON_PASSWORDS));

/**
 * The check, with the list loaded (once per isolate): true when the password (in any letter case) is
 * one of the common ones, or is made of fewer than three different characters ('aaaaaaaa',
 * '12121212'), which guessers try first whatever a list says.
 */
export async function commonPasswordCheck(): Promise<(password: string) => boolean> {
  const sorted = await commonHashes();
  return (password) => isListed(sorted, password);
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswordCheck())(password);
}

function isListed(hashes: Uint32Array, password: string): boolean {
  const lower = password.toLowerCase();
  if (new Set(lower).size < 3) return true;
  const target = fnv1a(lower);
  let low = 0;
  let high = hashes.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (hashes[middle] === target) return true;
    if (hashes[middle] < target) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}
