/**
 * Who is asking, for throttles. In production the worker runs behind Cloudflare, whose edge sets
 * CF-Connecting-IP to the address the connection came from (a client cannot choose it), so that
 * address is the key: an IPv4 address, or an IPv6 address's /64 (one subscriber's block; every
 * address in it is the same client). Anywhere else (wrangler dev, `npm start`, the tests) a client
 * can send any CF-Connecting-IP it likes, so the header is ignored and every request is the one
 * local client: locally there is only the one machine to throttle.
 */
import type { Env } from "./env";

export interface Client {
  /** The throttle key: 'ip:<address>' or 'ip6:<first four groups>::/64', or 'local'. */
  key: string;
  /** Whether the key names a real connecting address (production) rather than the one local client. */
  trusted: boolean;
}

export const LOCAL_CLIENT: Client = { key: "local", trusted: false };

export function clientOf(env: Pick<Env, "ENVIRONMENT">, request: Request): Client {
  if (env.ENVIRONMENT !== "production") return LOCAL_CLIENT;
  const address = (request.headers.get("CF-Connecting-IP") ?? "").trim().toLowerCase();
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) return { key: `ip:${address}`, trusted: true };
  const prefix = ipv6Prefix(address);
  if (prefix) return { key: `ip6:${prefix}::/64`, trusted: true };
  // Cloudflare always sends the header; a request without a readable one shares one key.
  return { key: "ip:unknown", trusted: true };
}

/** The first four groups of an IPv6 address, written out in full (so '2001:db8::1' and '2001:0db8:0:0::2' agree). */
export function ipv6Prefix(address: string): string | null {
  if (!address.includes(":") || !/^[0-9a-f:.]+$/.test(address)) return null;
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groups = (text: string) => (text ? text.split(":") : []);
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  // An embedded IPv4 tail ('::ffff:1.2.3.4') is two groups; only the first four groups matter here.
  const tailCount = tail.reduce((n, g) => n + (g.includes(".") ? 2 : 1), 0);
  const missing = 8 - head.length - tailCount;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  const first = all.slice(0, 4);
  if (first.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return first.map((g) => g.padStart(4, "0")).join(":");
}
