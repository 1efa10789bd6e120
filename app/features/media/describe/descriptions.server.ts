/**
 * The media descriptions (spec 7 "Links and media descriptions"): for a video, an audio recording,
 * a PDF, a web page or an online video, a short description for the library card and a longer one
 * for the blueprint.
 *
 * The embedded default does real work without a model: container facts for recordings
 * (./containers), the PDF's text and an extractive summary (./pdf.server, ./summary), the page's
 * preview and a summary of its main text (./link-preview.server), the video's oEmbed answer and
 * page description (./youtube.server). With a configured model the recording is transcribed
 * (speech to text) and the text model writes both descriptions from the same material; the AI layer
 * falls back to the embedded result when the model fails.
 */
import { z } from "zod";
import { jobMeter, meterFor } from "~/features/apps/ai-meter.server";
import { aiFor, providerFor, type Ai } from "~/platform/adapters/ai/ai.server";
import type { ProviderName } from "~/platform/adapters/ai/provider";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { readMediaFacts, type MediaFacts } from "./containers";
import { asServiceError } from "./failures";
import { readLink } from "./link-preview.server";
import { openMedia, type MediaFile } from "./media-source.server";
import { clip, summarize } from "./summary";
import {
  CARD_MAX_CHARS,
  describePage,
  describePdfText,
  describeRecording,
  describeVideoLink,
  LONG_MAX_CHARS,
  type Described,
} from "./wording";
import { videoLinkMetadata } from "./youtube.server";

export const DESCRIBE_KINDS = ["video", "audio", "pdf", "link", "youtube"] as const;
export type DescribeKind = (typeof DESCRIBE_KINDS)[number];

export interface DescribeRequest {
  kind: DescribeKind;
  url: string;
  /** PDF (and, in the job, any kind): a shorter long description. */
  concise?: boolean;
  /** The site's own origin, so an absolute link to our /media/ reads R2 instead of the web. */
  origin?: string;
}

export interface MediaDescription extends Described {
  kind: DescribeKind;
  url: string;
  title: string | null;
  thumbnailUrl: string | null;
  /** What was measured or read: length, format, pages, site, author… (by kind). */
  metadata: Record<string, unknown>;
  /** Who wrote the words: "embedded" or the configured model's provider. */
  provider: ProviderName;
}

/** Bytes a speech model is sent at most (the common limit of hosted speech-to-text). */
const TRANSCRIBE_MAX_BYTES = 25 * 1024 * 1024;
/** PDFs described at most this large. */
export const PDF_MAX_BYTES = 20 * 1024 * 1024;

const describedSchema = z.object({
  description: z.string().trim().min(1).max(600),
  longDescription: z.string().trim().min(1).max(6000),
});

const SYSTEM = `You describe a creator's media for their learning app's media library. Answer one JSON object
{"description": string, "longDescription": string}. "description" is one or two plain sentences (at most
${CARD_MAX_CHARS} characters) for the library card: what it is and what it is about. "longDescription" is a few
short paragraphs (at most ${LONG_MAX_CHARS} characters) the creator can put into their app's blueprint: what it
covers, who it suits and how it could be used in a lesson. Use only the material given; do not invent facts.`;

interface Caller {
  userId: string;
  appId: string;
  /** The description job's id: its calls claim the same units on every attempt. */
  jobId?: string;
}

/** A caller with the model that describes for them (null on the embedded default). */
interface Describer extends Caller {
  ai: Ai | null;
}

/**
 * The configured model, or null on the embedded default (whose answer is the local one anyway).
 * A model's calls are the creator's generations; past the day's, the embedded words are used.
 */
function modelFor(app: AppContext, caller: Caller): Ai | null {
  const provider = providerFor(app.env, app.bindings);
  if (provider.name === "embedded") return null;
  const payer = { creatorId: caller.userId, appId: caller.appId };
  const meter = caller.jobId
    ? jobMeter(app, payer, caller.jobId, "embedded")
    : meterFor(app, payer, { whenRefused: "embedded" });
  return aiFor(app, { userId: caller.userId, appId: caller.appId, meter }, provider);
}

