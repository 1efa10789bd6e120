// zod-to-json-schema is loaded on first use (a module beside the worker). Should it not load, a
// structured call still gets the embedded default's answer: the fallback never needs the schema.
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createAi, type AiCallRecord } from "~/platform/adapters/ai/ai.server";
import type { AiProvider } from "~/platform/adapters/ai/provider";

vi.mock("zod-to-json-schema", () => {
  throw new Error("the schema library did not load");
});

/** A model that would answer well, if it were ever asked. */
const model: AiProvider = {
  name: "openai",
  model: () => "stand-in",
  structured: async () => ({ name: "From the model" }),
  image: () => Promise.reject(new Error("unused")),
  describeImage: () => Promise.reject(new Error("unused")),
  transcribe: () => Promise.reject(new Error("unused")),
};

describe("a structured call whose schema library does not load", () => {
  it("is the embedded default's answer, recorded as a fallback after an error", async () => {
    const records: AiCallRecord[] = [];
    const ai = createAi({ provider: model, timeoutMs: 1_000, record: async (r) => void records.push(r) });
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
    expect(records).toEqual([expect.objectContaining({ provider: "openai", outcome: "fallback", attempts: 2 })]);
  });
});
