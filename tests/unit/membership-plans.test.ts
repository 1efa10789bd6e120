import { describe, expect, it } from "vitest";
import { orderPlans, periodEnd } from "~/features/subscriptions/rules";

describe("orderPlans (spec 4 'Plans list')", () => {
  it("moves the yearly plan to the top", () => {
    expect(
      orderPlans([
        { interval: "month" as const, id: "m" },
        { interval: "year" as const, id: "y" },
      ]).map((p) => p.id),
    ).toEqual(["y", "m"]);
  });
  it("keeps the order when the yearly plan is first or missing", () => {
    expect(
      orderPlans([
        { interval: "year" as const, id: "y" },
        { interval: "month" as const, id: "m" },
      ]).map((p) => p.id),
    ).toEqual(["y", "m"]);
    expect(orderPlans([{ interval: "month" as const, id: "m" }]).map((p) => p.id)).toEqual(["m"]);
    expect(orderPlans([])).toEqual([]);
  });
});

describe("periodEnd", () => {
  const at = (iso: string) => Date.parse(iso);
  it("adds calendar months and years, keeping the time of day", () => {
    expect(new Date(periodEnd(at("2026-11-21T16:40:00Z"), "month")).toISOString()).toBe("2026-12-21T16:40:00.000Z");
    expect(new Date(periodEnd(at("2026-12-21T16:40:00Z"), "month")).toISOString()).toBe("2027-01-21T16:40:00.000Z");
    expect(new Date(periodEnd(at("2026-11-21T16:40:00Z"), "year")).toISOString()).toBe("2027-11-21T16:40:00.000Z");
  });
  it("ends on the last day of a shorter month", () => {
    expect(new Date(periodEnd(at("2027-01-31T00:00:00Z"), "month")).toISOString()).toBe("2027-02-28T00:00:00.000Z");
    expect(new Date(periodEnd(at("2028-01-31T00:00:00Z"), "month")).toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(new Date(periodEnd(at("2028-02-29T00:00:00Z"), "year")).toISOString()).toBe("2029-02-28T00:00:00.000Z");
  });
});
