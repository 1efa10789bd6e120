/**
 * The embedded default's descriptions, in words, from what was measured or read: a short one for
 * the library card and a longer one for the blueprint. Pure.
 */
import type { MediaFacts } from "./containers";
import type { LinkPreview } from "./preview";
import { clip, squeeze, summarize } from "./summary";

/** The library card's description: a line or two. */
export const CARD_MAX_CHARS = 200;
/** The blueprint's description: a few paragraphs. */
export const LONG_MAX_CHARS = 2000;

export interface Described {
  description: string;
  longDescription: string;
}

/** 12 → "0:12", 155 → "2:35", 3723 → "1:02:03". */
export function formatClock(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
}

/** How long, as an adjective: "12-second", "3-minute", "1.5-hour". */
export function lengthAdjective(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))}-second`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)}-minute`;
  return `${Number((seconds / 3600).toFixed(1))}-hour`;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
}

const quoted = (title: string) => `“${title}”`;
/** "a" or "an" before a phrase as it is read aloud: an audio…, an 8-minute…, an 11-page…. */
const articleFor = (phrase: string) => (/^[aeiou8]|^1[18]-/i.test(phrase) ? "an" : "a");
const list = (parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join(", ");
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);
const channelWords = (n: number | undefined) => (n === 1 ? "mono" : n === 2 ? "stereo" : n ? `${n} channels` : null);
const rate = (hz: number | undefined) => (hz ? `${Number((hz / 1000).toFixed(1))} kHz` : null);

export interface FileFacts {
  name: string;
  sizeBytes: number | null;
  contentType: string;
}

/**
 * An audio or video file from its container's facts (null when the format could not be read) and,
 * when a speech model heard it, the summary of what is said.
 */
export function describeRecording(
  asked: "audio" | "video",
  facts: MediaFacts | null,
  file: FileFacts,
  heard: { summary: string[] } | null = null,
): Described {
  const video = facts ? facts.hasVideo : asked === "video";
  const what = video ? "video" : "audio recording";
  const seconds = facts?.durationSeconds ?? null;
  const subject = facts?.title ? `${quoted(facts.title)}${facts.artist ? ` by ${facts.artist}` : ""}` : null;
  const sized = seconds ? `${lengthAdjective(seconds)} ${what}` : what;
  const article = articleFor(sized);

  const card = subject
    ? `${subject}: ${article} ${sized}${seconds ? ` (${formatClock(seconds)})` : ""}.`
    : `${article[0].toUpperCase()}${article.slice(1)} ${sized}${seconds ? ` (${formatClock(seconds)})` : ""}, ${file.name}.`;

  const parts: string[] = [];
  if (facts) {
    const size = facts.width && facts.height ? `${facts.width}×${facts.height}` : null;
    const picture = video ? list([size, facts.videoCodec]) : "";
    const sound = facts.hasAudio
      ? list([facts.audioCodec, rate(facts.sampleRate), channelWords(facts.channels)])
      : video
        ? "no sound track"
        : "";
    const inside = video
      ? list([picture && `${picture} picture`, sound && (facts.hasAudio ? `${sound} sound` : sound)])
      : sound;
    parts.push(
      sentence(
        `${subject ?? `This ${what}`} is ${article} ${sized}${seconds ? ` (${formatClock(seconds)})` : ""} in ${facts.container}${inside ? ` (${inside})` : ""}`,
      ),
    );
    if (facts.album) parts.push(sentence(`It is part of ${quoted(facts.album)}`));
  } else {
    parts.push(sentence(`This ${what} is a ${file.contentType || "media"} file whose format could not be read`));
  }
  if (file.sizeBytes)
    parts.push(
      sentence(
        `The file, ${file.name}, is ${formatSize(file.sizeBytes)}${facts?.bitrateKbps ? `, about ${facts.bitrateKbps} kbit/s` : ""}`,
      ),
    );
  const long = [parts.join(" ")];
  if (heard?.summary.length) long.push(`What is said: ${heard.summary.join(" ")}`);
  else if (!facts || facts.hasAudio)
    long.push("No speech model is configured, so what is said in it has not been transcribed.");
  return { description: clip(card, CARD_MAX_CHARS), longDescription: clip(long.join("\n\n"), LONG_MAX_CHARS) };
}

