/**
 * The AI layer every feature calls: aiFor(app, who) → Ai. It picks the provider from configuration
 * (an OpenAI-compatible endpoint, Workers AI, or the embedded default) and wraps every call the
 * same way:
 * - each attempt has a timeout (AI_TIMEOUT_MS), and an attempt that fails or times out is retried once;
 * - answers are validated (structured ones with the caller's zod schema);
 * - when the provider cannot give a valid answer (two failures, or an answer that does not
 *   validate) the embedded default answers instead, and the record says why;
 * - a call a person causes claims its unit from the caller's meter before the provider is called
 *   (features/apps/ai-meter.server.ts), and gives it back when the provider never answered;
 * - every call is recorded in D1 (ai_calls: provider, model, duration, outcome).
 */
import type { ZodType, ZodTypeDef } from "zod";
import { aiCalls } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import type { Env } from "~/platform/env";
import { embeddedProvider } from "./embedded.server";
import { modelJson } from "./json";
import { openAiProvider } from "./openai.server";
import type { AiProvider, AiWork, CoverWords, GeneratedImage, ProviderName } from "./provider";
import { aiBindingOf, workersAiProvider } from "./workers-ai.server";

/** Why the embedded default answered: the provider's answer was invalid, failed or timed out, or the meter refused the call. */
export type FallbackReason = "invalid" | "error" | "timeout" | "refused";

/** A unit the meter holds for one call: given back when the provider never answered. */
export interface MeterUnit {
  release(): Promise<void>;
}

/**
 * What a person's AI calls are counted against. `claim` is called once per call, before the
 * provider: it answers the unit it holds, or null when the call may go on unmetered with the
 * embedded default (a plan or a description still gets made), or throws the refusal.
 */
export interface AiMeter {
  claim(task: string): Promise<MeterUnit | null>;
}

export interface AiCallRecord {
  task: string;
  work: AiWork;
  provider: ProviderName;
  model: string;
  outcome: "ok" | "fallback";
  fallbackReason: FallbackReason | null;
  attempts: number;
  durationMs: number;
}

export interface AiResult<T> {
  value: T;
  /** Who made the value: the configured provider, or the embedded default after a fallback. */
  provider: ProviderName;
  model: string;
  fallbackReason: FallbackReason | null;
}

export interface StructuredTask<T> {
  /** What the call is for ('brainstorm', 'build-app', 'plan'…): recorded with it. */
  task: string;
  schema: ZodType<T, ZodTypeDef, unknown>;
  system: string;
  prompt: string;
  /** The embedded default's answer for this task: the feature's own generator. */
  local: () => T | Promise<T>;
  maxTokens?: number;
}

export interface ImageTask {
  task: string;
  /** What a model draws: the caller's words (the app's name and subject, what the section says). */
  prompt: string;
  width: number;
  height: number;
  /** The theme's colours (#rrggbb): a model is told them in its prompt, a designed cover is painted in them. */
  palette?: string[];
  /** The words of the designed cover the embedded default makes instead (none: an abstract backdrop). */
  cover?: CoverWords;
}

export interface MediaTask {
  task: string;
  bytes: Uint8Array;
  contentType: string;
  /** Vision only: what to look for. */
  prompt?: string;
}

export interface Ai {
  readonly provider: ProviderName;
  structured<T>(task: StructuredTask<T>): Promise<AiResult<T>>;
  image(task: ImageTask): Promise<AiResult<GeneratedImage>>;
  describeImage(task: MediaTask): Promise<AiResult<string>>;
  transcribe(task: MediaTask): Promise<AiResult<string>>;
}

export interface AiOptions {
  provider: AiProvider;
  timeoutMs: number;
  /** Where records go (D1 in the worker; a list in unit tests). Never fails the call. */
  record?: (record: AiCallRecord) => Promise<void>;
  /** What the calls are counted against, when a person causes them. */
  meter?: AiMeter;
  clock?: () => number;
}

class Timeout extends Error {
  constructor() {
    super("timed out");
  }
}

