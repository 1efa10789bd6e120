/**
 * Password hashing: PBKDF2-SHA256 through WebCrypto with a random 16-byte salt. Workers refuse more
 * than 100,000 iterations in one call, so that is the cost; the stored format names the algorithm
 * and the count ('pbkdf2-sha256$100000$salt$hash'), so it can be strengthened later.
 */
const ITERATIONS = 100_000;
const encoder = new TextEncoder();

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, ITERATIONS);
  return `pbkdf2-sha256$${ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterations, salt, hash] = stored.split("$");
  const count = Number(iterations);
  if (scheme !== "pbkdf2-sha256" || !Number.isInteger(count) || count < 1 || count > ITERATIONS || !salt || !hash)
    return false;
  const expected = fromBase64(hash);
  const actual = await derive(password, fromBase64(salt), count);
  return constantTimeEqual(actual, expected);
}

/** Compares every byte whatever the first difference, so timing says nothing about the secret. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i] ^ b[i];
  return difference === 0;
}

/** A hash to verify against when there is no such user, so a wrong email costs what a wrong password costs. */
export const DECOY_HASH = "pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
