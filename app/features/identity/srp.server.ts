/**
 * SRP-6a as the hosted user pool speaks it (USER_SRP_AUTH and its PASSWORD_VERIFIER challenge), so
 * stock clients sign in without sending the password. The server's side only:
 * - at every password set, a salt and a verifier v = g^x mod N, x = H(salt | H(pool name | user id for
 *   SRP | ":" | password));
 * - at sign-in, B = k·v + g^b from the client's A; then the client proves it holds the password with
 *   an HMAC, keyed by the shared session key, over the pool name, the user id, the secret block and
 *   its timestamp.
 * The group is RFC 3526's 3072-bit MODP group with g = 2, hashes are SHA-256, and numbers are hashed
 * in the clients' "padded hex" (even length, a leading 00 when the top bit is set). Checked against
 * amazon-cognito-identity-js in tests/unit/srp.test.ts.
 */

import { bytesToBase64, constantTimeEqual } from "~/platform/crypto.server";

const N = BigInt(
  "0xFFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD" +
    "EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED" +
    "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F" +
    "83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B" +
    "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510" +
    "15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7" +
    "ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C" +
    "BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF",
);
const g = 2n;
const encoder = new TextEncoder();
/** How far a client's TIMESTAMP may be from the server's clock. */
export const SRP_CLOCK_SKEW_MS = 5 * 60_000;

/** The clients' padded hex: even length, and a leading "00" when the first digit has its top bit set. */
export function padHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 !== 0) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
}
const hexHash = (hex: string) => sha256(hexToBytes(hex));
const textHash = (text: string) => sha256(encoder.encode(text));

async function hmac(key: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const imported = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", imported, data));
}

/** base^exponent mod m by squaring; BigInt has no modPow of its own. */
export function modPow(base: bigint, exponent: bigint, m: bigint): bigint {
  let result = 1n;
  let b = ((base % m) + m) % m;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % m;
    e >>= 1n;
    b = (b * b) % m;
  }
  return result;
}

// The value is kept, never the promise: a promise made in one request's I/O context and awaited by
// another hangs that request forever in workerd if the first request ends before it settles.
let multiplier: bigint | null = null;
/** k = H(N | g), the same for every sign-in. */
const k = async () => (multiplier ??= BigInt(`0x${await hexHash(padHex(N) + padHex(g))}`));

const randomBigInt = (bytes: number) => BigInt(`0x${toHex(crypto.getRandomValues(new Uint8Array(bytes)))}`);

async function privateKey(poolName: string, userId: string, password: string, saltHex: string): Promise<bigint> {
  const inner = await textHash(`${poolName}${userId}:${password}`);
  return BigInt(`0x${await hexHash(padHex(BigInt(`0x${saltHex}`)) + inner)}`);
}

export type SrpVerifier = { salt: string; verifier: string };

/** What is stored for a password: a random 128-bit salt and v = g^x mod N, both hex. */
export async function makeVerifier(poolName: string, userId: string, password: string): Promise<SrpVerifier> {
  const salt = padHex(randomBigInt(16));
  const x = await privateKey(poolName, userId, password, salt);
  return { salt, verifier: padHex(modPow(g, x, N)) };
}

export type ServerEphemeral = { secret: string; publicB: string };

/**
 * The server's half of one sign-in: a random b (512 bits) and B = k·v + g^b mod N. Null when the
 * client's A is 0 mod N (the attack SRP-6a forbids).
 */
export async function serverEphemeral(publicAHex: string, verifierHex: string): Promise<ServerEphemeral | null> {
  const A = parseHex(publicAHex);
  if (A === null || A % N === 0n) return null;
  const v = BigInt(`0x${verifierHex}`);
  const kv = (await k()) * v;
  for (;;) {
    const b = randomBigInt(64);
    const B = (kv + modPow(g, b, N)) % N;
    if (B !== 0n) return { secret: b.toString(16), publicB: B.toString(16) };
  }
}

export function parseHex(text: string): bigint | null {
  if (!/^[0-9a-f]{1,1024}$/i.test(text)) return null;
  return BigInt(`0x${text}`);
}

/** The 16-byte session key both sides derive: HKDF-SHA256 of S with salt u, info "Caldera Derived Key". */
async function sessionKey(S: bigint, u: bigint): Promise<Uint8Array<ArrayBuffer>> {
  const prk = await hmac(hexToBytes(padHex(u)), hexToBytes(padHex(S)));
  const info = encoder.encode("Caldera Derived Key\u0001");
  return (await hmac(prk, info)).slice(0, 16);
}

export type PasswordClaim = {
  poolName: string;
  userId: string;
  publicA: string;
  ephemeral: ServerEphemeral;
  verifier: string;
  secretBlock: Uint8Array<ArrayBuffer>;
  timestamp: string;
  signature: string;
};

/** The signature a client holding the password sends for this sign-in (base64). */
export async function expectedSignature(claim: Omit<PasswordClaim, "signature">): Promise<string> {
  const A = BigInt(`0x${claim.publicA}`);
  const B = BigInt(`0x${claim.ephemeral.publicB}`);
  const u = BigInt(`0x${await hexHash(padHex(A) + padHex(B))}`);
  const v = BigInt(`0x${claim.verifier}`);
  const S = modPow(A * modPow(v, u, N), BigInt(`0x${claim.ephemeral.secret}`), N);
  const key = await sessionKey(S, u);
  const message = new Uint8Array([
    ...encoder.encode(claim.poolName),
    ...encoder.encode(claim.userId),
    ...claim.secretBlock,
    ...encoder.encode(claim.timestamp),
  ]);
  return bytesToBase64(await hmac(key, message));
}

/** True when the client's signature proves the password (compared in constant time). */
export async function verifyPasswordClaim(claim: PasswordClaim): Promise<boolean> {
  return constantTimeEqual(await expectedSignature(claim), claim.signature);
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The clients' TIMESTAMP ("Tue Nov 3 09:05:07 UTC 2026", the day unpadded) as epoch ms, or null. */
export function parseSrpTimestamp(text: string): number | null {
  const match = /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) ([A-Z][a-z]{2}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) UTC (\d{4})$/.exec(
    text,
  );
  if (!match) return null;
  const month = MONTHS.indexOf(match[2]);
  if (month < 0) return null;
  const [day, hours, minutes, seconds, year] = [3, 4, 5, 6, 7].map((i) => Number(match[i]));
  const at = Date.UTC(year, month, day, hours, minutes, seconds);
  const date = new Date(at);
  // Rejects impossible dates (Feb 30) and a weekday that does not match the date.
  if (
    date.getUTCDate() !== day ||
    WEEKDAYS[date.getUTCDay()] !== match[1] ||
    hours > 23 ||
    minutes > 59 ||
    seconds > 59
  )
    return null;
  return at;
}