/** Runs one attempt with its own deadline; the provider sees the deadline as an AbortSignal. */
async function attempt<T>(run: (signal: AbortSignal) => Promise<T>, timeoutMs: number): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new Timeout());
      reject(new Timeout());
    }, timeoutMs);
  });
  try {
    return await Promise.race([run(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** A unit that cannot be given back stays counted: the call is not failed for it. */
const giveBack = (unit: MeterUnit) =>
  unit.release().catch((error: unknown) => console.warn("ai: could not give a unit back", String(error)));

export function createAi({ provider: configured, timeoutMs, record, meter, clock = Date.now }: AiOptions): Ai {
  /**
   * Up to two attempts at the provider, each validated by `accept` (null = invalid); then the
   * embedded default. The embedded provider itself is never retried: it is the fallback.
   */
  async function call<T>(
    task: string,
    work: AiWork,
    run: (p: AiProvider, signal: AbortSignal) => Promise<unknown>,
    accept: (raw: unknown) => T | null,
  ): Promise<AiResult<T>> {
    const started = clock();
    // The unit is claimed before anything is sent; refused-to-embedded calls go on unmetered.
    const unit = meter ? await meter.claim(task) : undefined;
    const provider = unit === null ? embeddedProvider : configured;
    let reason: FallbackReason | null = unit === null && configured.name !== "embedded" ? "refused" : null;
    let attempts = 0;
    const finish = async (value: T, by: AiProvider, outcome: "ok" | "fallback") => {
      // The provider never answered (it failed or timed out every time): its unit is given back.
      if (unit && (reason === "error" || reason === "timeout")) await giveBack(unit);
      const result = { value, provider: by.name, model: by.model(work), fallbackReason: reason };
      await record?.({
        task,
        work,
        provider: provider.name,
        model: provider.model(work),
        outcome,
        fallbackReason: reason,
        attempts,
        durationMs: clock() - started,
      }).catch((error: unknown) => console.warn("ai: could not record the call", String(error)));
      return result;
    };
    if (provider.name !== "embedded") {
      // A failure (an error or a timeout) is retried once; an answer that does not validate is not:
      // the same prompt tends to give the same shape, so the embedded default answers at once.
      for (attempts = 1; attempts <= 2 && reason !== "invalid"; attempts++) {
        try {
          const value = accept(await attempt((signal) => run(provider, signal), timeoutMs));
          if (value !== null) return finish(value, provider, "ok");
          reason = "invalid";
        } catch (error) {
          reason = error instanceof Timeout ? "timeout" : "error";
          console.warn(`ai: ${provider.name} ${work} for ${task} failed (attempt ${attempts})`, String(error));
        }
      }
      attempts -= 1;
    } else attempts = 1;
    let local: T | null;
    try {
      local = accept(await run(embeddedProvider, new AbortController().signal));
      if (local === null) throw new Error(`ai: the embedded default's ${task} answer is not valid`);
    } catch (error) {
      // Nothing answered at all (unless the provider's answer was merely invalid): the unit is given back.
      if (unit && reason !== "invalid") await giveBack(unit);
      throw error;
    }
    return finish(local, embeddedProvider, configured.name === "embedded" ? "ok" : "fallback");
  }

  return {
    provider: configured.name,

    structured: <T>(task: StructuredTask<T>) =>
      call<T>(
        task.task,
        "structured",
        async (p, signal) =>
          // Awaited, not handed on: a rejection then has its handler at once (see embedded.server). The
          // embedded default answers from the feature's own generator: it never loads the AI SDK.
          await p.structured({
            system: task.system,
            prompt: task.prompt,
            schema: task.schema,
            maxTokens: task.maxTokens,
            local: task.local,
            signal,
          }),
        (raw) => {
          const parsed = task.schema.safeParse(modelJson(raw));
          return parsed.success ? parsed.data : null;
        },
      ),

    image: (task) =>
      call<GeneratedImage>(
        task.task,
        "image",
        (p, signal) => p.image({ ...task, signal }),
        (raw) => {
          const image = raw as GeneratedImage | null;
          return image && image.bytes?.length > 0 && image.width > 0 && image.height > 0 ? image : null;
        },
      ),

    describeImage: (task) =>
      call<string>(
        task.task,
        "vision",
        (p, signal) =>
          p.describeImage({ bytes: task.bytes, contentType: task.contentType, prompt: task.prompt ?? "", signal }),
        (raw) => (typeof raw === "string" && raw.trim() ? raw : null),
      ),

    transcribe: (task) =>
      call<string>(
        task.task,
        "speech",
        (p, signal) => p.transcribe({ bytes: task.bytes, contentType: task.contentType, signal }),
        (raw) => (typeof raw === "string" ? raw : null),
      ),
  };
}

/**
 * The configured provider: an OpenAI-compatible endpoint, then Workers AI, then the embedded default.
 * Workers AI is used in production when the worker is bound to it (wrangler.toml [ai]); in development
 * and tests only when AI_PROVIDER=workers-ai says so, because the binding is there but cannot run
 * offline (`wrangler dev --local`, the integration tests), so those runs use the embedded default.
 */
export function providerFor(env: Env, bindings: Record<string, unknown>): AiProvider {
  if (env.AI_PROVIDER === "embedded") return embeddedProvider;
  const binding = env.ENVIRONMENT === "production" || env.AI_PROVIDER === "workers-ai" ? aiBindingOf(bindings) : null;
  const openAi = env.AI_BASE_URL && env.AI_MODEL;
  if (openAi && env.AI_PROVIDER !== "workers-ai")
    return openAiProvider({
      baseUrl: env.AI_BASE_URL!,
      apiKey: env.AI_API_KEY,
      model: env.AI_MODEL!,
      visionModel: env.AI_VISION_MODEL,
      imageModel: env.AI_IMAGE_MODEL,
      speechModel: env.AI_SPEECH_MODEL,
    });
  if (binding && env.AI_PROVIDER !== "openai") return workersAiProvider(binding);
  return embeddedProvider;
}

/** Whether a model answers (false: the embedded default does, which the builder's pages say). */
export const modelConnected = (app: Pick<AppContext, "env" | "bindings">) =>
  providerFor(app.env, app.bindings).name !== "embedded";

/** Who a call is for (recorded with it), and the meter a person's calls are counted against. */
export interface AiCaller {
  userId?: string | null;
  appId?: string | null;
  meter?: AiMeter;
}

/** The AI layer for this request or job, recording every call in D1. */
export function aiFor(app: AppContext, caller: AiCaller = {}, provider = providerFor(app.env, app.bindings)): Ai {
  return createAi({
    provider,
    timeoutMs: app.env.AI_TIMEOUT_MS,
    meter: caller.meter,
    record: async (r) => {
      await app.db.insert(aiCalls).values({
        id: crypto.randomUUID(),
        userId: caller.userId ?? null,
        appId: caller.appId ?? null,
        createdAt: Date.now(),
        ...r,
      });
    },
  });
}
