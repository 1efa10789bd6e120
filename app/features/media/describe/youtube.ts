/**
 * Online-video links (YouTube): which links name a video, the service's addresses for it, and what
 * its page says (description, length) beyond the oEmbed answer. Pure.
 */
import { decodeEntities } from "./html-text";

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const PATH_FORMS = ["shorts", "embed", "live", "v", "e"];

/**
 * The video id of a YouTube link: youtube.com/watch?v=…, youtu.be/…, /shorts/…, /embed/…, /live/…
 * (www., m., music., youtube-nocookie.com; with or without https://). Null for anything else.
 */
export function youtubeVideoId(link: string): string | null {
  const text = link.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split("/").filter(Boolean);
  let id: string | null | undefined = null;
  if (host === "youtu.be" || host === "www.youtu.be") id = parts[0];
  else if (HOSTS.has(host)) {
    if (parts[0] === "watch") id = url.searchParams.get("v") ?? parts[1];
    else if (PATH_FORMS.includes(parts[0])) id = parts[1];
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

/** The one link every form of a video's address comes to. */
export const canonicalVideoUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

/** The oEmbed question for a video, at the service's (configurable) base address. */
export const oembedUrl = (base: string, id: string) =>
  `${base.replace(/\/+$/, "")}/oembed?url=${encodeURIComponent(canonicalVideoUrl(id))}&format=json`;

export const videoPageUrl = (base: string, id: string) => `${base.replace(/\/+$/, "")}/watch?v=${id}`;

/** "PT1H2M3S" → 3723; null when it is not an ISO 8601 duration. */
export function isoDurationSeconds(text: string): number | null {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(text.trim());
  if (!match || text.trim() === "P" || text.trim() === "PT") return null;
  const [, d, h, m, s] = match;
  return Number(d ?? 0) * 86400 + Number(h ?? 0) * 3600 + Number(m ?? 0) * 60 + Number(s ?? 0);
}

/** A JSON string literal's value (the text between its quotes), or null when it is not valid. */
function jsonString(literal: string): string | null {
  try {
    const value: unknown = JSON.parse(`"${literal}"`);
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

const attribute = (html: string, pattern: RegExp) => {
  const tag = pattern.exec(html)?.[0];
  return tag ? (/\scontent\s*=\s*"([^"]*)"/i.exec(tag)?.[1] ?? /\scontent\s*=\s*'([^']*)'/i.exec(tag)?.[1]) : undefined;
};

export interface VideoPageFacts {
  description?: string;
  durationSeconds?: number;
}

/**
 * What a video page says beyond oEmbed: its full description (the player data's shortDescription,
 * else the description meta tag) and its length (lengthSeconds, else the duration meta tag).
 */
export function videoPageFacts(html: string): VideoPageFacts {
  const facts: VideoPageFacts = {};
  const short = /"shortDescription"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(html)?.[1];
  const description = short === undefined ? null : jsonString(short);
  if (description?.trim()) facts.description = description.trim();
  else {
    const meta =
      attribute(html, /<meta\b[^>]*\b(?:name|property)\s*=\s*["'](?:og:)?description["'][^>]*>/i) ?? undefined;
    if (meta?.trim()) facts.description = decodeEntities(meta).trim();
  }
  const length = /"lengthSeconds"\s*:\s*"?(\d+)"?/.exec(html)?.[1];
  if (length && Number(length) > 0) facts.durationSeconds = Number(length);
  else {
    const iso = attribute(html, /<meta\b[^>]*\bitemprop\s*=\s*["']duration["'][^>]*>/i);
    const seconds = iso ? isoDurationSeconds(iso) : null;
    if (seconds) facts.durationSeconds = seconds;
  }
  return facts;
}
