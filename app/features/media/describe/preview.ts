/**
 * A link preview from what a page says about itself: Open Graph first, then Twitter cards, then
 * the standard tags (<title>, meta description, link rel=icon/canonical/image_src), then the page's
 * oEmbed answer when it offers one. And the page's main text, for summaries. Pure: the tags are
 * collected by platform/adapters/web/page-reader.server.ts (HTMLRewriter).
 */
import type { PageTags, TextBlock } from "~/platform/adapters/web/page-reader.server";
import { decodeEntities } from "./html-text";
import { clip, squeeze } from "./summary";

export type { PageTags, TextBlock };

/** The oEmbed answer's fields a preview uses (https://oembed.com). */
export interface OembedAnswer {
  type?: string;
  title?: string;
  author_name?: string;
  author_url?: string;
  provider_name?: string;
  thumbnail_url?: string;
  thumbnail_width?: number;
  thumbnail_height?: number;
}

export interface LinkPreview {
  url: string;
  title: string | null;
  description: string | null;
  image: string | null;
  siteName: string | null;
  author: string | null;
  favicon: string | null;
  /** og:type, or the oEmbed type ("video", "rich"…). */
  type: string | null;
}

/** An http(s) URL from `href` against `base`, or null (javascript:, data:, garbage). */
export function absoluteHttpUrl(href: string | undefined | null, base: string): string | null {
  if (!href?.trim()) return null;
  try {
    const url = new URL(decodeEntities(href.trim()), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

const text = (value: string | undefined | null, max: number) => {
  const clean = value ? squeeze(decodeEntities(value)) : "";
  return clean ? clip(clean, max) : null;
};

const relHas = (rel: string, word: string) => rel.toLowerCase().split(/\s+/).includes(word);

/** Where the page's oEmbed answer is, when it says (<link rel="alternate" type="application/json+oembed">). */
export function oembedLink(tags: PageTags, pageUrl: string): string | null {
  const link = tags.links.find(
    (l) => relHas(l.rel, "alternate") && l.type?.toLowerCase() === "application/json+oembed",
  );
  return link ? absoluteHttpUrl(link.href, pageUrl) : null;
}

/** The preview, each field from the first source that has it. */
export function previewFromTags(tags: PageTags, pageUrl: string, oembed: OembedAnswer | null = null): LinkPreview {
  const m = (...keys: string[]) => keys.map((k) => tags.meta[k]).find((v) => v?.trim());
  const link = (word: string) => tags.links.find((l) => relHas(l.rel, word))?.href;
  const canonical = absoluteHttpUrl(m("og:url") ?? link("canonical"), pageUrl);
  const image =
    absoluteHttpUrl(
      m("og:image:secure_url", "og:image", "og:image:url", "twitter:image", "twitter:image:src"),
      pageUrl,
    ) ??
    absoluteHttpUrl(link("image_src") ?? m("image", "thumbnailurl"), pageUrl) ??
    absoluteHttpUrl(oembed?.thumbnail_url, pageUrl);
  const icon =
    tags.links.find((l) => relHas(l.rel, "icon") || relHas(l.rel, "apple-touch-icon"))?.href ?? "/favicon.ico";
  return {
    url: canonical ?? pageUrl,
    title: text(m("og:title", "twitter:title") ?? tags.title ?? oembed?.title ?? m("name"), 300),
    description: text(m("og:description", "twitter:description", "description"), 1000),
    image,
    siteName:
      text(m("og:site_name", "application-name", "twitter:site") ?? oembed?.provider_name, 100) ?? hostOf(pageUrl),
    author: text(m("author", "article:author", "twitter:creator") ?? oembed?.author_name, 200),
    favicon: absoluteHttpUrl(icon, pageUrl),
    type: text(m("og:type") ?? oembed?.type, 40),
  };
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return null;
  }
};

/**
 * The page's readable text as paragraphs: the blocks inside <main>/<article> when they hold enough
 * text to be the content, else every block read (navigation, footers and scripts were never
 * collected). Entities decoded, whitespace squeezed; headings, empty and repeated blocks dropped.
 */
export function pageParagraphs(blocks: TextBlock[], minMainChars = 200): string[] {
  const main = blocks.filter((b) => b.main);
  const mainChars = main.reduce((n, b) => n + b.text.length, 0);
  const chosen = mainChars >= minMainChars ? main : blocks;
  const seen = new Set<string>();
  const out: string[] = [];
  for (const block of chosen) {
    // Headings name what follows; as summary sentences they read as fragments.
    if (block.heading) continue;
    const clean = squeeze(decodeEntities(block.text));
    if (!clean || seen.has(clean)) continue;
    seen.add(clean);
    out.push(clean);
  }
  return out;
}
