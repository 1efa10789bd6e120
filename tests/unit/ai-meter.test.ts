// The AI meter's pure rules: the UTC day units count in, the wait a refusal gives, and its words.
import { describe, expect, it } from "vitest";
import {
  aiQuotaMessage,
  appAiBudgetMessage,
  endUserAiMessage,
  secondsToUtcMidnight,
  utcDayStart,
} from "~/features/apps/ai-meter";

const at = (iso: string) => Date.parse(iso);

describe("the day a unit counts in, and the wait until the next", () => {
  it("midnight UTC starts the day, whatever the hour", () => {
    expect(utcDayStart(at("2026-12-06T00:00:00Z"))).toBe(at("2026-12-06T00:00:00Z"));
    expect(utcDayStart(at("2026-12-06T23:59:59.999Z"))).toBe(at("2026-12-06T00:00:00Z"));
  });

  it("Retry-After is the whole seconds to midnight UTC, at least one", () => {
    expect(secondsToUtcMidnight(at("2026-12-06T00:00:00Z"))).toBe(86_400);
    expect(secondsToUtcMidnight(at("2026-12-06T23:00:00Z"))).toBe(3_600);
    expect(secondsToUtcMidnight(at("2026-12-06T23:59:59.500Z"))).toBe(1);
  });
});

describe("what a refused person is told", () => {
  it("a creator: how many, their tier, and the tier that allows more (or when more come)", () => {
    expect(aiQuotaMessage({ limit: 20, tierName: null, nextTier: { name: "Starter", aiGenerationsPerDay: 50 } })).toBe(
      "You have used all 20 of today's AI generations. The Starter tier allows 50 a day.",
    );
    expect(aiQuotaMessage({ limit: 1000, tierName: "Studio", nextTier: null })).toBe(
      "You have used all 1,000 of today's AI generations on the Studio tier. More are available from midnight UTC.",
    );
  });

  it("an end user: their own day, or the app's shared budget", () => {
    expect(endUserAiMessage(30)).toBe(
      "You have used all 30 of today's AI requests in this app. More are available from midnight UTC.",
    );
    expect(appAiBudgetMessage).toMatch(/^This app has used all of today's AI requests\./);
  });
});
