// The AI SDK is loaded on a real provider's first call (a module beside the worker, #lazy/ai-sdk).
// Should it not load, a structured call still gets the embedded default's answer: the fallback never
// needs the SDK.
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createAi, type AiCallRecord } from "~/platform/adapters/ai/ai.server";
import { openAiProvider } from "~/platform/adapters/ai/openai.server";
import { workersAiProvider } from "~/platform/adapters/ai/workers-ai.server";

vi.mock("#lazy/ai-sdk", () => {
  throw new Error("the AI SDK did not load");
});

/** Providers that would answer well, if the SDK ever asked them. */
const asked: string[] = [];
const providers = [
  [
    "openai",
    () =>
      openAiProvider({
        baseUrl: "http://127.0.0.1:9/v1",
        model: "stand-in",
        fetch: async () => (asked.push("openai"), Response.json({ choices: [{ message: { content: "{}" } }] })),
      }),
  ],
  ["workers-ai", () => workersAiProvider({ run: async () => (asked.push("workers-ai"), { response: {} }) })],
] as const;

describe.each(providers)("a structured call to %s whose AI SDK does not load", (name, make) => {
  it("is the embedded default's answer, recorded as a fallback after an error", async () => {
    const records: AiCallRecord[] = [];
    const ai = createAi({ provider: make(), timeoutMs: 1_000, record: async (r) => void records.push(r) });
    const result = await ai.structured({
      task: "brainstorm",
      schema: z.object({ name: z.string() }),
      system: "s",
      prompt: "p",
      local: async () => ({ name: "From the generator" }),
    });
    expect(result).toMatchObject({
      value: { name: "From the generator" },
      provider: "embedded",
      fallbackReason: "error",
    });
    expect(records).toEqual([expect.objectContaining({ provider: name, outcome: "fallback", attempts: 2 })]);
    expect(asked).toEqual([]);
  });
});