/** The model's words from `material`, or the embedded ones when there is no model or it fails. */
async function written(
  app: AppContext,
  caller: Describer,
  kind: DescribeKind,
  material: string,
  local: Described,
  concise = false,
): Promise<{ words: Described; provider: ProviderName }> {
  const ai = caller.ai;
  if (!ai) return { words: local, provider: "embedded" };
  const { value, provider } = await ai.structured({
    task: `describe-${kind}`,
    schema: describedSchema,
    system: SYSTEM,
    prompt: `${concise ? "Keep the long description to three sentences.\n\n" : ""}${material}`,
    local: () => local,
    maxTokens: 1200,
  });
  return {
    words: {
      description: clip(value.description, CARD_MAX_CHARS),
      longDescription: clip(value.longDescription, LONG_MAX_CHARS),
    },
    provider,
  };
}

const factsMetadata = (facts: MediaFacts | null, file: MediaFile) => ({
  fileName: file.name,
  contentType: file.contentType || null,
  sizeBytes: file.size,
  source: file.origin,
  ...(facts ?? {}),
});

async function describeRecordingAt(
  app: AppContext,
  caller: Describer,
  kind: "audio" | "video",
  request: DescribeRequest,
): Promise<MediaDescription> {
  const file = await openMedia(app, caller.appId, request.url, request.origin);
  const facts = await readMediaFacts(file);
  if (!facts && file.size === 0) throw new ServiceError("invalid", "That file is empty");
  const fileFacts = { name: file.name, sizeBytes: file.size, contentType: file.contentType };
  const ai = caller.ai;
  let transcript: string | null = null;
  let heardBy: ProviderName | null = null;
  if (ai && (!facts || facts.hasAudio)) {
    const bytes = await file.readAll(TRANSCRIBE_MAX_BYTES);
    if (bytes) {
      const heard = await ai.transcribe({
        task: `describe-${kind}`,
        bytes,
        contentType: file.contentType || `${kind}/${facts?.container.toLowerCase() ?? "mpeg"}`,
      });
      // The embedded fallback only measures the file: it heard nothing.
      if (heard.provider !== "embedded" && heard.value.trim()) {
        transcript = heard.value.trim();
        heardBy = heard.provider;
      }
    }
  }
  const summary = transcript ? summarize(transcript, { sentences: 4, maxChars: 700 }) : [];
  const local = describeRecording(kind, facts, fileFacts, transcript ? { summary } : null);
  const material = [
    `A ${kind === "video" ? "video" : "audio recording"} the creator uploaded or linked: ${file.name}.`,
    `Measured from the file: ${JSON.stringify(facts ?? { format: "unknown" })}.`,
    transcript ? `Transcript (speech to text):\n${clip(transcript, 12_000)}` : "It has not been transcribed.",
  ].join("\n");
  const { words, provider } = await written(app, caller, kind, material, local);
  return {
    kind,
    url: request.url,
    title: facts?.title ?? file.name,
    thumbnailUrl: null,
    metadata: {
      ...factsMetadata(facts, file),
      transcribed: transcript !== null,
      ...(transcript && { transcript: clip(transcript, 20_000), transcribedBy: heardBy }),
    },
    ...words,
    provider,
  };
}

