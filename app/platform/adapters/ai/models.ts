/**
 * The models each provider uses for each kind of work, in one place. Workers AI's are its catalogue
 * names; an OpenAI-compatible endpoint takes AI_MODEL (text and vision unless AI_VISION_MODEL),
 * AI_IMAGE_MODEL and AI_SPEECH_MODEL, with the defaults below.
 */
import type { AiWork } from "./provider";

export const WORKERS_AI_MODELS: Record<AiWork, string> = {
  structured: "@cf/meta/llama-3.3-70b-instruct-fp8-fast",
  image: "@cf/black-forest-labs/flux-1-schnell",
  // A chat model that reads images (the SDK sends the picture as an image part of the message).
  vision: "@cf/meta/llama-4-scout-17b-16e-instruct",
  speech: "@cf/openai/whisper",
};

export const OPENAI_DEFAULT_MODELS: Record<Exclude<AiWork, "structured" | "vision">, string> = {
  image: "gpt-image-1",
  speech: "whisper-1",
};

/** The embedded default names its own generators, so usage records say what made each result. */
export const EMBEDDED_MODELS: Record<AiWork, string> = {
  structured: "embedded-taxonomy-v1",
  // A designed cover (the caller's words set on shapes in its colours), or an abstract backdrop.
  image: "embedded-designed-cover-v1",
  vision: "embedded-image-measure-v1",
  speech: "embedded-audio-measure-v1",
};
