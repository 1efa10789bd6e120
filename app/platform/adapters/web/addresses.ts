/**
 * Which addresses a server-side fetch may reach (the link previews and media descriptions fetch
 * pages a creator names). Pure rules, unit-tested on tables of addresses:
 *
 * - addressRefusal(ip): why an IPv4 or IPv6 address is not a public one (private, loopback,
 *   link-local, unique-local, CGNAT, multicast, unspecified, documentation, reserved…), with IPv4
 *   inside IPv6 (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) judged by its IPv4 part;
 * - hostnameRefusal(host): an IP literal by addressRefusal, and names that only mean something
 *   inside a network (localhost, *.localhost, *.local, *.internal, *.home.arpa, one-label names);
 * - the test and development allow-list (LINK_FETCH_ALLOW: "host:port, host:port"), which lets
 *   exactly the local stand-ins through. safe-fetch.server.ts never applies it in production.
 *
 * A Worker cannot resolve a name before fetching it, so a public name whose DNS points at a
 * private address is not caught here. In production that is Cloudflare's job: a Worker's fetch()
 * goes out through Cloudflare's network and cannot reach private networks or the machine it runs on.
 * The rule itself is written over resolved addresses, so a runtime that can resolve names applies
 * it unchanged to each answer.
 */

export type IpAddress = { version: 4; bytes: Uint8Array } | { version: 6; bytes: Uint8Array };

/** Dotted-quad IPv4 (exactly four decimal parts, as the URL parser normalises every IPv4 form). */
function parseIpv4(text: string): Uint8Array | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    if (!/^\d{1,3}$/.test(parts[i]) || Number(parts[i]) > 255) return null;
    bytes[i] = Number(parts[i]);
  }
  return bytes;
}

/** IPv6 text (with :: and a trailing dotted IPv4 allowed) as 16 bytes; null when it is not one. A zone (%eth0) is not accepted. */
function parseIpv6(text: string): Uint8Array | null {
  if (!/^[0-9a-f:.]+$/i.test(text) || text.split("::").length > 2) return null;
  const groups: number[] = [];
  const toGroups = (part: string): number[] | null => {
    if (part === "") return [];
    const out: number[] = [];
    const pieces = part.split(":");
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i];
      if (i === pieces.length - 1 && piece.includes(".")) {
        const v4 = parseIpv4(piece);
        if (!v4) return null;
        out.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) out.push(parseInt(piece, 16));
      else return null;
    }
    return out;
  };
  const [head, tail] = text.split("::");
  const first = toGroups(head);
  const last = tail === undefined ? [] : toGroups(tail);
  if (!first || !last) return null;
  if (tail === undefined) {
    if (first.length !== 8) return null;
    groups.push(...first);
  } else {
    const missing = 8 - first.length - last.length;
    if (missing < 1) return null;
    groups.push(...first, ...new Array<number>(missing).fill(0), ...last);
  }
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    bytes[i * 2] = g >> 8;
    bytes[i * 2 + 1] = g & 0xff;
  });
  return bytes;
}

/** An IP address from its text (IPv6 with or without brackets); null for anything else (a name). */
export function parseIp(text: string): IpAddress | null {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  const v4 = parseIpv4(bare);
  if (v4) return { version: 4, bytes: v4 };
  const v6 = bare.includes(":") ? parseIpv6(bare) : null;
  return v6 ? { version: 6, bytes: v6 } : null;
}