async function describePdfAt(app: AppContext, caller: Describer, request: DescribeRequest): Promise<MediaDescription> {
  const file = await openMedia(app, caller.appId, request.url, request.origin);
  if (file.size !== null && file.size > PDF_MAX_BYTES)
    throw new ServiceError("invalid", `PDFs up to ${PDF_MAX_BYTES / 1024 / 1024} MB can be described`);
  const bytes = await file.readAll(PDF_MAX_BYTES);
  if (!bytes) throw new ServiceError("invalid", `PDFs up to ${PDF_MAX_BYTES / 1024 / 1024} MB can be described`);
  // Loaded on first use: PDF.js is large, and only PDF descriptions need it.
  const { readPdf } = await import("./pdf.server");
  const pdf = await readPdf(bytes);
  const fileFacts = { name: file.name, sizeBytes: file.size, contentType: file.contentType };
  const local = describePdfText(pdf, fileFacts, request.concise);
  const text = pdf.paragraphs.join("\n\n");
  const material = [
    `A ${pdf.pages}-page PDF: ${pdf.title ? `“${pdf.title}”` : file.name}${pdf.author ? ` by ${pdf.author}` : ""}.`,
    text ? `Its text:\n${clip(text, 16_000)}` : "It has no readable text (scanned pages?).",
  ].join("\n");
  const { words, provider } = await written(app, caller, "pdf", material, local, request.concise);
  return {
    kind: "pdf",
    url: request.url,
    title: pdf.title ?? file.name,
    thumbnailUrl: null,
    metadata: {
      fileName: file.name,
      sizeBytes: bytes.length,
      source: file.origin,
      pages: pdf.pages,
      author: pdf.author ?? null,
      subject: pdf.subject ?? null,
      words: text ? text.split(/\s+/).length : 0,
      concise: !!request.concise,
    },
    ...words,
    provider,
  };
}

async function describeLinkAt(app: AppContext, caller: Describer, request: DescribeRequest): Promise<MediaDescription> {
  const page = await readLink(app, request.url);
  const local = describePage(page.preview, page.paragraphs, request.concise);
  const material = [
    `A web page: ${JSON.stringify(page.preview)}.`,
    page.paragraphs.length ? `Its main text:\n${clip(page.paragraphs.join("\n\n"), 12_000)}` : "",
  ].join("\n");
  const { words, provider } = await written(app, caller, "link", material, local, request.concise);
  return {
    kind: "link",
    url: request.url,
    title: page.preview.title,
    thumbnailUrl: page.preview.image,
    metadata: { ...page.preview, contentType: page.contentType, paragraphs: page.paragraphs.length },
    ...words,
    provider,
  };
}

async function describeYoutubeAt(
  app: AppContext,
  caller: Describer,
  request: DescribeRequest,
): Promise<MediaDescription> {
  const video = await videoLinkMetadata(app, request.url);
  const local = describeVideoLink(video, request.concise);
  const material = `An online video: ${JSON.stringify({ ...video, description: clip(video.description ?? "", 6000) })}.`;
  const { words, provider } = await written(app, caller, "youtube", material, local, request.concise);
  return {
    kind: "youtube",
    url: request.url,
    title: video.title,
    thumbnailUrl: video.thumbnailUrl,
    metadata: { ...video },
    ...words,
    provider,
  };
}

/**
 * Describes the media `request` names for the app `caller.appId` (whose ownership the caller
 * checked). Every failure is a ServiceError: 400 for a link or file that cannot be described,
 * 403 for another app's upload, 404 for a missing one, 503 when a page or service did not answer.
 */
export async function describeMedia(
  app: AppContext,
  caller: Caller,
  request: DescribeRequest,
): Promise<MediaDescription> {
  const describer = { ...caller, ai: modelFor(app, caller) };
  try {
    switch (request.kind) {
      case "video":
      case "audio":
        return await describeRecordingAt(app, describer, request.kind, request);
      case "pdf":
        return await describePdfAt(app, describer, request);
      case "link":
        return await describeLinkAt(app, describer, request);
      case "youtube":
        return await describeYoutubeAt(app, describer, request);
    }
  } catch (error) {
    throw asServiceError(
      error,
      request.kind === "pdf" ? "PDF" : request.kind === "youtube" ? "YouTube video" : request.kind,
    );
  }
}
