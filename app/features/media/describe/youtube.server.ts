/**
 * An online video's metadata: the service's oEmbed answer (title, author, thumbnail; at
 * YOUTUBE_BASE_URL/oembed, a local stand-in in tests) and, where its page can be read, the length
 * and the description. Kept in KV for VIDEO_CACHE_SECONDS.
 */
import type { AppContext } from "~/platform/context";
import { safeFetch, WebFetchError } from "~/platform/adapters/web/safe-fetch.server";
import { ServiceError } from "~/platform/service-error";
import { asServiceError } from "./failures";
import { canonicalVideoUrl, oembedUrl, videoPageFacts, videoPageUrl, youtubeVideoId } from "./youtube";

export const VIDEO_CACHE_SECONDS = 6 * 60 * 60;
export const NOT_A_VIDEO_LINK = "That is not a YouTube video link";

export interface VideoLinkMetadata {
  videoId: string;
  url: string;
  title: string;
  author: string | null;
  authorUrl: string | null;
  thumbnailUrl: string | null;
  thumbnailWidth: number | null;
  thumbnailHeight: number | null;
  provider: string;
  durationSeconds: number | null;
  description: string | null;
}

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

async function fetchMetadata(app: AppContext, videoId: string): Promise<VideoLinkMetadata> {
  const base = app.env.YOUTUBE_BASE_URL;
  let answer: Record<string, unknown>;
  try {
    const oembed = await safeFetch(app.env, oembedUrl(base, videoId), { maxBytes: 64 * 1024, timeoutMs: 8_000 });
    answer = JSON.parse(new TextDecoder().decode(oembed.bytes)) as Record<string, unknown>;
  } catch (error) {
    // The service answers 401 for a private video and 404 for one that does not exist.
    if (error instanceof WebFetchError && (error.status === 401 || error.status === 403 || error.status === 404))
      throw new ServiceError("not-found", "That video is private, removed or does not exist");
    if (error instanceof SyntaxError) throw new ServiceError("unavailable", "YouTube's answer could not be read");
    throw error;
  }
  const title = str(answer.title);
  if (!title) throw new ServiceError("unavailable", "YouTube's answer has no title");
  const metadata: VideoLinkMetadata = {
    videoId,
    url: canonicalVideoUrl(videoId),
    title,
    author: str(answer.author_name),
    authorUrl: str(answer.author_url),
    thumbnailUrl: str(answer.thumbnail_url),
    thumbnailWidth: num(answer.thumbnail_width),
    thumbnailHeight: num(answer.thumbnail_height),
    provider: str(answer.provider_name) ?? "YouTube",
    durationSeconds: null,
    description: null,
  };
  try {
    const page = await safeFetch(app.env, videoPageUrl(base, videoId), {
      headers: { Accept: "text/html", "Accept-Language": "en" },
      timeoutMs: 8_000,
    });
    const facts = videoPageFacts(new TextDecoder().decode(page.bytes));
    metadata.durationSeconds = facts.durationSeconds ?? null;
    metadata.description = facts.description ?? null;
  } catch (error) {
    // The length and description are extras: oEmbed's answer stands on its own.
    console.warn("youtube: the video page could not be read", String(error));
  }
  return metadata;
}

/** The video `link` names, from KV or the service. ServiceError: 400 for a link that is no video's, 404 for a private or missing one. */
export async function videoLinkMetadata(app: AppContext, link: string): Promise<VideoLinkMetadata> {
  const videoId = youtubeVideoId(link);
  if (!videoId) throw new ServiceError("invalid", NOT_A_VIDEO_LINK);
  try {
    const key = `youtube:v1:${videoId}`;
    const cached = await app.bindings.CACHE.get<VideoLinkMetadata>(key, "json").catch(() => null);
    if (cached) return cached;
    const metadata = await fetchMetadata(app, videoId);
    app.ctx.waitUntil(
      app.bindings.CACHE.put(key, JSON.stringify(metadata), { expirationTtl: VIDEO_CACHE_SECONDS }).catch(
        () => undefined,
      ),
    );
    return metadata;
  } catch (error) {
    throw asServiceError(error, "YouTube video");
  }
}
