import { describe, expect, it } from "vitest";
import { dailySummary } from "~/features/analytics/components/DailyChart";
import { axisTicks, formatTick, formatValue } from "~/features/analytics/components/chart-format";
import {
  DAY_MS,
  busiestDay,
  daysOf,
  fillDays,
  funnel,
  orderedFunnel,
  lastDays,
  niceTicks,
  parseIsoDay,
  parseRange,
  percent,
  topSources,
  total,
} from "~/features/analytics/rules";
import { BUFFER_SHARDS, shardOf } from "~/features/analytics/buffer.server";

const NOW = Date.UTC(2026, 2, 15, 18, 30); // 2026-03-15 18:30 UTC

describe("date ranges", () => {
  it("defaults to the last 30 whole UTC days, today included", () => {
    const answer = parseRange({}, NOW);
    expect(answer).toEqual({
      ok: true,
      range: {
        from: "2026-02-14",
        to: "2026-03-15",
        days: 30,
        startMs: Date.UTC(2026, 1, 14),
        endMs: Date.UTC(2026, 2, 16),
      },
    });
    expect(parseRange({ from: "", to: "  " }, NOW)).toEqual(answer);
  });

  it("reads From and To (inclusive) and fills a missing end", () => {
    expect(parseRange({ from: "2026-03-01", to: "2026-03-07" }, NOW)).toMatchObject({
      ok: true,
      range: { from: "2026-03-01", to: "2026-03-07", days: 7 },
    });
    expect(parseRange({ from: "2026-03-10" }, NOW)).toMatchObject({
      ok: true,
      range: { from: "2026-03-10", to: "2026-03-15", days: 6 },
    });
    expect(parseRange({ to: "2026-01-30" }, NOW)).toMatchObject({
      ok: true,
      range: { from: "2026-01-01", to: "2026-01-30", days: 30 },
    });
    expect(parseRange({ from: "2026-03-15", to: "2026-03-15" }, NOW)).toMatchObject({ ok: true, range: { days: 1 } });
    // A To after today is fine (the future days are zeros); only a start after today is refused.
    expect(parseRange({ from: "2026-03-10", to: "2026-03-20" }, NOW)).toMatchObject({ ok: true, range: { days: 11 } });
  });

  it("refuses what cannot be a range, in plain words, with the default range to show instead", () => {
    const fallback = lastDays(NOW);
    const cases: [Record<string, string>, RegExp][] = [
      [{ from: "yesterday" }, /From date is not a real date/],
      [{ to: "2026-02-30" }, /To date is not a real date/],
      [{ from: "2026-13-01" }, /From date is not a real date/],
      [{ from: "1999-12-31" }, /From date is not a real date/],
      [{ from: "2026-03-10", to: "2026-03-01" }, /on or before the To date/],
      [{ from: "2026-04-01", to: "2026-04-10" }, /starts after today/],
      [{ from: "2024-01-01", to: "2026-03-01" }, /at most 366 days.*\(this range has 791\)/],
    ];
    for (const [input, message] of cases) {
      const answer = parseRange(input, NOW);
      expect(answer.ok, JSON.stringify(input)).toBe(false);
      expect(answer.ok ? "" : answer.error).toMatch(message);
      expect(answer.range).toEqual(fallback);
    }
    // A leap year's 366 days fit.
    expect(parseRange({ from: "2024-01-01", to: "2024-12-31" }, NOW)).toMatchObject({ ok: true, range: { days: 366 } });
  });

  it("parses only real calendar days", () => {
    expect(parseIsoDay("2024-02-29")).toBe(Date.UTC(2024, 1, 29));
    expect(parseIsoDay("2025-02-29")).toBeNull();
    expect(parseIsoDay("2025-2-3")).toBeNull();
    expect(parseIsoDay("2025-02-03T00:00")).toBeNull();
  });
});

