/**
 * Reads a fetched HTML page with HTMLRewriter (workerd's streaming parser): its meta and link tags,
 * its title and the text of its content blocks (p, li, blockquote, headings…), leaving out what is
 * not content (nav, header, footer, aside, forms, script, style, svg…). What to make of them (a
 * link preview, a summary) is the caller's choice. Values are as written: entities undecoded.
 */

export interface TextBlock {
  text: string;
  /** Inside <main> or <article>. */
  main: boolean;
  heading: boolean;
}

export interface PageTags {
  /** meta property/name/itemprop (lower case) → content, as written; the first wins. */
  meta: Record<string, string>;
  title?: string;
  links: { rel: string; href: string; type?: string }[];
  lang?: string;
  blocks: TextBlock[];
}

const SKIPPED = "nav, header, footer, aside, form, script, style, noscript, template, svg, iframe, button, select";
const BLOCKS = "p, li, blockquote, pre, dd, figcaption, td, h1, h2, h3, h4, h5, h6";
/** Enough text to summarise any page; the rest is not kept. */
const MAX_TEXT_CHARS = 200_000;

export async function readPageTags(bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<PageTags> {
  const tags: PageTags = { meta: {}, links: [], blocks: [] };
  let skipDepth = 0;
  let mainDepth = 0;
  let inTitle = false;
  let title = "";
  let current: { text: string; heading: boolean } | null = null;
  let kept = 0;

  const flush = () => {
    if (current && current.text.trim() && kept < MAX_TEXT_CHARS) {
      const block: TextBlock = { text: current.text, main: mainDepth > 0, heading: current.heading };
      tags.blocks.push(block);
      kept += current.text.length;
    }
    current = null;
  };
  /** Runs `end` at the element's end tag, when it can have one. */
  const atEnd = (element: { onEndTag(handler: () => void): void }, end: () => void) => {
    try {
      element.onEndTag(end);
    } catch {
      // A void or self-closed element has no end tag: nothing to undo.
    }
  };

  const rewriter = new HTMLRewriter()
    .on("html", {
      element(e) {
        tags.lang ??= e.getAttribute("lang") ?? undefined;
      },
    })
    .on("meta", {
      element(e) {
        const key = (e.getAttribute("property") ?? e.getAttribute("name") ?? e.getAttribute("itemprop"))?.toLowerCase();
        const content = e.getAttribute("content");
        if (key && content !== null && !(key in tags.meta)) tags.meta[key] = content;
      },
    })
    .on("link", {
      element(e) {
        const rel = e.getAttribute("rel");
        const href = e.getAttribute("href");
        if (rel && href) tags.links.push({ rel, href, type: e.getAttribute("type") ?? undefined });
      },
    })
    .on("title", {
      element(e) {
        if (skipDepth > 0 || tags.title !== undefined) return;
        inTitle = true;
        atEnd(e, () => {
          inTitle = false;
          tags.title = title;
        });
      },
    })
    .on(SKIPPED, {
      element(e) {
        skipDepth++;
        atEnd(e, () => {
          skipDepth = Math.max(0, skipDepth - 1);
        });
      },
    })
    .on("main, article, [role=main]", {
      element(e) {
        mainDepth++;
        atEnd(e, () => {
          mainDepth = Math.max(0, mainDepth - 1);
        });
      },
    })
    .on(BLOCKS, {
      element(e) {
        flush();
        if (skipDepth > 0) return;
        current = { text: "", heading: /^h[1-6]$/.test(e.tagName) };
        atEnd(e, flush);
      },
    })
    .on("br", {
      element() {
        if (current) current.text += " ";
      },
    })
    .onDocument({
      text(chunk) {
        if (inTitle) title += chunk.text;
        else if (current && skipDepth === 0) current.text += chunk.text;
      },
    });

  const headers = { "Content-Type": contentType.includes("charset=") ? contentType : "text/html; charset=utf-8" };
  await rewriter.transform(new Response(bytes, { headers })).arrayBuffer();
  flush();
  if (tags.title === undefined && title) tags.title = title;
  return tags;
}