/** Whether the first `bits` bits of `bytes` equal those of `prefix`. */
function inPrefix(bytes: Uint8Array, prefix: number[], bits: number): boolean {
  for (let i = 0; i < bits; i++) {
    const byte = i >> 3;
    const mask = 0x80 >> (i & 7);
    if ((bytes[byte] & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
}

/** IPv4 ranges that are not the public internet (IANA special-purpose registry), with why. */
const IPV4_REFUSED: [number[], number, string][] = [
  [[0, 0, 0, 0], 8, "unspecified"],
  [[10, 0, 0, 0], 8, "private"],
  [[100, 64, 0, 0], 10, "shared (CGNAT)"],
  [[127, 0, 0, 0], 8, "loopback"],
  [[169, 254, 0, 0], 16, "link-local"],
  [[172, 16, 0, 0], 12, "private"],
  [[192, 0, 0, 0], 24, "reserved"],
  [[192, 0, 2, 0], 24, "documentation"],
  [[192, 88, 99, 0], 24, "reserved"],
  [[192, 168, 0, 0], 16, "private"],
  [[198, 18, 0, 0], 15, "benchmarking"],
  [[198, 51, 100, 0], 24, "documentation"],
  [[203, 0, 113, 0], 24, "documentation"],
  [[224, 0, 0, 0], 4, "multicast"],
  [[240, 0, 0, 0], 4, "reserved"],
];

/**
 * IPv6: only global unicast (2000::/3) is public, less the special blocks inside it; the blocks
 * that carry an IPv4 address are judged by it. Order matters: the first match answers.
 */
const IPV6_RULES: [number[], number, string | ((b: Uint8Array) => string | null)][] = [
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 128, "unspecified"],
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 128, "loopback"],
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96, (b) => ipv4Refusal(b.subarray(12))],
  [[0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96, (b) => ipv4Refusal(b.subarray(12))],
  [[0x20, 0x02], 16, (b) => ipv4Refusal(b.subarray(2, 6))],
  [[0x20, 0x01, 0x0d, 0xb8], 32, "documentation"],
  [[0x20, 0x01, 0x00, 0x00], 23, "reserved"],
  [[0x3f, 0xff], 20, "documentation"],
  [[0xfc], 7, "unique-local"],
  [[0xfe, 0x80], 10, "link-local"],
  [[0xfe, 0xc0], 10, "site-local"],
  [[0xff], 8, "multicast"],
  [[0x20], 3, (_) => null],
];

function ipv4Refusal(bytes: Uint8Array): string | null {
  const hit = IPV4_REFUSED.find(([prefix, bits]) => inPrefix(bytes, prefix, bits));
  return hit ? hit[2] : null;
}

/** Why this address is not a public one ("loopback", "private"…), or null when a fetch may reach it. */
export function addressRefusal(address: IpAddress | string): string | null {
  const ip = typeof address === "string" ? parseIp(address) : address;
  if (!ip) return "not an IP address";
  if (ip.version === 4) return ipv4Refusal(ip.bytes);
  const rule = IPV6_RULES.find(([prefix, bits]) => inPrefix(ip.bytes, prefix, bits));
  if (!rule) return "reserved";
  const verdict = rule[2];
  return typeof verdict === "string" ? verdict : verdict(ip.bytes);
}

/** Suffixes of names that only mean something inside a network (RFC 6761, 6762, 8375, ICANN's .internal). */
const LOCAL_SUFFIXES = ["localhost", "local", "internal", "home.arpa", "lan", "intranet", "corp", "localdomain"];

/**
 * Why a URL's hostname may not be fetched, or null. IP literals go through addressRefusal; names
 * are refused when they are local by definition, or have one label (resolved by a search domain).
 */
export function hostnameRefusal(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (!host) return "no host";
  const ip = parseIp(host);
  if (ip) return addressRefusal(ip);
  if (host.includes(":") || host.startsWith("[")) return "not a valid address";
  if (!host.includes(".")) return host === "localhost" ? "loopback" : "not a public name";
  if (LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))) return "a local name";
  // A name made only of digits and dots that is not a valid IPv4 address is no public name either.
  if (/^[\d.]+$/.test(host)) return "not a valid address";
  return null;
}

/** One allowed stand-in: a host (lower case, IPv6 without brackets) and its port. */
export interface AllowEntry {
  host: string;
  port: number;
}

/**
 * The allow-list's text, "127.0.0.1:18851, [::1]:18852, pages.test:8080" (commas or spaces), as
 * entries. Every entry names its port: a bare host would open every service on it. Throws on a
 * malformed entry, so a typo fails loudly instead of allowing something else.
 */
export function parseAllowList(text: string | undefined): AllowEntry[] {
  if (!text?.trim()) return [];
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):(\d{1,5})$/i.exec(entry);
      const port = match ? Number(match[2]) : 0;
      if (!match || port < 1 || port > 65535) throw new Error(`LINK_FETCH_ALLOW: "${entry}" is not host:port`);
      const host = match[1].toLowerCase();
      if (host.startsWith("[") && !parseIp(host))
        throw new Error(`LINK_FETCH_ALLOW: "${entry}" is not an IPv6 address`);
      return { host: host.replace(/^\[|\]$/g, ""), port };
    });
}

/** The URL's port as a number, the scheme's default when it has none. */
export function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

/** Whether the URL's host and port are exactly an allowed entry. */
export function allowListed(url: URL, allow: readonly AllowEntry[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  const port = portOf(url);
  return allow.some((entry) => entry.host === host && entry.port === port);
}

/**
 * Why a fetch of this URL is refused, or null: http(s) only, no user name or password in it (they
 * would be sent to whoever answers), and a public host unless the allow-list names its host and port.
 */
export function urlRefusal(url: URL, allow: readonly AllowEntry[] = []): string | null {
  if (url.protocol !== "http:" && url.protocol !== "https:") return "only http and https links can be read";
  if (url.username || url.password) return "links with a user name or password are not read";
  if (allowListed(url, allow)) return null;
  const why = hostnameRefusal(url.hostname);
  return why ? `${url.hostname} is not a public address (${why})` : null;
}
