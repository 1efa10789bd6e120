/**
 * Any OpenAI-compatible endpoint (a hosted service, or a local model server such as llama.cpp,
 * Ollama or vLLM): AI_BASE_URL (…/v1), AI_API_KEY, AI_MODEL, and optionally AI_VISION_MODEL,
 * AI_IMAGE_MODEL, AI_SPEECH_MODEL. Text uses chat completions in JSON mode; images
 * /images/generations (b64_json); vision a chat message with the picture as a data URL; speech
 * /audio/transcriptions.
 */
import { fromBase64, imageTypeOf, toBase64 } from "./bytes";
import { OPENAI_DEFAULT_MODELS } from "./models";
import { ProviderError, type AiProvider, type AiWork } from "./provider";

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

async function answer(response: Response, what: string): Promise<Record<string, unknown>> {
  if (!response.ok) {
    const detail = (await response.text().catch(() => "")).slice(0, 200);
    throw new ProviderError(`${what} answered ${response.status}${detail ? `: ${detail}` : ""}`, response.status);
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== "object") throw new ProviderError(`${what} answered no JSON`);
  return body;
}

function messageText(body: Record<string, unknown>): string | null {
  const choices = body.choices as { message?: { content?: unknown } }[] | undefined;
  const content = choices?.[0]?.message?.content;
  return typeof content === "string" ? content : null;
}

export function openAiProvider(config: OpenAiConfig): AiProvider {
  const base = config.baseUrl.replace(/\/+$/, "");
  const doFetch = config.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const auth: Record<string, string> = config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {};
  const models: Record<AiWork, string> = {
    structured: config.model,
    vision: config.visionModel ?? config.model,
    image: config.imageModel ?? OPENAI_DEFAULT_MODELS.image,
    speech: config.speechModel ?? OPENAI_DEFAULT_MODELS.speech,
  };
  const postJson = (path: string, body: unknown, signal: AbortSignal) =>
    doFetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...auth },
      body: JSON.stringify(body),
      signal,
    });

  return {
    name: "openai",
    model: (work) => models[work],

    async structured({ system, prompt, jsonSchema, maxTokens = 4096, signal }) {
      const schemaLine = jsonSchema ? `\nThe answer's JSON Schema: ${JSON.stringify(jsonSchema)}` : "";
      const body = await answer(
        await postJson(
          "/chat/completions",
          {
            model: models.structured,
            messages: [
              { role: "system", content: `${system}\nAnswer with one JSON object only.${schemaLine}` },
              { role: "user", content: prompt },
            ],
            response_format: { type: "json_object" },
            max_tokens: maxTokens,
          },
          signal,
        ),
        "The model",
      );
      const text = messageText(body);
      if (text === null) throw new ProviderError("The model answered no message");
      return text;
    },

    async image({ prompt, width, height, signal }) {
      const body = await answer(
        await postJson(
          "/images/generations",
          { model: models.image, prompt, n: 1, size: `${width}x${height}`, response_format: "b64_json" },
          signal,
        ),
        "The image model",
      );
      const data = (body.data as { b64_json?: unknown }[] | undefined)?.[0]?.b64_json;
      const bytes = typeof data === "string" ? fromBase64(data) : null;
      const contentType = bytes && imageTypeOf(bytes);
      if (!bytes || !contentType) throw new ProviderError("The image model answered no image");
      return { bytes, contentType };
    },

    async describeImage({ bytes, contentType, prompt, signal }) {
      const body = await answer(
        await postJson(
          "/chat/completions",
          {
            model: models.vision,
            messages: [
              {
                role: "user",
                content: [
                  { type: "text", text: prompt },
                  { type: "image_url", image_url: { url: `data:${contentType};base64,${toBase64(bytes)}` } },
                ],
              },
            ],
            max_tokens: 512,
          },
          signal,
        ),
        "The vision model",
      );
      const text = messageText(body);
      if (!text?.trim()) throw new ProviderError("The vision model answered no description");
      return text.trim();
    },

    async transcribe({ bytes, contentType, signal }) {
      const form = new FormData();
      form.set("model", models.speech);
      form.set("file", new Blob([bytes.slice()], { type: contentType }), `audio.${contentType.split("/")[1] ?? "bin"}`);
      const body = await answer(
        await doFetch(`${base}/audio/transcriptions`, { method: "POST", headers: auth, body: form, signal }),
        "The speech model",
      );
      if (typeof body.text !== "string") throw new ProviderError("The speech model answered no transcript");
      return body.text.trim();
    },
  };
}
