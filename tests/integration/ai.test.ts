// The AI layer against D1 in workerd: every call leaves a record (provider, model, duration,
// outcome), a creator's own requests claim units of the daily AI generations of their studio tier,
// and past the limit the creator is told which tier allows more. The worker is bound to Workers AI
// as deployed; the tests run offline, so they use the embedded default.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { FREE_AI_GENERATIONS_PER_DAY, utcDayStart } from "~/features/apps/ai-meter";
import { aiUsageToday, creatorAi, meterFor } from "~/features/apps/ai-meter.server";
import { aiFor, providerFor } from "~/platform/adapters/ai/ai.server";
import { WORKERS_AI_MODELS } from "~/platform/adapters/ai/models";
import { ServiceError } from "~/platform/service-error";
import { testApp } from "./app-context";
import { signUp } from "./commerce-helpers";

let creator: { userId: string };

beforeAll(async () => {
  creator = await signUp("ai-usage");
});

const schema = z.object({ idea: z.string().min(1) });

async function counted(userId: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM ai_units WHERE creator_id = ?")
    .bind(userId)
    .first<{ n: number }>();
  return row!.n;
}

/** Fills the creator's day with `n` units, as earlier requests would have. */
async function usedToday(userId: string, n: number, at = Date.now()) {
  await env.DB.batch(
    Array.from({ length: n }, () =>
      env.DB.prepare(
        "INSERT INTO ai_units (id, day, creator_id, task, created_at) VALUES (?1, ?2, ?3, 'brainstorm', ?4)",
      ).bind(`call:${crypto.randomUUID()}:1`, utcDayStart(at), userId, at),
    ),
  );
}

/** A call the creator asks for: one structured answer through their meter. */
const ask = (userId: string) =>
  creatorAi(testApp(), userId).structured({
    task: "brainstorm",
    schema,
    system: "s",
    prompt: "p",
    local: () => ({ idea: "Yoga for desk workers" }),
  });

describe("every AI call is recorded", () => {
  it("provider, model, duration and outcome; a unit only for a call with a meter", async () => {
    const app = testApp();
    const result = await aiFor(app, {
      userId: creator.userId,
      meter: meterFor(app, { creatorId: creator.userId }),
    }).structured({
      task: "brainstorm",
      schema,
      system: "s",
      prompt: "p",
      local: () => ({ idea: "Yoga for desk workers" }),
    });
    expect(result).toMatchObject({
      provider: "embedded",
      fallbackReason: null,
      value: { idea: "Yoga for desk workers" },
    });
    const row = await env.DB.prepare("SELECT * FROM ai_calls WHERE user_id = ? ORDER BY created_at DESC LIMIT 1")
      .bind(creator.userId)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({
      task: "brainstorm",
      work: "structured",
      provider: "embedded",
      model: "embedded-taxonomy-v1",
      outcome: "ok",
      fallback_reason: null,
      attempts: 1,
    });
    expect(Number(row!.duration_ms)).toBeGreaterThanOrEqual(0);
    expect(await counted(creator.userId)).toBe(1);

    // A call with no meter (nobody caused it): recorded against the app, no unit.
    const before = await counted(creator.userId);
    await aiFor(app, { appId: "some-app" }).structured({
      task: "plan",
      schema,
      system: "s",
      prompt: "p",
      local: () => ({ idea: "x" }),
    });
    expect(await counted(creator.userId)).toBe(before);
    const plan = await env.DB.prepare("SELECT user_id FROM ai_calls WHERE app_id = 'some-app'").first();
    expect(plan).toEqual({ user_id: null });
  });
});

describe("the daily AI generations of a studio tier", () => {
  it("without a tier: the free allowance, then a clear refusal naming the tier that allows more", async () => {
    const { userId } = await signUp("ai-quota-free");
    const app = testApp();
    await usedToday(userId, FREE_AI_GENERATIONS_PER_DAY - 1);
    expect(await aiUsageToday(app, userId)).toMatchObject({
      used: FREE_AI_GENERATIONS_PER_DAY - 1,
      limit: FREE_AI_GENERATIONS_PER_DAY,
      tierName: null,
      nextTier: { name: "Starter", aiGenerationsPerDay: 50 },
    });
    await expect(ask(userId)).resolves.toBeTruthy();
    const refusal = await ask(userId).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ServiceError);
    expect(refusal).toMatchObject({
      failure: "too-many",
      message: "You have used all 20 of today's AI generations. The Starter tier allows 50 a day.",
    });
    expect((refusal as ServiceError).retryAfterSeconds).toBeGreaterThan(0);
    expect(await counted(userId)).toBe(FREE_AI_GENERATIONS_PER_DAY);
  });

  it("a tier's own allowance; yesterday's calls do not count", async () => {
    const { userId } = await signUp("ai-quota-tier");
    const now = Date.now();
    await env.DB.prepare(
      `INSERT INTO creator_studio_subscriptions (id, user_id, tier_slug, price_option_id, interval, price_cents, status, current_period_end, created_at)
       VALUES (?1, ?2, 'starter', 'studio_starter_month', 'month', 1900, 'active', ?3, ?4)`,
    )
      .bind(crypto.randomUUID(), userId, now + 30 * 86_400_000, now)
      .run();
    await usedToday(userId, 1, utcDayStart(now) - 1);
    await usedToday(userId, 50);
    const app = testApp();
    expect(await aiUsageToday(app, userId)).toMatchObject({ used: 50, limit: 50, tierName: "Starter" });
    await expect(ask(userId)).rejects.toThrow(
      "You have used all 50 of today's AI generations on the Starter tier. The Pro tier allows 200 a day.",
    );
  });
});

describe("Workers AI, bound as a deploy binds it (wrangler.toml [ai])", () => {
  const task = {
    task: "brainstorm",
    schema,
    system: "s",
    prompt: "p",
    local: () => ({ idea: "Yoga for desk workers" }),
  };

  it("the tests' worker has the binding, cannot run it offline, and uses the embedded default", async () => {
    const app = testApp();
    expect(typeof (app.bindings as { AI?: { run?: unknown } }).AI?.run).toBe("function");
    expect(providerFor(app.env, app.bindings).name).toBe("embedded");
    expect(await aiFor(app).structured(task)).toMatchObject({ provider: "embedded", fallbackReason: null });
  });

  it("in production the call goes to Workers AI (through the AI SDK); offline it fails, and the embedded default answers", async () => {
    const production = testApp({ env: { ...testApp().env, ENVIRONMENT: "production" } });
    expect(providerFor(production.env, production.bindings).name).toBe("workers-ai");
    const result = await aiFor(production, { appId: "workers-ai-offline" }).structured(task);
    expect(result).toMatchObject({
      provider: "embedded",
      fallbackReason: "error",
      value: { idea: "Yoga for desk workers" },
    });
    const row = await env.DB.prepare("SELECT * FROM ai_calls WHERE app_id = 'workers-ai-offline'").first();
    expect(row).toMatchObject({
      provider: "workers-ai",
      model: WORKERS_AI_MODELS.structured,
      outcome: "fallback",
      fallback_reason: "error",
      attempts: 2,
    });
  });
});
