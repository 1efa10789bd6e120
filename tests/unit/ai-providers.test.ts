// The AI layer's contract: the same tests for the three providers (the embedded default, and the
// two real ones against local stand-ins of their wire formats), then what every call does on top:
// a timeout, one retry, validation, the embedded fallback, and a record of each call.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createAi, providerFor, type AiCallRecord, type AiMeter } from "~/platform/adapters/ai/ai.server";
import { imageTypeOf } from "~/platform/adapters/ai/bytes";
import { embeddedProvider } from "~/platform/adapters/ai/embedded.server";
import { imageFacts } from "~/platform/adapters/ai/embedded/measure";
import { openAiProvider } from "~/platform/adapters/ai/openai.server";
import { WORKERS_AI_MODELS } from "~/platform/adapters/ai/models";
import type { AiProvider } from "~/platform/adapters/ai/provider";
import { workersAiProvider } from "~/platform/adapters/ai/workers-ai.server";
import { parseEnv } from "~/platform/env";
import { startOpenAiStandIn, TINY_PNG, workersAiStandIn } from "../tools/ai-stand-in.mjs";

type OpenAiStandIn = Awaited<ReturnType<typeof startOpenAiStandIn>>;
let openai: OpenAiStandIn;
const workers = workersAiStandIn();

beforeAll(async () => {
  openai = await startOpenAiStandIn();
});
afterAll(() => openai.close());

const ideaSchema = z.object({
  name: z.string().min(3).max(60),
  promise: z.string().min(1).max(200),
  questions: z.array(z.string().min(1)).min(3).max(3),
  level: z.enum(["beginner", "advanced"]),
  weeks: z.number().int().min(1).max(52),
});
const localIdea = () => ({
  name: "Desk Yoga",
  promise: "Ease your back in ten minutes a day",
  questions: ["Where does it hurt?", "How long do you sit?", "Which days suit you?"],
  level: "beginner" as const,
  weeks: 6,
});

