/**
 * The two real providers' work, done by the AI SDK (`ai`): structured text is `generateText` with
 * `Output.object` and the task's zod schema, images `generateImage`, vision `generateText` with the
 * picture as an image part of the user's message, speech `experimental_transcribe`. Workers AI
 * (./workers-ai.server.ts) and an OpenAI-compatible endpoint (./openai.server.ts) only say which SDK
 * models do each kind of work.
 *
 * The SDK is a module of its own beside the worker (./ai-sdk.ts), loaded by a provider's first call.
 * It never retries (maxRetries 0) and never decides what is valid: ./ai.server.ts does both, the same
 * way for every provider, and its deadline reaches the SDK as the call's AbortSignal.
 */
import type { ImageModel, LanguageModel, TranscriptionModel } from "ai";
import { loadOnce } from "~/platform/load-once";
import { imageTypeOf } from "./bytes";
import { imageFacts } from "./embedded/measure";
import { ProviderError, type AiProvider, type AiWork, type ProviderName } from "./provider";

/** The AI SDK: one module beside the worker, loaded on the first call to a real provider. */
export const loadAiSdk = loadOnce(() => import("#lazy/ai-sdk"));
export type AiSdk = Awaited<ReturnType<typeof loadAiSdk>>;

/** What a provider gives the SDK: a model object for each kind of work (never a bare model id). */
export interface SdkModels {
  structured: Exclude<LanguageModel, string>;
  vision: Exclude<LanguageModel, string>;
  image: Exclude<ImageModel, string>;
  speech: Exclude<TranscriptionModel, string>;
  /** The provider's own options of a structured call (the SDK's providerOptions). */
  structuredOptions?: Record<string, Record<string, boolean | number | string>>;
  /** The size to ask for, or undefined where the image model takes none (Workers AI's FLUX). */
  imageSize?: (width: number, height: number) => `${number}x${number}` | undefined;
}

/**
 * The prompt an image model is sent: the caller's own words, then the colours to paint in (an image
 * model takes no palette of its own, so the theme reaches it as words): "… In a palette of #6d28d9,
 * #f0abfc and #ffffff." At most four colours, each once.
 */
export function promptWithPalette(prompt: string, palette: readonly string[] = []): string {
  const colours = [...new Set(palette.filter((c) => /^#[0-9a-f]{6}$/i.test(c)).map((c) => c.toLowerCase()))].slice(
    0,
    4,
  );
  const words = prompt.trim();
  if (colours.length === 0) return words;
  const list = colours.length === 1 ? colours[0] : `${colours.slice(0, -1).join(", ")} and ${colours.at(-1)}`;
  const sentence = `In a palette of ${list}.`;
  return words ? `${words}${/[.!?]$/.test(words) ? "" : "."} ${sentence}` : sentence;
}

export interface SdkProviderConfig {
  name: Exclude<ProviderName, "embedded">;
  /** The model names, recorded with every call (read without loading the SDK). */
  models: Record<AiWork, string>;
  /** Makes the SDK models once the SDK is loaded (the provider's first call). */
  connect: (sdk: AiSdk) => SdkModels;
}

export function sdkProvider({ name, models, connect }: SdkProviderConfig): AiProvider {
  let connected: { sdk: AiSdk; models: SdkModels } | null = null;
  const ready = async () => {
    if (connected) return connected;
    const sdk = await loadAiSdk();
    connected ??= { sdk, models: connect(sdk) };
    return connected;
  };

  return {
    name,
    model: (work) => models[work],

    async structured({ system, prompt, schema, maxTokens = 4096, signal }) {
      const { sdk, models } = await ready();
      try {
        // The schema goes to the model as its response format (JSON Schema); the SDK checks the answer
        // against it. The text is what is handed on: ./ai.server.ts parses and validates it once more,
        // so a schema's transforms run once, on the model's own JSON.
        const { text } = await sdk.generateText({
          model: models.structured,
          system,
          prompt,
          output: sdk.Output.object({ schema }),
          providerOptions: models.structuredOptions,
          maxOutputTokens: maxTokens,
          maxRetries: 0,
          abortSignal: signal,
        });
        return text;
      } catch (error) {
        // An answer, but not the schema's JSON: handed on as it came, for ./ai.server.ts to judge (JSON
        // in prose or a fence is still read; anything else is an invalid answer, not a failure to retry).
        if (sdk.NoObjectGeneratedError.isInstance(error)) return error.text ?? "";
        throw error;
      }
    },

    async image({ prompt, width, height, palette, signal }) {
      const { sdk, models } = await ready();
      const { image } = await sdk.generateImage({
        model: models.image,
        prompt: promptWithPalette(prompt, palette),
        n: 1,
        size: models.imageSize?.(width, height),
        maxRetries: 0,
        abortSignal: signal,
      });
      const bytes = image.uint8Array;
      const contentType = imageTypeOf(bytes);
      // The size is the picture's own: a model draws its own size (FLUX) or the nearest it takes (gpt-image-1).
      const facts = contentType ? imageFacts(bytes) : null;
      if (!contentType || !facts)
        throw new ProviderError(`The image model (${models.image.modelId}) answered no image`);
      return { bytes, contentType, width: facts.width, height: facts.height };
    },

    async describeImage({ bytes, contentType, prompt, signal }) {
      const { sdk, models } = await ready();
      const { text } = await sdk.generateText({
        model: models.vision,
        messages: [
          {
            role: "user",
            content: [
              { type: "text", text: prompt },
              { type: "image", image: bytes, mediaType: contentType },
            ],
          },
        ],
        maxOutputTokens: 512,
        maxRetries: 0,
        abortSignal: signal,
      });
      if (!text.trim()) throw new ProviderError("The vision model answered no description");
      return text.trim();
    },

    async transcribe({ bytes, signal }) {
      const { sdk, models } = await ready();
      try {
        const { text } = await sdk.experimental_transcribe({
          model: models.speech,
          audio: bytes,
          maxRetries: 0,
          abortSignal: signal,
        });
        return text.trim();
      } catch (error) {
        // The model heard no words (silence, music): that is its answer, not a failure.
        if (sdk.NoTranscriptGeneratedError.isInstance(error)) return "";
        throw error;
      }
    },
  };
}
