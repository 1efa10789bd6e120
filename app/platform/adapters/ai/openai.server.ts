/**
 * Any OpenAI-compatible endpoint (a hosted service, or a local model server such as llama.cpp,
 * Ollama or vLLM) through the AI SDK's `@ai-sdk/openai-compatible`: AI_BASE_URL (…/v1), AI_API_KEY,
 * AI_MODEL, and optionally AI_VISION_MODEL, AI_IMAGE_MODEL, AI_SPEECH_MODEL. Structured text is a
 * chat completion with `response_format: {type: "json_schema"}`; images /images/generations
 * (base64, at the size a model of fixed sizes takes nearest the one asked: openAiImageSize below);
 * vision a chat message with the picture as a data URL. That package has no transcription model, so
 * speech is the one call made here: /audio/transcriptions, as the SDK's transcription model.
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

/**
 * The sizes an image model of OpenAI's takes (any other is refused with a 400); a model not named
 * here (a local server's) is asked for the size itself.
 */
const FIXED_SIZES: [RegExp, [number, number][]][] = [
  [
    /^gpt-image-/,
    [
      [1024, 1024],
      [1536, 1024],
      [1024, 1536],
    ],
  ],
  [
    /^dall-e-3$/,
    [
      [1024, 1024],
      [1792, 1024],
      [1024, 1792],
    ],
  ],
  [
    /^dall-e-2$/,
    [
      [256, 256],
      [512, 512],
      [1024, 1024],
    ],
  ],
];

/**
 * The size to ask `model` for a picture of width × height: for a model with fixed sizes, the one
 * nearest in shape (then the smallest at least as large, where several share the shape): 1200×630
 * asks gpt-image-1 for 1536x1024, 720×1280 for 1024x1536, 768×768 for 1024x1024.
 */
export function openAiImageSize(model: string, width: number, height: number): `${number}x${number}` {
  const sizes = FIXED_SIZES.find(([pattern]) => pattern.test(model))?.[1];
  if (!sizes) return `${width}x${height}`;
  const shape = Math.log(width / height);
  const distance = ([w, h]: [number, number]) => Math.abs(Math.log(w / h) - shape);
  const nearest = Math.min(...sizes.map(distance));
  const same = sizes.filter((s) => distance(s) - nearest < 1e-9);
  const [w, h] = same.find(([sw, sh]) => sw >= width && sh >= height) ?? same.at(-1)!;
  return `${w}x${h}`;
}

/** GPT image models answer base64 only and refuse `response_format` (which the SDK always sends): 400 "Unknown parameter". */
const takesNoResponseFormat = (model: string) => /^gpt-image-/.test(model);

/** A fetch that drops `response_format` from /images/generations requests (for the models above). */
function withoutResponseFormat(base: OpenAiConfig["fetch"]): typeof fetch {
  const send = base ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  return (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!url.endsWith("/images/generations") || typeof init?.body !== "string") return send(input, init);
    const { response_format: _dropped, ...body } = JSON.parse(init.body) as Record<string, unknown>;
    return send(input, { ...init, body: JSON.stringify(body) });
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
        fetch: takesNoResponseFormat(models.image) ? withoutResponseFormat(config.fetch) : config.fetch,
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
        imageSize: (width, height) => openAiImageSize(models.image, width, height),
      };
    },
  });
}
