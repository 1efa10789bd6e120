/**
 * The AI SDK and its two providers, as one module beside the worker (`#lazy/ai-sdk` in package.json
 * "imports", written by workers/lazy-modules.mjs): the first call to Workers AI or an
 * OpenAI-compatible endpoint loads it (./sdk-provider.ts); the embedded default never does, so the
 * worker's startup module does not carry it.
 */
export { createOpenAICompatible } from "@ai-sdk/openai-compatible";
export {
  experimental_transcribe,
  generateImage,
  generateText,
  NoObjectGeneratedError,
  NoTranscriptGeneratedError,
  Output,
} from "ai";
export { createWorkersAI } from "workers-ai-provider";
