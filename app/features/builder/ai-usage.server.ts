/**
 * A creator's daily AI generations (issue 18): each brainstorm, app build, suggestion or help the
 * creator asks for is an AI call recorded as `counted` (platform/adapters/ai); a studio tier allows
 * so many a UTC day, a creator without one FREE_AI_GENERATIONS_PER_DAY. Past the limit the creator
 * is told, in words, which tier allows more: a 429 in the API, a message on the page, never a 500.
 */
import { and, asc, count, eq, gt, gte } from "drizzle-orm";
import { aiCalls, studioTiers } from "~/db/schema";
import { activeStudioTier } from "~/features/apps/apps.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { aiQuotaMessage, FREE_AI_GENERATIONS_PER_DAY, utcDayStart } from "./rules";

export interface AiUsage {
  used: number;
  limit: number;
  /** The creator's active tier's name, or null without one. */
  tierName: string | null;
  /** The cheapest tier allowing more a day, when there is one. */
  nextTier: { name: string; aiGenerationsPerDay: number } | null;
}

export async function aiUsageToday(app: AppContext, userId: string): Promise<AiUsage> {
  const [tier, used] = await Promise.all([
    activeStudioTier(app, userId),
    app.db
      .select({ n: count() })
      .from(aiCalls)
      .where(and(eq(aiCalls.userId, userId), eq(aiCalls.counted, true), gte(aiCalls.createdAt, utcDayStart(app.now))))
      .get(),
  ]);
  const limit = tier?.aiGenerationsPerDay ?? FREE_AI_GENERATIONS_PER_DAY;
  const nextTier = await app.db
    .select({ name: studioTiers.name, aiGenerationsPerDay: studioTiers.aiGenerationsPerDay })
    .from(studioTiers)
    .where(gt(studioTiers.aiGenerationsPerDay, limit))
    .orderBy(asc(studioTiers.aiGenerationsPerDay), asc(studioTiers.position))
    .limit(1)
    .get();
  return { used: used?.n ?? 0, limit, tierName: tier?.tierName ?? null, nextTier: nextTier ?? null };
}

/** Throws 'too-many' with the spec-style message when the creator has no generations left today. */
export async function assertAiQuota(app: AppContext, userId: string): Promise<AiUsage> {
  const usage = await aiUsageToday(app, userId);
  if (usage.used >= usage.limit) throw new ServiceError("too-many", aiQuotaMessage(usage));
  return usage;
}
