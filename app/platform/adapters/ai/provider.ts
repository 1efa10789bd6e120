/**
 * The AI layer's provider interface: the four kinds of work the builder needs, in wire-neutral
 * terms. Three providers implement it (workers-ai and openai through the AI SDK, ./sdk-provider.ts;
 * and embedded); ./ai.server.ts chooses one from configuration and wraps every call with a timeout,
 * one retry, validation, the embedded fallback and a usage record. Providers only talk to their
 * service; they never validate or record.
 */
import type { ZodType, ZodTypeDef } from "zod";

export type ProviderName = "workers-ai" | "openai" | "embedded";
export type AiWork = "structured" | "image" | "vision" | "speech";

export interface StructuredRequest {
  /** What the model is (its instructions); the answer must be one JSON object. */
  system: string;
  prompt: string;
  /** The answer's schema: the SDK asks the model for it (structured output); ./ai.server.ts validates. */
  schema: ZodType<unknown, ZodTypeDef, unknown>;
  maxTokens?: number;
  /** The embedded default's answer: the calling feature's own generator (no model). */
  local: () => unknown;
  signal: AbortSignal;
}

/**
 * The words of a designed cover: what the embedded default sets in type when no model draws the
 * picture (./embedded/cover.ts). A model is given the prompt, never these.
 */
export interface CoverWords {
  /** The line set large: the app's name, or the section's. */
  title: string;
  /** A short line under the title: what the app is about, or what the section says. */
  subtitle?: string;
  /** A small line above the title, in spaced capitals: the practice, or the app's name. */
  kicker?: string;
  /** Another arrangement of the same words (a new picture asked for): any text; the same gives the same cover. */
  variant?: string;
}

export interface ImageRequest {
  /** What a model is asked to draw: the caller's own words (the app, its subject, the section). */
  prompt: string;
  /** The size asked for; a model may answer another (GeneratedImage says which). */
  width: number;
  height: number;
  /** The colours the picture should use (#rrggbb: the theme's primary, accent and background, or a photo's). */
  palette?: string[];
  /** The cover's words, when the picture may be a designed cover; without them the embedded default paints an abstract backdrop. */
  cover?: CoverWords;
  signal: AbortSignal;
}

export interface GeneratedImage {
  bytes: Uint8Array;
  contentType: "image/png" | "image/jpeg" | "image/webp";
  /** The picture's real size, read from its bytes (a model may not draw the size asked for). */
  width: number;
  height: number;
}

export interface VisionRequest {
  bytes: Uint8Array;
  contentType: string;
  /** What to look for. */
  prompt: string;
  signal: AbortSignal;
}

export interface SpeechRequest {
  bytes: Uint8Array;
  contentType: string;
  signal: AbortSignal;
}

export interface AiProvider {
  readonly name: ProviderName;
  /** The model that does this kind of work (recorded with every call). */
  model(work: AiWork): string;
  /** The model's raw answer (JSON text, or an object); the caller parses and validates it. */
  structured(request: StructuredRequest): Promise<unknown>;
  image(request: ImageRequest): Promise<GeneratedImage>;
  describeImage(request: VisionRequest): Promise<string>;
  transcribe(request: SpeechRequest): Promise<string>;
}

/** An outside service answered with something unusable: retried once, then the embedded default. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}
