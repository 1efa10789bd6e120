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

export interface ImageRequest {
  prompt: string;
  width: number;
  height: number;
  /** Colours the picture should use (#rrggbb), for providers that can follow them. */
  palette?: string[];
  signal: AbortSignal;
}

export interface GeneratedImage {
  bytes: Uint8Array;
  contentType: "image/png" | "image/jpeg" | "image/webp";
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
