/**
 * Reading a web page a creator links to: its preview (title, description, image, site name, from
 * Open Graph, Twitter, the standard tags and the page's oEmbed answer) and its main text, for the
 * link's description. Fetched through the safe fetch, read with HTMLRewriter, and kept in KV for
 * PAGE_CACHE_SECONDS so a preview and then a description of the same link fetch it once.
 */
import type { AppContext } from "~/platform/context";
import { sha256Hex } from "~/platform/crypto.server";
import { readPageTags } from "~/platform/adapters/web/page-reader.server";
import { checkedUrl, safeFetch } from "~/platform/adapters/web/safe-fetch.server";
import { asServiceError } from "./failures";
import { oembedLink, pageParagraphs, previewFromTags, type LinkPreview, type OembedAnswer } from "./preview";
import { fileNameOf } from "./sources";

export const PAGE_CACHE_SECONDS = 6 * 60 * 60;
/** Text kept per page: plenty for a summary, small enough for a KV value. */
const MAX_KEPT_CHARS = 60_000;

export interface PageRead {
  preview: LinkPreview;
  paragraphs: string[];
  contentType: string;
}

const isHtml = (contentType: string, bytes: Uint8Array) =>
  /text\/html|application\/xhtml\+xml/.test(contentType) ||
  (!contentType && /^\s*</.test(new TextDecoder().decode(bytes.subarray(0, 64))));

async function readOembed(app: AppContext, url: string): Promise<OembedAnswer | null> {
  try {
    const answer = await safeFetch(app.env, url, { maxBytes: 256 * 1024, timeoutMs: 5_000 });
    const value: unknown = JSON.parse(new TextDecoder().decode(answer.bytes));
    return value && typeof value === "object" ? (value as OembedAnswer) : null;
  } catch {
    // The page's own tags still make a preview.
    return null;
  }
}

async function fetchPage(app: AppContext, url: string): Promise<PageRead> {
  const page = await safeFetch(app.env, url, {
    headers: { Accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5" },
  });
  const contentType = page.contentType.split(";")[0].trim();
  if (!isHtml(page.contentType, page.bytes)) {
    // A link to a file (an image, a PDF…): its name is its title.
    const host = new URL(page.url).hostname.replace(/^www\./, "");
    return {
      preview: {
        url: page.url,
        title: fileNameOf(page.url),
        description: null,
        image: contentType.startsWith("image/") ? page.url : null,
        siteName: host,
        author: null,
        favicon: null,
        type: contentType || null,
      },
      paragraphs: [],
      contentType,
    };
  }
  const tags = await readPageTags(page.bytes, page.contentType);
  const oembed = oembedLink(tags, page.url);
  const preview = previewFromTags(tags, page.url, oembed ? await readOembed(app, oembed) : null);
  const paragraphs: string[] = [];
  let kept = 0;
  for (const paragraph of pageParagraphs(tags.blocks)) {
    if (kept + paragraph.length > MAX_KEPT_CHARS) break;
    paragraphs.push(paragraph);
    kept += paragraph.length;
  }
  return { preview, paragraphs, contentType };
}

/** The page at `link`, from KV when read in the last PAGE_CACHE_SECONDS. Throws ServiceError. */
export async function readLink(app: AppContext, link: string): Promise<PageRead> {
  try {
    const url = checkedUrl(app.env, link.trim()).toString();
    const key = `link-page:v1:${await sha256Hex(url)}`;
    const cached = await app.bindings.CACHE.get<PageRead>(key, "json").catch(() => null);
    if (cached) return cached;
    const read = await fetchPage(app, url);
    app.ctx.waitUntil(
      app.bindings.CACHE.put(key, JSON.stringify(read), { expirationTtl: PAGE_CACHE_SECONDS }).catch(() => undefined),
    );
    return read;
  } catch (error) {
    throw asServiceError(error, "link");
  }
}

export async function linkPreview(app: AppContext, link: string): Promise<LinkPreview> {
  return (await readLink(app, link)).preview;
}
