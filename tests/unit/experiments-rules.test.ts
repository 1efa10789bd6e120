import { describe, expect, it } from "vitest";
import {
  isRunning,
  pickVariant,
  statusOf,
  variantsCookieValue,
  variantsInCookie,
  wilsonInterval,
} from "~/features/experiments/rules";
import { experimentSchema, parseVariants } from "~/features/experiments/schema";
import { heroData, heroView } from "~/features/home/hero";

const ids = (n: number) =>
  Array.from({ length: n }, (_, i) => `anon_${i.toString(16).padStart(8, "0")}-0000-4000-8000-${i}`);

describe("assignment", () => {
  it("gives shares within a couple of points of the weights over 10,000 ids", () => {
    for (const variants of [
      [
        { key: "A", weight: 50 },
        { key: "B", weight: 50 },
      ],
      [
        { key: "A", weight: 80 },
        { key: "B", weight: 15 },
        { key: "C", weight: 5 },
      ],
    ]) {
      const counts = new Map<string, number>();
      for (const id of ids(10_000)) {
        const v = pickVariant("home-hero", id, variants);
        counts.set(v, (counts.get(v) ?? 0) + 1);
      }
      const total = variants.reduce((s, v) => s + v.weight, 0);
      for (const v of variants)
        expect(Math.abs((counts.get(v.key) ?? 0) / 100 - (v.weight / total) * 100)).toBeLessThan(2);
    }
  });

  it("always gives the same id the same variant, and another experiment reshuffles", () => {
    const variants = [
      { key: "A", weight: 1 },
      { key: "B", weight: 1 },
    ];
    for (const id of ids(200))
      expect(pickVariant("home-hero", id, variants)).toBe(pickVariant("home-hero", id, variants));
    const differ = ids(200).filter(
      (id) => pickVariant("home-hero", id, variants) !== pickVariant("other", id, variants),
    );
    expect(differ.length).toBeGreaterThan(50);
  });

  it("is running only inside its window; the status says which side", () => {
    const window = { startsAt: 1000, stopsAt: 2000 };
    expect([999, 1000, 1999, 2000].map((t) => isRunning(window, t))).toEqual([false, true, true, false]);
    expect(isRunning({ startsAt: 0, stopsAt: null }, 1e15)).toBe(true);
    expect([500, 1500, 2500].map((t) => statusOf(window, t))).toEqual(["scheduled", "running", "stopped"]);
  });
});

describe("Wilson interval", () => {
  it("matches the textbook values and stays within [0, 1]", () => {
    const i = wilsonInterval(10, 100)!;
    expect(i.low).toBeCloseTo(0.0552, 3);
    expect(i.high).toBeCloseTo(0.1744, 3);
    const none = wilsonInterval(0, 20)!;
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.1611, 3);
    const all = wilsonInterval(20, 20)!;
    expect(all.high).toBe(1);
    expect(all.low).toBeCloseTo(0.8389, 3);
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

describe("the experiment form", () => {
  const form = (fields: Record<string, string>) => experimentSchema.safeParse({ intent: "save", ...fields });

  it("reads variants, a start and an inclusive last day", () => {
    const ok = form({ key: "home-hero", variants: "A 50, B 50", startsOn: "2026-03-01", stopsOn: "2026-03-31" });
    expect(ok.success && ok.data).toEqual({
      key: "home-hero",
      isNew: true,
      description: "",
      variants: [
        { key: "A", weight: 50 },
        { key: "B", weight: 50 },
      ],
      startsAt: Date.UTC(2026, 2, 1),
      stopsAt: Date.UTC(2026, 3, 1),
    });
  });

  it("says what is wrong in words", () => {
    const message = (fields: Record<string, string>) =>
      form({ key: "x", variants: "A 1, B 1", startsOn: "2026-03-01", ...fields }).error?.issues[0]?.message;
    expect(message({ key: "Bad Key" })).toMatch(/lower-case letters/);
    expect(message({ variants: "A 50" })).toMatch(/at least two variants/);
    expect(message({ variants: "A 50, A 50" })).toBe("A is named twice.");
    expect(message({ variants: "A 0, B 5" })).toBe("The weight of A must be a whole number from 1 to 1000.");
    expect(message({ startsOn: "2026-02-30" })).toMatch(/start is not a real date/);
    expect(message({ stopsOn: "2026-02-01" })).toBe("The last day must be on or after the start.");
    expect(message({ editing: "y" })).toBe("The key of an experiment cannot change.");
    expect(parseVariants("control: 3\ntreatment=1")).toEqual({
      ok: true,
      variants: [
        { key: "control", weight: 3 },
        { key: "treatment", weight: 1 },
      ],
    });
  });
});

describe("the hero's variants", () => {
  const prices = { lowestClassCents: 2900, membershipCents: 16800 };
  const end = Date.UTC(2026, 5, 1);
  const hero = heroData("Studio", prices, {
    titleB: "B title",
    descriptionB: "B words",
    descriptionAfterCountdown: "After",
    countdownEndDate: new Date(end).toISOString(),
    yellowBannerLinkUrl: "/classes",
  });

  it("shows B's words to B, A's to A, and the after-countdown words once the date has passed", () => {
    expect(heroView(hero, "A", end - 1)).toMatchObject({
      title: hero.title,
      description: hero.description,
      switchesAt: new Date(end).toISOString(),
    });
    expect(heroView(hero, "B", end - 1)).toMatchObject({ title: "B title", description: "B words" });
    expect(heroView(hero, "B", end)).toMatchObject({ title: "B title", description: "After", switchesAt: null });
    const plain = heroData("Studio", prices);
    expect(heroView(plain, "B", end)).toMatchObject({
      title: plain.title,
      description: plain.description,
      yellowBannerLinkUrl: null,
    });
  });
});

describe("the remembered variants cookie", () => {
  it("round-trips in a stable order and ignores what it does not understand", () => {
    const value = variantsCookieValue({ "pricing-copy": "B", "home-hero": "A" });
    expect(value).toBe("home-hero:A,pricing-copy:B");
    expect(variantsInCookie(value)).toEqual({ "home-hero": "A", "pricing-copy": "B" });
    expect(variantsInCookie(undefined)).toEqual({});
    expect(variantsInCookie("")).toEqual({});
    expect(variantsInCookie("home-hero:B,Bad Key:A,x:<script>,nocolon, pricing-copy:C")).toEqual({
      "home-hero": "B",
      "pricing-copy": "C",
    });
  });
});