export interface PdfFacts {
  pages: number;
  paragraphs: string[];
  title?: string;
  author?: string;
}

/** A PDF from its text: the best sentences (three when concise, else eight) under its title and length. */
export function describePdfText(pdf: PdfFacts, file: FileFacts, concise = false): Described {
  const title = pdf.title ?? null;
  const pages = `${pdf.pages}-page PDF`;
  const summary = summarize(pdf.paragraphs, {
    sentences: concise ? 3 : 8,
    maxChars: concise ? 600 : LONG_MAX_CHARS - 300,
    title: title ?? undefined,
  });
  const [top] = summarize(pdf.paragraphs, { sentences: 1, maxChars: CARD_MAX_CHARS, title: title ?? undefined });
  const heading = sentence(
    `${title ? quoted(title) : file.name}${pdf.author ? ` by ${pdf.author}` : ""} is ${articleFor(pages)} ${pages}`,
  );
  if (!summary.length)
    return {
      description: clip(`${heading} It has no readable text (it may be scanned pages).`, CARD_MAX_CHARS),
      longDescription: `${heading} It has no readable text: it may be made of scanned pages.`,
    };
  return {
    description: clip(top ?? summary[0], CARD_MAX_CHARS),
    longDescription: clip(`${heading}\n\n${summary.join(" ")}`, LONG_MAX_CHARS),
  };
}

/** A web page from its preview and the best sentences of its main text. */
export function describePage(preview: LinkPreview, paragraphs: string[], concise = false): Described {
  const title = preview.title;
  const summary = summarize(paragraphs, {
    sentences: concise ? 3 : 6,
    maxChars: concise ? 600 : LONG_MAX_CHARS - 500,
    title: title ?? undefined,
  });
  const where = preview.siteName ?? new URL(preview.url).hostname;
  const heading = sentence(
    `${title ? `${quoted(title)} is a page on ${where}` : `A page on ${where}`}${preview.author ? `, by ${preview.author}` : ""}`,
  );
  const lead = preview.description ? sentence(squeeze(preview.description)) : null;
  // The page's own description, unless the summary already opens with it.
  const body = [lead && !summary.some((s) => lead.startsWith(s.slice(0, 60))) ? lead : null, summary.join(" ")]
    .filter(Boolean)
    .join("\n\n");
  const card = lead ?? summary[0] ?? heading;
  return {
    description: clip(card, CARD_MAX_CHARS),
    longDescription: clip(body ? `${heading}\n\n${body}` : heading, LONG_MAX_CHARS),
  };
}

export interface VideoLinkFacts {
  title: string;
  author: string | null;
  description: string | null;
  durationSeconds: number | null;
  provider: string;
}

/** An online video from its oEmbed answer and its page's description (links and hashtag lines left out). */
export function describeVideoLink(video: VideoLinkFacts, concise = false): Described {
  const by = video.author ? ` by ${video.author}` : "";
  const length = video.durationSeconds ? ` (${formatClock(video.durationSeconds)})` : "";
  const heading = `${quoted(video.title)} is a video${by} on ${video.provider}${length}.`;
  const lines = (video.description ?? "")
    .split(/\n+/)
    .map((l) => squeeze(l))
    .filter((l) => l && !/^(https?:\/\/\S+|(#\S+\s*)+|\d{1,2}:\d{2}(:\d{2})?\s.*)$/i.test(l) && /\p{L}{3}/u.test(l));
  const text = lines.join("\n");
  const about =
    text.length <= (concise ? 400 : 900)
      ? lines.join(" ")
      : summarize(lines, { sentences: concise ? 3 : 5, maxChars: concise ? 400 : 900, title: video.title }).join(" ");
  return {
    description: clip(`${quoted(video.title)}${by}: a video on ${video.provider}${length}.`, CARD_MAX_CHARS),
    longDescription: clip(about ? `${heading}\n\n${about}` : heading, LONG_MAX_CHARS),
  };
}