describe("days", () => {
  const range = parseRange({ from: "2026-02-27", to: "2026-03-02" }, NOW);
  if (!range.ok) throw new Error("range");
  it("lists every day across a month end", () => {
    expect(daysOf(range.range)).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
  });

  it("fills days without rows with zeros and ignores rows outside the range", () => {
    const points = fillDays(range.range, [
      { day: 1, value: 5 },
      { day: 3, value: 2 },
      { day: 3, value: 1 },
      { day: 4, value: 99 },
      { day: -1, value: 99 },
    ]);
    expect(points).toEqual([
      { date: "2026-02-27", value: 0 },
      { date: "2026-02-28", value: 5 },
      { date: "2026-03-01", value: 0 },
      { date: "2026-03-02", value: 3 },
    ]);
    expect(total(points)).toBe(8);
    expect(busiestDay(points)).toEqual({ date: "2026-02-28", value: 5 });
    expect(busiestDay(fillDays(range.range, []))).toBeNull();
    expect(range.range.endMs - range.range.startMs).toBe(4 * DAY_MS);
  });

  it("summarises a series in one sentence", () => {
    const points = fillDays(range.range, [{ day: 1, value: 1250 }]);
    const views = { one: "page view", other: "page views" };
    expect(dailySummary(points, "Page views", views, "count")).toBe(
      "1,250 page views from Feb 27, 2026 to Mar 2, 2026; the busiest day was Feb 28, 2026 with 1,250.",
    );
    expect(dailySummary(fillDays(range.range, [{ day: 0, value: 1 }]), "Page views", views, "count")).toMatch(
      /^1 page view from /,
    );
    expect(
      dailySummary(
        fillDays(range.range, [{ day: 0, value: 1 }]),
        "Revenue",
        { one: "in revenue", other: "in revenue" },
        "usd",
      ),
    ).toMatch(/^\$0\.01 in revenue from /);
    expect(dailySummary(fillDays(range.range, []), "Revenue", { one: "in revenue", other: "in revenue" }, "usd")).toBe(
      "No revenue from Feb 27, 2026 to Mar 2, 2026.",
    );
  });
});

describe("funnel", () => {
  it("gives each step its people, the share of the step before and of the first step", () => {
    const steps = funnel({ home: 200, class: 120, cart: 30, checkout: 0, purchase: 0 });
    expect(steps.map((s) => [s.key, s.people, s.fromPrevious, s.fromFirst])).toEqual([
      ["home", 200, null, null],
      ["class", 120, 60, 60],
      ["cart", 30, 25, 15],
      ["checkout", 0, 0, 0],
      ["purchase", 0, null, 0],
    ]);
  });

  it("does not divide by zero and does not cap a step that exceeds the one before", () => {
    expect(funnel({}).every((s) => s.people === 0 && s.fromFirst === null)).toBe(true);
    expect(funnel({ home: 3, class: 4 })[1].fromPrevious).toBe(133.3);
    expect(percent(1, 3)).toBe(33.3);
  });
});

describe("ordered funnel", () => {
  const e = (person: string, step: number, at: number) => ({ person, step, at });

  it("counts a step only for people who did it after the step before", () => {
    const { reached, entered } = orderedFunnel([
      // p1 goes home → class → cart in order.
      e("p1", 0, 1),
      e("p1", 1, 2),
      e("p1", 2, 3),
      // p2 saw a class page before home, never after: home only.
      e("p2", 1, 1),
      e("p2", 0, 5),
      // p3 never saw home: only an entry point.
      e("p3", 1, 4),
      e("p3", 2, 6),
      // p4: a second class view after home counts, whatever came before.
      e("p4", 1, 1),
      e("p4", 0, 2),
      e("p4", 1, 3),
      // p5 skipped the cart: checkout does not count.
      e("p5", 0, 1),
      e("p5", 1, 2),
      e("p5", 3, 3),
    ]);
    expect(reached).toEqual([4, 3, 1, 0, 0]);
    expect(entered).toEqual([2, 3, 0, 0, 0]);
  });

  it("never lets a step exceed the one before", () => {
    const events = Array.from({ length: 500 }, (_, i) => e(`p${i % 37}`, (i * 7) % 5, (i * 13) % 101));
    const { reached, entered } = orderedFunnel(events);
    for (let i = 1; i < reached.length; i++) expect(reached[i]).toBeLessThanOrEqual(reached[i - 1]);
    expect(entered.reduce((a, b) => a + b, 0)).toBe(37);
    const steps = funnel({ home: reached[0], class: reached[1] }, { class: 3 });
    expect(steps[1].fromPrevious).toBeLessThanOrEqual(100);
    expect(steps[1].entered).toBe(3);
  });
});

