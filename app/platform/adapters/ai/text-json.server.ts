/**
 * The generic AI adapter: ask a model for one JSON object (Workers AI's env.AI.run). It knows no
 * feature: a feature gives it a prompt and validates the answer with its own schema, and keeps its
 * own embedded default for when there is no binding or the answer is unusable.
 */

/** What we use of the Workers AI binding (env.AI.run). */
export interface AiBinding {
  run(model: string, input: Record<string, unknown>): Promise<unknown>;
}

export const DEFAULT_AI_MODEL = "@cf/meta/llama-3.1-8b-instruct";

/** The worker's AI binding, when it has one (optional, not in wrangler.toml by default). */
export function aiBindingOf(bindings: Record<string, unknown>): AiBinding | null {
  const ai = bindings.AI as AiBinding | undefined;
  return ai && typeof ai.run === "function" ? ai : null;
}

/** The model's JSON (Workers AI answers {response: string}, or an object when asked for JSON); null when none. */
export function modelJson(output: unknown): unknown {
  const response =
    output && typeof output === "object" && "response" in output ? (output as { response: unknown }).response : output;
  if (typeof response !== "string") return response;
  const start = response.indexOf("{");
  const end = response.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(response.slice(start, end + 1));
  } catch {
    return null;
  }
}

/** Asks the model for one JSON object; the raw output (read it with modelJson). Throws when the call fails. */
export function askForJson(ai: AiBinding, model: string, prompt: string): Promise<unknown> {
  return ai.run(model, {
    messages: [{ role: "user", content: prompt }],
    response_format: { type: "json_object" },
    max_tokens: 4096,
  });
}
