import { Marked, type Tokens } from "marked";
import { escapeHtml } from "./html";

/**
 * Markdown to HTML for creator-written descriptions and our own pages. Raw HTML in the source is
 * shown as text, never injected, and links leaving the site open in a new tab.
 */

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(token.text);
    },
    link(this: any, token: Tokens.Link) {
      const href = token.href ?? "";
      if (/^\s*(javascript|data|vbscript):/i.test(href)) return escapeHtml(token.text);
      const text = this.parser.parseInline(token.tokens);
      const external = /^https?:\/\//i.test(href);
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : "";
      return `<a href="${escapeHtml(href)}"${title}${external ? ' target="_blank" rel="noopener noreferrer"' : ""}>${text}</a>`;
    },
  },
});

export function renderMarkdown(source: string): string {
  return marked.parse(source) as string;
}
