/**
 * The AI meter: every AI call a person can cause claims one unit before the provider is called, in
 * ONE D1 statement (an INSERT … SELECT whose WHERE counts the day's units), the way sign-in attempts
 * are claimed (features/identity/attempts.server.ts). Of any number of concurrent calls exactly as
 * many as the limits allow get a unit; the rest are refused without anything being sent.
 *
 * - A creator's own calls (the builder, their simulator runs, their media's descriptions) count
 *   against their daily generations, set by their studio tier.
 * - An end user's calls (their plan, their activities' analyses, pictures and summaries) count
 *   against their own daily allowance on that app and against the app's daily budget, which the
 *   creator's tier sets and all of the app's end users share.
 * - A unit's key is the call's: a job's calls are `job:{jobId}:{n}`, so a retried job finds its
 *   units held and claims nothing again; a job's first unit is claimed when it is queued, so the
 *   person who asked is refused at once rather than by a job that fails later.
 * - A unit is given back (deleted) when the provider never answered (platform/adapters/ai).
 */
import { and, asc, count, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { aiUnits, apps, studioTiers } from "~/db/schema";
import { aiFor, type AiMeter, type MeterUnit } from "~/platform/adapters/ai/ai.server";
import type { AppContext } from "~/platform/context";
import { tooMany } from "~/platform/service-error";
import { activeStudioTier } from "./apps.server";
import {
  aiQuotaMessage,
  appAiBudgetMessage,
  END_USER_AI_UNITS_PER_DAY,
  endUserAiMessage,
  FREE_AI_GENERATIONS_PER_DAY,
  FREE_APP_AI_UNITS_PER_DAY,
  secondsToUtcMidnight,
  utcDayStart,
} from "./ai-meter";

/** Who pays for a call: the creator themself, or an end user of an app (with the app's budget). */
export type Payer = { creatorId: string; appId?: string | null } | { appId: string; endUser: string };

/** What a refused call becomes: a 429 for the person who asked, or the embedded default, unmetered. */
export type WhenRefused = "refuse" | "embedded";

// The creator's day: their own units.
const CREATOR_CLAIM = `INSERT INTO ai_units (id, day, creator_id, app_id, end_user, task, created_at)
  SELECT ?1, ?2, ?3, ?4, NULL, ?5, ?6
  WHERE (SELECT count(*) FROM ai_units WHERE creator_id = ?3 AND day = ?2) < ?7
  ON CONFLICT(id) DO NOTHING
  RETURNING id`;

// An end user's day on an app: their own units, and all end users' units of the app together.
const END_USER_CLAIM = `INSERT INTO ai_units (id, day, creator_id, app_id, end_user, task, created_at)
  SELECT ?1, ?2, NULL, ?3, ?4, ?5, ?6
  WHERE (SELECT count(*) FROM ai_units WHERE app_id = ?3 AND day = ?2 AND end_user = ?4) < ?7
    AND (SELECT count(*) FROM ai_units WHERE app_id = ?3 AND day = ?2 AND end_user IS NOT NULL) < ?8
  ON CONFLICT(id) DO NOTHING
  RETURNING id`;

/** The limits that apply to a payer today. */
async function limitsOf(app: AppContext, payer: Payer): Promise<{ own: number; app: number }> {
  if ("creatorId" in payer) {
    const tier = await activeStudioTier(app, payer.creatorId);
    return { own: tier?.aiGenerationsPerDay ?? FREE_AI_GENERATIONS_PER_DAY, app: 0 };
  }
  const row = await app.db.select({ ownerId: apps.ownerId }).from(apps).where(eq(apps.id, payer.appId)).get();
  const tier = row ? await activeStudioTier(app, row.ownerId) : null;
  return { own: END_USER_AI_UNITS_PER_DAY, app: tier?.appAiUnitsPerDay ?? FREE_APP_AI_UNITS_PER_DAY };
}

/**
 * Claims the unit `key` for `payer`, in one statement: true when it is held (now, or already by an
 * earlier attempt of the same job), false when a limit refuses it.
 */
export async function claimUnit(app: AppContext, payer: Payer, key: string, task: string): Promise<boolean> {
  const day = utcDayStart(app.now);
  const limits = await limitsOf(app, payer);
  const DB = app.bindings.DB;
  const claimed =
    "creatorId" in payer
      ? await DB.prepare(CREATOR_CLAIM)
          .bind(key, day, payer.creatorId, payer.appId ?? null, task, app.now, limits.own)
          .first<{ id: string }>()
      : await DB.prepare(END_USER_CLAIM)
          .bind(key, day, payer.appId, payer.endUser, task, app.now, limits.own, limits.app)
          .first<{ id: string }>();
  if (claimed) return true;
  const held = await app.db.select({ id: aiUnits.id }).from(aiUnits).where(eq(aiUnits.id, key)).get();
  return held !== undefined;
}

/** Claims the unit `key` for `payer`, or throws their refusal (a 429 with the wait until midnight UTC). */
export async function claimUnitOrRefuse(app: AppContext, payer: Payer, key: string, task: string): Promise<void> {
  if (!(await claimUnit(app, payer, key, task))) throw await refusal(app, payer);
}

/** Gives a unit back (the provider never answered, or the work it was claimed for was not started). */
export async function releaseUnit(app: AppContext, key: string): Promise<void> {
  await app.db.delete(aiUnits).where(eq(aiUnits.id, key));
}

/** The refusal a payer gets: the creator's quota message, or the end user's, with the wait until midnight UTC. */
async function refusal(app: AppContext, payer: Payer) {
  const wait = secondsToUtcMidnight(app.now);
  if ("creatorId" in payer) return tooMany(aiQuotaMessage(await aiUsageToday(app, payer.creatorId)), wait);
  const limits = await limitsOf(app, payer);
  const own = await app.db
    .select({ n: count() })
    .from(aiUnits)
    .where(
      and(eq(aiUnits.appId, payer.appId), eq(aiUnits.day, utcDayStart(app.now)), eq(aiUnits.endUser, payer.endUser)),
    )
    .get();
  return tooMany((own?.n ?? 0) >= limits.own ? endUserAiMessage(limits.own) : appAiBudgetMessage, wait);
}

/**
 * The meter of one request or job for the AI layer: its calls claim `{key}:1`, `{key}:2`… in the
 * order they are made. Refused, a call throws the payer's 429 or goes on with the embedded default.
 */
export function meterFor(
  app: AppContext,
  payer: Payer,
  { key = `call:${crypto.randomUUID()}`, whenRefused = "refuse" }: { key?: string; whenRefused?: WhenRefused } = {},
): AiMeter {
  let calls = 0;
  return {
    async claim(task): Promise<MeterUnit | null> {
      const unitKey = `${key}:${++calls}`;
      if (await claimUnit(app, payer, unitKey, task)) return { release: () => releaseUnit(app, unitKey) };
      if (whenRefused === "embedded") return null;
      throw await refusal(app, payer);
    },
  };
}

/** A job's meter: its units are `job:{jobId}:{n}`, the same on every attempt. */
export const jobMeter = (app: AppContext, payer: Payer, jobId: string, whenRefused: WhenRefused = "refuse") =>
  meterFor(app, payer, { key: `job:${jobId}`, whenRefused });

/**
 * Queues a job with its first unit claimed first, so the person who asked hears the refusal (a 429)
 * instead of a job failing later; the job's own first call finds the unit held. When `queue` throws
 * the unit is given back.
 */
export async function queueMetered<T>(
  app: AppContext,
  payer: Payer,
  job: { id: string; task: string },
  queue: () => Promise<T>,
): Promise<T> {
  const key = `job:${job.id}:1`;
  await claimUnitOrRefuse(app, payer, key, job.task);
  try {
    return await queue();
  } catch (error) {
    await releaseUnit(app, key);
    throw error;
  }
}

export interface AiUsage {
  used: number;
  limit: number;
  /** The creator's active tier's name, or null without one. */
  tierName: string | null;
  /** The cheapest tier allowing more a day, when there is one. */
  nextTier: { name: string; aiGenerationsPerDay: number } | null;
}

/** A creator's own generations today, their limit, and the tier that allows more. */
export async function aiUsageToday(app: AppContext, userId: string): Promise<AiUsage> {
  const [tier, used] = await Promise.all([
    activeStudioTier(app, userId),
    app.db
      .select({ n: count() })
      .from(aiUnits)
      .where(and(eq(aiUnits.creatorId, userId), eq(aiUnits.day, utcDayStart(app.now))))
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

/** What each of the creator's apps' end users spent today, against the app's daily budget. */
export async function appsAiSpendToday(
  app: AppContext,
  ownerId: string,
  appIds: string[],
): Promise<{ appBudget: number; spent: Record<string, number> }> {
  const [tier, rows] = await Promise.all([
    activeStudioTier(app, ownerId),
    appIds.length === 0
      ? Promise.resolve([])
      : app.db
          .select({ appId: aiUnits.appId, n: count() })
          .from(aiUnits)
          .where(and(inArray(aiUnits.appId, appIds), eq(aiUnits.day, utcDayStart(app.now)), isNotNull(aiUnits.endUser)))
          .groupBy(aiUnits.appId),
  ]);
  return {
    appBudget: tier?.appAiUnitsPerDay ?? FREE_APP_AI_UNITS_PER_DAY,
    spent: Object.fromEntries(rows.map((r) => [r.appId ?? "", r.n])),
  };
}

/** Units older than the day before yesterday count for nothing: the scheduled sweep deletes them. */
export async function sweepOldUnits(app: AppContext): Promise<void> {
  await app.db.delete(aiUnits).where(sql`${aiUnits.day} < ${utcDayStart(app.now) - 2 * 86_400_000}`);
}

/** The AI layer for a creator's own request (about one of their apps, or none): each call a unit of theirs. */
export const creatorAi = (app: AppContext, creatorId: string, appId: string | null = null) =>
  aiFor(app, { userId: creatorId, appId, meter: meterFor(app, { creatorId, appId }) });
