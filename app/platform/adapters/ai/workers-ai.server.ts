/**
 * Workers AI: the worker's `AI` binding (env.AI.run(model, input)). Models are named in ./models.ts.
 * Text asks for JSON mode with the answer's schema; images come back as base64 (flux) or a byte
 * stream; vision answers {description}; speech answers {text}.
 */
import { fromBase64, imageTypeOf } from "./bytes";
import { WORKERS_AI_MODELS } from "./models";
import { ProviderError, type AiProvider, type AiWork } from "./provider";

/** What we use of the Workers AI binding. */
export interface AiBinding {
  run(model: string, input: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
}

export function aiBindingOf(bindings: Record<string, unknown>): AiBinding | null {
  const ai = bindings.AI as AiBinding | undefined;
  return ai && typeof ai.run === "function" ? ai : null;
}

/** Races the binding's promise with the request's signal: the binding itself takes no signal. */
function withSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason ?? new Error("aborted"));
    signal.addEventListener("abort", abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

async function streamBytes(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function field(output: unknown, name: string): unknown {
  return output && typeof output === "object" ? (output as Record<string, unknown>)[name] : undefined;
}

export function workersAiProvider(ai: AiBinding, models: Record<AiWork, string> = WORKERS_AI_MODELS): AiProvider {
  return {
    name: "workers-ai",
    model: (work) => models[work],

    structured: ({ system, prompt, jsonSchema, maxTokens = 4096, signal }) =>
      withSignal(
        ai.run(models.structured, {
          messages: [
            { role: "system", content: system },
            { role: "user", content: prompt },
          ],
          response_format: jsonSchema ? { type: "json_schema", json_schema: jsonSchema } : { type: "json_object" },
          max_tokens: maxTokens,
        }),
        signal,
      ),

    async image({ prompt, signal }) {
      const output = await withSignal(ai.run(models.image, { prompt, steps: 4 }), signal);
      const bytes =
        output instanceof ReadableStream
          ? await streamBytes(output)
          : typeof field(output, "image") === "string"
            ? fromBase64(field(output, "image") as string)
            : null;
      const contentType = bytes && imageTypeOf(bytes);
      if (!bytes || !contentType) throw new ProviderError("Workers AI answered no image");
      return { bytes, contentType };
    },

    async describeImage({ bytes, prompt, signal }) {
      const output = await withSignal(ai.run(models.vision, { image: [...bytes], prompt, max_tokens: 512 }), signal);
      const text = field(output, "description") ?? field(output, "response");
      if (typeof text !== "string" || !text.trim()) throw new ProviderError("Workers AI answered no description");
      return text.trim();
    },

    async transcribe({ bytes, signal }) {
      const output = await withSignal(ai.run(models.speech, { audio: [...bytes] }), signal);
      const text = field(output, "text");
      if (typeof text !== "string") throw new ProviderError("Workers AI answered no transcript");
      return text.trim();
    },
  };
}
