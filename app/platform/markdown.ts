import { Marked, type RendererThis, type Tokens } from "marked";
import { escapeHtml } from "./html";

/**
 * Markdown to HTML for creator-written descriptions and our own pages. Raw HTML in the source is
 * shown as text, never injected, links leaving the site open in a new tab, and every link and image
 * address passes safeLinkUrl (a refused link keeps its words as text; a refused image its alt text).
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  colon: ":",
  tab: "\t",
  newline: "\n",
  sol: "/",
  lpar: "(",
  rpar: ")",
  nbsp: "\u00a0",
};

/** HTML character references decoded, as a browser would before it reads an attribute. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

const LINK_SCHEMES = new Set(["https", "http", "mailto"]);
const IMAGE_SCHEMES = new Set(["https", "http"]);

/**
 * A link's (or, with `images`, an image's) address if it is safe to put in the page, else null.
 * Normalised first, the way a browser reads it: entities decoded, then every control character and
 * whitespace removed (browsers drop tabs and newlines inside a URL, so `java\tscript:` is
 * `javascript:`). Then an allow-list: https, http, mailto (not for images), or a scheme-less
 * address (a path, `#anchor`, `?query`). Anything else (javascript:, data:, vbscript:, file:…) is refused.
 */
export function safeLinkUrl(raw: string, { images = false } = {}): string | null {
  const url = decodeEntities(raw).replace(
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this strips
    /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]+/g,
    (run, offset: number, whole: string) =>
      // Spaces inside an address (not at its ends) stay, encoded; every other such character goes.
      / /.test(run) && offset > 0 && offset + run.length < whole.length ? "%20" : "",
  );
  if (!url) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme !== undefined) return (images ? IMAGE_SCHEMES : LINK_SCHEMES).has(scheme) ? url : null;
  // No scheme: a relative address. A colon before any / ? # would make some readers see one.
  return /^[^/?#]*:/.test(url) ? null : url;
}

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(token.text);
    },
    link(this: RendererThis, token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens);
      const href = safeLinkUrl(token.href ?? "");
      if (href === null) return text;
      const external = /^(https?:)?\/\//i.test(href);
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : "";
      return `<a href="${escapeHtml(href)}"${title}${external ? ' target="_blank" rel="noopener noreferrer"' : ""}>${text}</a>`;
    },
    image(token: Tokens.Image) {
      const src = safeLinkUrl(token.href ?? "", { images: true });
      if (src === null) return escapeHtml(token.text);
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : "";
      return `<img src="${escapeHtml(src)}" alt="${escapeHtml(token.text)}"${title}>`;
    },
  },
});

export function renderMarkdown(source: string): string {
  return marked.parse(source) as string;
}

/** The words of a Markdown text without its marks ('### Long run' → 'Long run'), for one-line excerpts. */
export function markdownToPlainText(source: string): string {
  return decodeEntities(renderMarkdown(source).replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}
