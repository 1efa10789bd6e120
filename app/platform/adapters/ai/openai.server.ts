/**
 * Any OpenAI-compatible endpoint (a hosted service, or a local model server such as llama.cpp,
 * Ollama or vLLM) through the AI SDK's `@ai-sdk/openai-compatible`: AI_BASE_URL (…/v1), AI_API_KEY,
 * AI_MODEL, and optionally AI_VISION_MODEL, AI_IMAGE_MODEL, AI_SPEECH_MODEL. Structured text is a
 * chat completion with `response_format: {type: "json_schema"}`; images /images/generations
 * (b64_json); vision a chat message with the picture as a data URL. That package has no
 * transcription model, so speech is the one call made here: /audio/transcriptions, as the SDK's
 * transcription model.
 */
import type { TranscriptionModel } from "ai";
import { fromBase64 } from "./bytes";
import { OPENAI_DEFAULT_MODELS } from "./models";
import { ProviderError, type AiProvider, type AiWork } from "./provider";
import { sdkProvider } from "./sdk-provider";

export interface OpenAiConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  visionModel?: string;
  imageModel?: string;
  speechModel?: string;
  /** For tests: the fetch to use (the worker's global one otherwise). */
  fetch?: typeof fetch;
}

type SpeechModel = Extract<TranscriptionModel, { specificationVersion: "v3" }>;

/** POST /audio/transcriptions (multipart: the model and the file) → {text}. */
function transcriptionModel(base: string, model: string, config: OpenAiConfig): SpeechModel {
  const doFetch = config.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  return {
    specificationVersion: "v3",
    provider: "openai-compatible.transcription",
    modelId: model,
    async doGenerate({ audio, mediaType, abortSignal }) {
      const bytes = typeof audio === "string" ? fromBase64(audio) : audio;
      const form = new FormData();
      form.set("model", model);
      form.set("file", new Blob([bytes.slice()], { type: mediaType }), `audio.${mediaType.split("/")[1] ?? "bin"}`);
      const response = await doFetch(`${base}/audio/transcriptions`, {
        method: "POST",
        headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
        body: form,
        signal: abortSignal,
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => "")).slice(0, 200);
        throw new ProviderError(
          `The speech model answered ${response.status}${detail ? `: ${detail}` : ""}`,
          response.status,
        );
      }
      const body = (await response.json().catch(() => null)) as { text?: unknown } | null;
      if (typeof body?.text !== "string") throw new ProviderError("The speech model answered no transcript");
      return {
        text: body.text,
        segments: [],
        language: undefined,
        durationInSeconds: undefined,
        warnings: [],
        response: { timestamp: new Date(), modelId: model, headers: Object.fromEntries(response.headers) },
      };
    },
  };
}

export function openAiProvider(config: OpenAiConfig): AiProvider {
  const base = config.baseUrl.replace(/\/+$/, "");
  const models: Record<AiWork, string> = {
    structured: config.model,
    vision: config.visionModel ?? config.model,
    image: config.imageModel ?? OPENAI_DEFAULT_MODELS.image,
    speech: config.speechModel ?? OPENAI_DEFAULT_MODELS.speech,
  };
  return sdkProvider({
    name: "openai",
    models,
    connect: (sdk) => {
      const endpoint = sdk.createOpenAICompatible({
        name: "openai",
        baseURL: base,
        apiKey: config.apiKey,
        fetch: config.fetch,
        // The answer's JSON Schema goes in response_format (json_schema), not in the instructions.
        supportsStructuredOutputs: true,
      });
      return {
        structured: endpoint.chatModel(models.structured),
        vision: endpoint.chatModel(models.vision),
        image: endpoint.imageModel(models.image),
        speech: transcriptionModel(base, models.speech, config),
        // Not OpenAI's strict mode: it refuses schemas with optional fields and length bounds, and
        // ./ai.server.ts validates every answer anyway.
        structuredOptions: { openai: { strictJsonSchema: false } },
        imageSize: (width, height) => `${width}x${height}`,
      };
    },
  });
}