/** A tiny WAV: 8 kHz, 16-bit mono, 0.5 s of silence. */
function wav(seconds = 0.5): Uint8Array {
  const rate = 8000;
  const data = Math.round(rate * seconds) * 2;
  const b = Buffer.alloc(44 + data);
  b.write("RIFF", 0);
  b.writeUInt32LE(36 + data, 4);
  b.write("WAVEfmt ", 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write("data", 36);
  b.writeUInt32LE(data, 40);
  return new Uint8Array(b);
}

const providers: [string, () => AiProvider][] = [
  ["embedded", () => embeddedProvider],
  ["workers-ai", () => workersAiProvider(workers)],
  ["openai", () => openAiProvider({ baseUrl: openai.url, apiKey: openai.apiKey, model: "stand-in-chat" })],
];

describe.each(providers)("the %s provider keeps the contract", (name, make) => {
  const run = () => {
    const records: AiCallRecord[] = [];
    const ai = createAi({ provider: make(), timeoutMs: 1_000, record: async (r) => void records.push(r) });
    return { ai, records };
  };

  it("structured: a zod schema in, validated JSON out, recorded with its provider and model", async () => {
    openai.behaviour = workers.behaviour = "ok";
    const { ai, records } = run();
    const result = await ai.structured({
      task: "brainstorm",
      schema: ideaSchema,
      system: "You propose app ideas.",
      prompt: "Yoga for desk workers with back pain",
      local: localIdea,
    });
    expect(ideaSchema.safeParse(result.value).success).toBe(true);
    expect(result.provider).toBe(name);
    expect(result.fallbackReason).toBeNull();
    expect(records).toEqual([
      expect.objectContaining({ task: "brainstorm", work: "structured", provider: name, outcome: "ok", attempts: 1 }),
    ]);
    expect(records[0]!.model).toBe(make().model("structured"));
    if (name === "embedded") expect(result.value).toEqual(localIdea());
  });

  it("images: a prompt and size in, image bytes out", async () => {
    const { ai } = run();
    const { value } = await ai.image({
      task: "landing-image",
      prompt: "A calm desk by a window",
      width: 320,
      height: 180,
    });
    expect(imageTypeOf(value.bytes)).toBe(value.contentType);
    expect(imageFacts(value.bytes)?.width).toBeGreaterThan(0);
  });

  it("image understanding: bytes in, text out", async () => {
    const { ai } = run();
    const { value } = await ai.describeImage({
      task: "describe",
      bytes: new Uint8Array(TINY_PNG),
      contentType: "image/png",
      prompt: "What is in the picture?",
    });
    expect(value.length).toBeGreaterThan(10);
  });

  it("speech to text: audio in, text out", async () => {
    const { ai } = run();
    const { value } = await ai.transcribe({ task: "transcribe", bytes: wav(), contentType: "audio/wav" });
    expect(typeof value).toBe("string");
    expect(value.length).toBeGreaterThan(0);
  });
});

/** The signals the OpenAI-compatible provider's requests were sent with (the SDK's fetch goes through here). */
const openAiSignals: (AbortSignal | null | undefined)[] = [];
const failing: [string, () => AiProvider, () => AbortSignal | null | undefined][] = [
  ["workers-ai", () => workersAiProvider(workers), () => workers.calls.at(-1)?.options?.signal],
  [
    "openai",
    () =>
      openAiProvider({
        baseUrl: openai.url,
        apiKey: openai.apiKey,
        model: "stand-in-chat",
        fetch: (input, init) => (openAiSignals.push(init?.signal), fetch(input, init)),
      }),
    () => openAiSignals.at(-1),
  ],
];

describe.each(failing)("the %s provider's failures fall back to the embedded default", (name, make, lastSignal) => {
  const run = (timeoutMs = 1_000) => {
    const records: AiCallRecord[] = [];
    const ai = createAi({ provider: make(), timeoutMs, record: async (r) => void records.push(r) });
    return { ai, records };
  };
  const ask = (ai: ReturnType<typeof run>["ai"]) =>
    ai.structured({ task: "brainstorm", schema: ideaSchema, system: "s", prompt: "p", local: localIdea });
  const set = (behaviour: string) => {
    openai.behaviour = behaviour;
    workers.behaviour = behaviour;
  };

  it("an answer that does not validate: the embedded answer, recorded as a fallback, not retried", async () => {
    set("invalid");
    const { ai, records } = run();
    const result = await ask(ai);
    expect(result.value).toEqual(localIdea());
    expect(result).toMatchObject({ provider: "embedded", fallbackReason: "invalid" });
    expect(records).toEqual([
      expect.objectContaining({ provider: name, outcome: "fallback", fallbackReason: "invalid", attempts: 1 }),
    ]);
    const image = await ai.image({ task: "landing-image", prompt: "x", width: 64, height: 64 });
    expect(image.provider).toBe("embedded");
    expect(imageTypeOf(image.value.bytes)).toBe("image/png");
  });

  it("JSON that is not the schema's: the embedded answer, recorded as an invalid answer, not retried", async () => {
    set("off-schema");
    const { ai, records } = run();
    const sent = name === "openai" ? openai.requests.length : workers.calls.length;
    const result = await ask(ai);
    expect(result).toMatchObject({ value: localIdea(), provider: "embedded", fallbackReason: "invalid" });
    expect(records).toEqual([
      expect.objectContaining({
        task: "brainstorm",
        provider: name,
        outcome: "fallback",
        fallbackReason: "invalid",
        attempts: 1,
      }),
    ]);
    // Asked once: the same prompt would give the same shape again.
    expect((name === "openai" ? openai.requests.length : workers.calls.length) - sent).toBe(1);
    set("ok");
  });

  it("an error: retried once, then the embedded answer", async () => {
    set("error");
    const { ai, records } = run();
    expect((await ask(ai)).value).toEqual(localIdea());
    expect(records[0]).toMatchObject({ outcome: "fallback", fallbackReason: "error", attempts: 2 });
  });

  it("a timeout: each attempt gives up at the deadline, then the embedded answer", async () => {
    set("slow");
    const { ai, records } = run(150);
    const started = Date.now();
    expect((await ask(ai)).value).toEqual(localIdea());
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(records[0]).toMatchObject({ outcome: "fallback", fallbackReason: "timeout", attempts: 2 });
    // The deadline reached the provider's request through the SDK: its signal was aborted.
    expect(lastSignal()?.aborted).toBe(true);
    set("ok");
  });

  it("a timeout of a picture, a description or a transcript: the embedded answer, recorded", async () => {
    set("slow");
    const { ai, records } = run(150);
    const image = await ai.image({ task: "landing-image", prompt: "x", width: 64, height: 64 });
    const seen = await ai.describeImage({
      task: "describe",
      bytes: new Uint8Array(TINY_PNG),
      contentType: "image/png",
    });
    const heard = await ai.transcribe({ task: "transcribe", bytes: wav(), contentType: "audio/wav" });
    expect([image, seen, heard].map((r) => [r.provider, r.fallbackReason])).toEqual([
      ["embedded", "timeout"],
      ["embedded", "timeout"],
      ["embedded", "timeout"],
    ]);
    expect(seen.value).toContain("2 × 2 pixels");
    expect(records.map((r) => [r.work, r.provider, r.outcome, r.fallbackReason, r.attempts])).toEqual([
      ["image", name, "fallback", "timeout", 2],
      ["vision", name, "fallback", "timeout", 2],
      ["speech", name, "fallback", "timeout", 2],
    ]);
    set("ok");
  });
});

describe("the meter: a unit claimed before the provider, given back when it never answered", () => {
  /** A meter that lends units from a pool of `left` and notes what it was asked. */
  const pool = (left: number | "refuse-to-embedded") => {
    const log: string[] = [];
    let units = typeof left === "number" ? left : 0;
    const meter: AiMeter = {
      async claim(task) {
        log.push(`claim ${task}`);
        if (left === "refuse-to-embedded") return null;
        if (units === 0) throw new Error("refused");
        units -= 1;
        return { release: async () => void (log.push(`release ${task}`), (units += 1)) };
      },
    };
    return { meter, log, left: () => units };
  };
  const openAi = () => openAiProvider({ baseUrl: openai.url, apiKey: openai.apiKey, model: "stand-in-chat" });
  const ask = (ai: ReturnType<typeof createAi>) =>
    ai.structured({ task: "brainstorm", schema: ideaSchema, system: "s", prompt: "p", local: localIdea });

  it("an answer keeps its unit; the claim comes before anything is sent", async () => {
    openai.behaviour = "ok";
    openai.requests.length = 0;
    const units = pool(1);
    const ai = createAi({ provider: openAi(), timeoutMs: 1_000, meter: units.meter });
    expect((await ask(ai)).provider).toBe("openai");
    expect(units.log).toEqual(["claim brainstorm"]);
    expect(units.left()).toBe(0);
    // Refused: the provider is never asked.
    const sent = openai.requests.length;
    await expect(ask(ai)).rejects.toThrow("refused");
    expect(openai.requests.length).toBe(sent);
  });

  it("an invalid answer is an answer: the unit stays claimed", async () => {
    openai.behaviour = "invalid";
    const units = pool(1);
    await ask(createAi({ provider: openAi(), timeoutMs: 1_000, meter: units.meter }));
    expect(units.left()).toBe(0);
    openai.behaviour = "ok";
  });

  it.each(["error", "slow"])("a provider that never answered (%s) gives the unit back", async (behaviour) => {
    openai.behaviour = behaviour;
    const units = pool(1);
    const result = await ask(createAi({ provider: openAi(), timeoutMs: 150, meter: units.meter }));
    expect(result.provider).toBe("embedded");
    expect(units.log).toEqual(["claim brainstorm", "release brainstorm"]);
    expect(units.left()).toBe(1);
    openai.behaviour = "ok";
  });

  it("a call the meter sends to the embedded default is never sent to the provider, and recorded as refused", async () => {
    openai.requests.length = 0;
    const records: AiCallRecord[] = [];
    const ai = createAi({
      provider: openAi(),
      timeoutMs: 1_000,
      meter: pool("refuse-to-embedded").meter,
      record: async (r) => void records.push(r),
    });
    expect(await ask(ai)).toMatchObject({ provider: "embedded", fallbackReason: "refused", value: localIdea() });
    expect(openai.requests).toHaveLength(0);
    expect(records[0]).toMatchObject({ provider: "embedded", outcome: "fallback", fallbackReason: "refused" });
  });
});

describe("choosing a provider from configuration", () => {
  it("an OpenAI-compatible endpoint, then Workers AI, then the embedded default; AI_PROVIDER forces one", () => {
    const binding = { AI: workers };
    const openAiEnv = { AI_BASE_URL: "http://127.0.0.1:9/v1", AI_MODEL: "m" };
    expect(providerFor(parseEnv({}), {}).name).toBe("embedded");
    expect(providerFor(parseEnv({}), binding).name).toBe("workers-ai");
    expect(providerFor(parseEnv(openAiEnv), binding).name).toBe("openai");
    expect(providerFor(parseEnv({ ...openAiEnv, AI_PROVIDER: "workers-ai" }), binding).name).toBe("workers-ai");
    expect(providerFor(parseEnv({ ...openAiEnv, AI_PROVIDER: "embedded" }), binding).name).toBe("embedded");
    // A base URL without a model is not a configuration: the default, not a half-configured client.
    expect(providerFor(parseEnv({ AI_BASE_URL: "http://127.0.0.1:9/v1" }), {}).name).toBe("embedded");
  });

  it("development and tests use the embedded default though bound to Workers AI, unless told otherwise", () => {
    // Locally (wrangler dev --local, the integration tests) the binding is there but cannot run.
    const binding = { AI: workers };
    const openAiEnv = { AI_BASE_URL: "http://127.0.0.1:9/v1", AI_MODEL: "m" };
    for (const ENVIRONMENT of ["development", "test"]) {
      expect(providerFor(parseEnv({ ENVIRONMENT }), binding).name).toBe("embedded");
      expect(providerFor(parseEnv({ ENVIRONMENT, AI_PROVIDER: "workers-ai" }), binding).name).toBe("workers-ai");
      expect(providerFor(parseEnv({ ENVIRONMENT, ...openAiEnv }), binding).name).toBe("openai");
      expect(providerFor(parseEnv({ ENVIRONMENT, AI_PROVIDER: "openai" }), binding).name).toBe("embedded");
    }
    expect(providerFor(parseEnv({ ENVIRONMENT: "production" }), binding).name).toBe("workers-ai");
    expect(providerFor(parseEnv({ ENVIRONMENT: "production", AI_PROVIDER: "embedded" }), binding).name).toBe(
      "embedded",
    );
  });

  it("the OpenAI-compatible provider sends the key, the model and structured output with the schema", async () => {
    openai.behaviour = "ok";
    openai.requests.length = 0;
    const ai = createAi({
      provider: openAiProvider({ baseUrl: openai.url, apiKey: openai.apiKey, model: "local-llama" }),
      timeoutMs: 1_000,
    });
    const result = await ai.structured({ task: "t", schema: ideaSchema, system: "s", prompt: "p", local: localIdea });
    expect(result.provider).toBe("openai");
    const sent = openai.requests[0]!;
    expect(sent.path).toBe("/v1/chat/completions");
    // The AI SDK's wire: the schema is the response format (not OpenAI's strict mode), the instructions stay as written.
    expect(sent.body).toMatchObject({
      model: "local-llama",
      response_format: {
        type: "json_schema",
        json_schema: { strict: false, schema: { required: ["name", "promise", "questions", "level", "weeks"] } },
      },
      messages: [
        { role: "system", content: "s" },
        { role: "user", content: "p" },
      ],
    });
    const wrongKey = createAi({
      provider: openAiProvider({ baseUrl: openai.url, apiKey: "nope", model: "m" }),
      timeoutMs: 1_000,
    });
    expect(
      (await wrongKey.structured({ task: "t", schema: ideaSchema, system: "s", prompt: "p", local: localIdea }))
        .fallbackReason,
    ).toBe("error");
  });
});

describe("what the Workers AI provider sends its binding (through the AI SDK)", () => {
  it("the models of ./models.ts: JSON mode with the schema, the picture in the message, the recording's bytes", async () => {
    workers.behaviour = "ok";
    workers.calls.length = 0;
    const ai = createAi({ provider: workersAiProvider(workers), timeoutMs: 1_000 });
    await ai.structured({ task: "t", schema: ideaSchema, system: "s", prompt: "p", local: localIdea });
    await ai.image({ task: "i", prompt: "A calm desk", width: 320, height: 180 });
    await ai.describeImage({ task: "d", bytes: new Uint8Array(TINY_PNG), contentType: "image/png", prompt: "What?" });
    await ai.transcribe({ task: "s", bytes: wav(), contentType: "audio/wav" });
    const [structured, image, vision, speech] = workers.calls;
    expect(structured).toMatchObject({
      model: WORKERS_AI_MODELS.structured,
      input: {
        messages: [
          { role: "system", content: "s" },
          { role: "user", content: "p" },
        ],
        response_format: {
          type: "json_schema",
          json_schema: { required: ["name", "promise", "questions", "level", "weeks"] },
        },
        max_tokens: 4096,
      },
    });
    expect(image).toMatchObject({ model: WORKERS_AI_MODELS.image, input: { prompt: "A calm desk" } });
    expect(vision).toMatchObject({
      model: WORKERS_AI_MODELS.vision,
      input: {
        messages: [
          {
            role: "user",
            content: [
              { type: "text", text: "What?" },
              { type: "image_url", image_url: { url: `data:image/png;base64,${TINY_PNG.toString("base64")}` } },
            ],
          },
        ],
      },
    });
    expect(speech).toMatchObject({ model: WORKERS_AI_MODELS.speech, input: { audio: [...wav()] } });
  });
});

describe("the embedded default's media work", () => {
  it("paints a PNG of the requested shape in the given colours, the same for the same prompt, different otherwise", async () => {
    const paint = (prompt: string) =>
      embeddedProvider.image({
        prompt,
        width: 400,
        height: 200,
        palette: ["#123456", "#abcdef"],
        signal: new AbortController().signal,
      });
    const a = await paint("yoga at a desk");
    expect(imageFacts(a.bytes)).toEqual({ format: "PNG", width: 400, height: 200 });
    expect(Buffer.from((await paint("yoga at a desk")).bytes).equals(Buffer.from(a.bytes))).toBe(true);
    expect(Buffer.from((await paint("chess openings")).bytes).equals(Buffer.from(a.bytes))).toBe(false);
  });

  it("reads dimensions and durations it can measure, and says what it could not do", async () => {
    const signal = new AbortController().signal;
    expect(
      await embeddedProvider.describeImage({
        bytes: new Uint8Array(TINY_PNG),
        contentType: "image/png",
        prompt: "",
        signal,
      }),
    ).toContain("2 × 2 pixels");
    const said = await embeddedProvider.transcribe({ bytes: wav(1.5), contentType: "audio/wav", signal });
    expect(said).toContain("1.5-second WAV");
    expect(said).toContain("not transcribed");
  });
});
