/**
 * The AI meter's pure rules (ai-meter.server.ts counts): the daily limits that have no tier to set
 * them, the UTC day units count in, and what a refused person is told. Unit-tested.
 */

/** AI generations a day for a creator without a studio tier (a tier's own number is in studio_tiers). */
export const FREE_AI_GENERATIONS_PER_DAY = 20;

/** AI calls one end user may cause on one app a day: their plans, analyses, pictures and summaries. */
export const END_USER_AI_UNITS_PER_DAY = 30;

/** AI calls all end users of an app whose creator has no studio tier may cause together a day. */
export const FREE_APP_AI_UNITS_PER_DAY = 100;

const DAY_MS = 86_400_000;

/** Midnight UTC of the day `now` falls in: daily AI usage counts from here. */
export const utcDayStart = (now: number) => now - (now % DAY_MS);

/** Whole seconds until the next midnight UTC, when every daily AI count starts again (at least 1). */
export const secondsToUtcMidnight = (now: number) => Math.max(1, Math.ceil((utcDayStart(now) + DAY_MS - now) / 1000));

/** What a creator who has used today's AI generations is told: how many, and the tier that allows more. */
export function aiQuotaMessage(usage: {
  limit: number;
  tierName: string | null;
  nextTier: { name: string; aiGenerationsPerDay: number } | null;
}): string {
  const used = `You have used all ${usage.limit.toLocaleString("en-US")} of today's AI generations${
    usage.tierName ? ` on the ${usage.tierName} tier` : ""
  }.`;
  return usage.nextTier
    ? `${used} The ${usage.nextTier.name} tier allows ${usage.nextTier.aiGenerationsPerDay.toLocaleString("en-US")} a day.`
    : `${used} More are available from midnight UTC.`;
}

/** What an end user who has used their day's AI help on an app is told. */
export const endUserAiMessage = (limit: number) =>
  `You have used all ${limit.toLocaleString("en-US")} of today's AI requests in this app. More are available from midnight UTC.`;

/** What an end user is told when the app's shared budget for the day is spent. */
export const appAiBudgetMessage = "This app has used all of today's AI requests. More are available from midnight UTC.";
