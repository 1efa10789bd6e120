/**
 * The one rule for every redirect the product derives from input (a form's page or redirect field,
 * /theme's redirectTo, ?redirect=, a checkout's success or cancel path, the %2B rule): only a path
 * on this site. Pure, so the server, the rendered forms and the tests all use the same answer.
 */

/** Longer than any address the product makes; a longer one is not ours. */
const MAX_LENGTH = 2048;

/**
 * Printable ASCII without the space. Everything else is either a control character (a tab or CR/LF
 * that browsers strip, turning '/\t/evil' into '//evil', or that breaks the Location header), or
 * unicode that some parser maps to '/' or '\' (the fullwidth solidus). Our own paths are always
 * percent-encoded, so they never need more.
 */
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/** Control, format (zero-width, bidi overrides) and line or paragraph separators, once decoded. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/**
 * Slashes and backslashes in disguise, once decoded. NFKC folds the fullwidth and small forms to '/'
 * and '\' (caught by the comparison below); these it leaves alone.
 */
const SLASH_LOOKALIKES =
  // The two combining marks (U+0338, U+20E5) stand alone: in a class they would read as combined.
  /[\u2044\u2215\u2216\u2571\u2572\u27cb\u27cd\u29f5\u29f8\u29f9\u1735\u2cfa\u3033\u3035]|\u0338|\u20e5/u;

/** A decoded form of the path that a browser or proxy could still read as another host. */
function unsafeDecoded(path: string): boolean {
  if (path.includes("\\") || path.startsWith("//")) return true;
  if (INVISIBLE.test(path) || SLASH_LOOKALIKES.test(path)) return true;
  const folded = path.normalize("NFKC");
  const slashes = (text: string) => text.split("").filter((c) => c === "/" || c === "\\").length;
  return slashes(folded) !== slashes(path);
}

/**
 * The path itself when it is a same-origin path, else null: it starts with exactly one '/', holds
 * printable ASCII only (no backslash), and neither its percent-decoded forms (up to three rounds,
 * for double encoding) nor the browser's resolution of its dot segments turn it into '//host',
 * '/\host' or something with a control character or a look-alike slash. The query and fragment stay
 * encoded in the Location a browser follows, so only the path part is decoded.
 */
export function sameSitePath(to: unknown): string | null {
  if (typeof to !== "string" || to.length === 0 || to.length > MAX_LENGTH) return null;
  if (!PRINTABLE_ASCII.test(to) || to.includes("\\")) return null;
  if (!to.startsWith("/") || to.startsWith("//")) return null;
  let path = to.split(/[?#]/, 1)[0];
  for (let round = 0; round < 3; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null; // a malformed escape: not an address we made
    }
    if (unsafeDecoded(decoded)) return null;
    if (decoded === path) break;
    path = decoded;
  }
  // '/..//evil' resolves to '//evil': harmless in a browser, but not a path anyone should reuse.
  const resolved = new URL(to, "http://same-site.invalid");
  if (resolved.host !== "same-site.invalid" || resolved.pathname.startsWith("//")) return null;
  return to;
}

/** Only same-site paths may be redirected to ('/x' yes; '//evil.example', '/\t/evil', 'https://…' no): anything else is `fallback`. */
export function safeRedirectPath(to: unknown, fallback = "/"): string {
  return sameSitePath(to) ?? fallback;
}

/**
 * An address the payment APIs take (success_url, cancel_url: a full URL or a path) as a path of this
 * origin, or null when it names another origin or is not a safe path once resolved.
 */
export function sameOriginPath(value: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  // The raw value too: the URL parser strips tabs and newlines ('/\t/evil' would pass as '//evil'...).
  if (!/^https?:\/\//i.test(value) && !sameSitePath(value)) return null;
  return sameSitePath(url.pathname + url.search);
}

/** The query part of a page path, with its '?' ('/classes/a/b?p=vip' -> '?p=vip'; none -> ''). */
export function queryOf(page: string): string {
  const index = page.indexOf("?");
  return index === -1 ? "" : page.slice(index);
}