describe("sources", () => {
  it("joins visits with sales and keeps the busiest, in a stable order", () => {
    const rows = topSources(
      [
        { source: "(direct)", pageViews: 50, signUps: 2 },
        { source: "google", pageViews: 30, signUps: 5 },
        { source: "b", pageViews: 1, signUps: 0 },
        { source: "a", pageViews: 1, signUps: 0 },
      ],
      [
        { source: "google", purchases: 3, revenueCents: 14700 },
        { source: "newsletter", purchases: 1, revenueCents: 4900 },
      ],
      4,
    );
    expect(rows).toEqual([
      { source: "(direct)", pageViews: 50, signUps: 2, purchases: 0, revenueCents: 0 },
      { source: "google", pageViews: 30, signUps: 5, purchases: 3, revenueCents: 14700 },
      { source: "newsletter", pageViews: 0, signUps: 0, purchases: 1, revenueCents: 4900 },
      { source: "a", pageViews: 1, signUps: 0, purchases: 0, revenueCents: 0 },
    ]);
  });
});

describe("chart axes and numbers", () => {
  it("uses round ticks from zero", () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(49)).toEqual([0, 20, 40, 60]);
    expect(niceTicks(22_700)).toEqual([0, 10_000, 20_000, 30_000]);
    // Money ticks are whole dollars (values in cents).
    expect(axisTicks(0, "usd")).toEqual([0, 100]);
    expect(axisTicks(22_700, "usd")).toEqual([0, 10_000, 20_000, 30_000]);
    expect(axisTicks(250, "usd")).toEqual([0, 100, 200, 300]);
  });

  it("writes counts with separators and money from cents in USD", () => {
    expect(formatValue(12345, "count")).toBe("12,345");
    expect(formatValue(184800, "usd")).toBe("$1,848.00");
    expect(formatTick(30000, "usd")).toBe("$300");
    expect(formatTick(250000, "usd")).toBe("$2.5K");
    expect(formatTick(12000, "count")).toBe("12K");
  });
});

describe("shardOf (which analytics buffer a visitor's events wait in)", () => {
  it("is the same for the same id, in range, and 0 for nobody", () => {
    const id = "anon_5b0c6a3e-2f51-4d8e-9a57-0c1f3d2e4b6a";
    expect(shardOf(id)).toBe(shardOf(id));
    expect(shardOf(null)).toBe(0);
    expect(shardOf("")).toBe(0);
    for (let i = 0; i < 100; i++) {
      const shard = shardOf(crypto.randomUUID());
      expect(Number.isInteger(shard) && shard >= 0 && shard < BUFFER_SHARDS).toBe(true);
    }
  });

  it("spreads visitors over every buffer", () => {
    const counts = new Array<number>(BUFFER_SHARDS).fill(0);
    for (let i = 0; i < 8_000; i++) counts[shardOf(`anon_${crypto.randomUUID()}`)]++;
    // 1,000 each on average: none empty, none with more than twice its share.
    for (const n of counts) expect(n).toBeGreaterThan(500);
    for (const n of counts) expect(n).toBeLessThan(2_000);
  });
});
