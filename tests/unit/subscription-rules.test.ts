import { describe, expect, it } from "vitest";
import {
  hasActive,
  hasActiveOrTrial,
  isActiveMember,
  isTrialExpired,
  trialDaysRemaining,
  type SubscriptionState,
} from "~/features/subscriptions/rules";

const DAY = 86_400_000;
const NOW = Date.UTC(2030, 2, 10, 9, 30);
const state = (over: Partial<SubscriptionState> = {}): SubscriptionState => ({
  status: "canceled",
  trialDaysRemaining: 0,
  isTrialExpired: false,
  ...over,
});

describe("trialDaysRemaining", () => {
  it("whole days, rounded up", () => {
    expect(trialDaysRemaining(NOW + 7 * DAY, NOW)).toBe(7);
    expect(trialDaysRemaining(NOW + 7 * DAY + 1, NOW)).toBe(8);
    expect(trialDaysRemaining(NOW + 6 * DAY + 1, NOW)).toBe(7);
    expect(trialDaysRemaining(NOW + DAY, NOW)).toBe(1);
  });
  it("the last hours and the last ms still count as a day", () => {
    expect(trialDaysRemaining(NOW + 3 * 3_600_000, NOW)).toBe(1);
    expect(trialDaysRemaining(NOW + 1, NOW)).toBe(1);
  });
  it("0 when over or when there is no trial", () => {
    expect(trialDaysRemaining(NOW, NOW)).toBe(0);
    expect(trialDaysRemaining(NOW - 1, NOW)).toBe(0);
    expect(trialDaysRemaining(NOW - 30 * DAY, NOW)).toBe(0);
    expect(trialDaysRemaining(null, NOW)).toBe(0);
  });
});

describe("isTrialExpired", () => {
  it("expired at and after the end", () => {
    expect(isTrialExpired(NOW, NOW)).toBe(true);
    expect(isTrialExpired(NOW - 1, NOW)).toBe(true);
  });
  it("not expired before the end or with no trial", () => {
    expect(isTrialExpired(NOW + 1, NOW)).toBe(false);
    expect(isTrialExpired(null, NOW)).toBe(false);
  });
  it("agrees with trialDaysRemaining", () => {
    for (const end of [NOW - DAY, NOW - 1, NOW, NOW + 1, NOW + DAY]) {
      expect(isTrialExpired(end, NOW)).toBe(trialDaysRemaining(end, NOW) === 0);
    }
  });
});

describe("hasActiveOrTrial", () => {
  it("false for no subscriptions", () => {
    expect(hasActiveOrTrial([])).toBe(false);
  });
  it("true when any is active", () => {
    expect(hasActiveOrTrial([state({ status: "active" })])).toBe(true);
    expect(hasActiveOrTrial([state({ status: "canceled" }), state({ status: "active", isTrialExpired: true })])).toBe(
      true,
    );
  });
  it("true with trial days left and not trial-expired, whatever the status", () => {
    expect(hasActiveOrTrial([state({ status: "trialing", trialDaysRemaining: 3 })])).toBe(true);
    expect(hasActiveOrTrial([state({ status: "canceled", trialDaysRemaining: 1 })])).toBe(true);
  });
  it("false when the trial is over or marked expired", () => {
    expect(hasActiveOrTrial([state({ status: "trialing", trialDaysRemaining: 0 })])).toBe(false);
    expect(hasActiveOrTrial([state({ status: "trialing", trialDaysRemaining: 5, isTrialExpired: true })])).toBe(false);
    expect(hasActiveOrTrial([state({ status: "past_due" }), state({ status: "canceled" })])).toBe(false);
  });
});

describe("hasActive", () => {
  it("only status active counts", () => {
    expect(hasActive([])).toBe(false);
    expect(hasActive([state({ status: "trialing", trialDaysRemaining: 10 })])).toBe(false);
    expect(hasActive([state({ status: "past_due" })])).toBe(false);
    expect(hasActive([state({ status: "canceled" }), state({ status: "active" })])).toBe(true);
  });
});

describe("isActiveMember", () => {
  it("the user's membershipStatus active", () => {
    expect(isActiveMember({ membershipStatus: "active" })).toBe(true);
    expect(isActiveMember({ membershipStatus: "active" }, { status: "canceled" })).toBe(true);
  });
  it("the membership's status active", () => {
    expect(isActiveMember({ membershipStatus: null }, { status: "active" })).toBe(true);
    expect(isActiveMember(null, { status: "active" })).toBe(true);
  });
  it("otherwise not", () => {
    expect(isActiveMember(null)).toBe(false);
    expect(isActiveMember(null, null)).toBe(false);
    expect(isActiveMember({ membershipStatus: null })).toBe(false);
    expect(isActiveMember({ membershipStatus: "canceled" }, { status: "past_due" })).toBe(false);
    expect(isActiveMember({ membershipStatus: "Active" }, { status: "ACTIVE" })).toBe(false);
  });
});
