/**
 * Workers AI: the worker's `AI` binding (wrangler.toml `[ai]`), through the AI SDK's
 * `workers-ai-provider`. Models are named in ./models.ts: a chat model in JSON mode with the answer's
 * schema for structured text, FLUX for images (its own size), a chat model that reads images for
 * vision, Whisper for speech.
 */
import { WORKERS_AI_MODELS } from "./models";
import type { AiProvider, AiWork } from "./provider";
import { sdkProvider } from "./sdk-provider";

/** What we use of the Workers AI binding (the SDK calls it). */
export interface AiBinding {
  run(model: string, input: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
}

export function aiBindingOf(bindings: Record<string, unknown>): AiBinding | null {
  const ai = bindings.AI as AiBinding | undefined;
  return ai && typeof ai.run === "function" ? ai : null;
}

export function workersAiProvider(binding: AiBinding, models: Record<AiWork, string> = WORKERS_AI_MODELS): AiProvider {
  return sdkProvider({
    name: "workers-ai",
    models,
    connect: (sdk) => {
      // Typed as workers-types' whole `Ai`; the SDK calls only run(), which every binding has.
      const workersAi = sdk.createWorkersAI({ binding: binding as unknown as Ai });
      return {
        structured: workersAi(models.structured),
        vision: workersAi(models.vision),
        image: workersAi.image(models.image),
        speech: workersAi.transcription(models.speech),
      };
    },
  });
}
