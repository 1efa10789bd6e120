import { describe, expect, it } from "vitest";
import {
  buildPaymentOptions,
  markHeldPlan,
  durationInMonths,
  normalisePaymentOption,
  normalisePaymentOptionsResponse,
  parsePriceOptionId,
  PAYMENT_MESSAGES,
  PAYMENT_OPTION_DEFAULTS,
  planPriceCents,
  plansList,
  priceOptionId,
  type PaymentOption,
} from "~/features/apps/payment-options";

const APP = { id: "a0000000-0000-4000-8000-000000000001", name: "Half Marathon Coach" };

describe("normalisePaymentOption (spec 'Payment option (normalised)')", () => {
  it("fills every default: duration 6, weeks, USD, '6-Week Transformation Plan'", () => {
    const o = normalisePaymentOption({ id: "x", price: 3000 });
    expect(o).toMatchObject({
      id: "x",
      price: 30,
      duration: 6,
      durationUnit: "weeks",
      currency: "USD",
      description: PAYMENT_OPTION_DEFAULTS.description,
      features: [],
      planCategory: "",
      displayName: "",
      priceId: "x",
      isRecurring: false,
      selected: false,
    });
    expect(PAYMENT_OPTION_DEFAULTS.description).toBe("6-Week Transformation Plan");
  });

  it("derives monthlyPrice from price and duration in months (weeks/4, years×12), rounded to cents", () => {
    expect(normalisePaymentOption({ price: 3000 }).monthlyPrice).toBe(20); // 6 weeks = 1.5 months
    expect(normalisePaymentOption({ price: 9900, duration: 1, durationUnit: "years" }).monthlyPrice).toBe(8.25);
    expect(normalisePaymentOption({ price: 1000, duration: 3, durationUnit: "months" }).monthlyPrice).toBe(3.33);
    expect(normalisePaymentOption({ price: 1000, duration: 3, durationUnit: "weeks" }).monthlyPrice).toBe(13.33);
    expect(normalisePaymentOption({ price: 9999, duration: 12, durationUnit: "months" }).monthlyPrice).toBe(8.33);
  });

  it("keeps the server's monthlyPrice (in cents too)", () => {
    expect(
      normalisePaymentOption({ price: 9900, duration: 1, durationUnit: "years", monthlyPrice: 799 }).monthlyPrice,
    ).toBe(7.99);
    expect(
      normalisePaymentOption({ price: 99, duration: 1, durationUnit: "years", monthlyPrice: 7.99 }, false).monthlyPrice,
    ).toBe(7.99);
  });

  it("prices_in_cents true divides by 100, false keeps prices as they are", () => {
    expect(normalisePaymentOption({ price: 1499 }, true).price).toBe(14.99);
    expect(normalisePaymentOption({ price: 14.99 }, false).price).toBe(14.99);
  });

  it("description is the displayName, else the description, else the default", () => {
    expect(normalisePaymentOption({ displayName: "Annual", description: "Billed yearly" }).description).toBe("Annual");
    expect(normalisePaymentOption({ description: "Billed yearly" }).description).toBe("Billed yearly");
    expect(normalisePaymentOption({ displayName: "  " }).description).toBe("6-Week Transformation Plan");
  });

  it("ignores bad values: an unknown unit, a zero or negative duration, a non-number price", () => {
    const o = normalisePaymentOption({ price: Number.NaN, duration: 0, durationUnit: "days" });
    expect(o).toMatchObject({ price: 0, duration: 6, durationUnit: "weeks", monthlyPrice: 0 });
    expect(normalisePaymentOption({ duration: -2 }).duration).toBe(6);
    expect(normalisePaymentOption({ currency: "eur" }).currency).toBe("EUR");
  });

  it("durationInMonths", () => {
    expect(durationInMonths(4, "weeks")).toBe(1);
    expect(durationInMonths(2, "years")).toBe(24);
    expect(durationInMonths(5, "months")).toBe(5);
  });
});

const opt = (id: string, duration: number, durationUnit: PaymentOption["durationUnit"]): PaymentOption => ({
  ...normalisePaymentOption({ id, price: 1000, duration, durationUnit }),
});

describe("plansList (spec 'Plans list')", () => {
  it("moves the 1-year plan to the top and selects it", () => {
    const list = plansList([opt("m", 1, "months"), opt("w", 6, "weeks"), opt("y", 1, "years")]);
    expect(list.map((o) => o.id)).toEqual(["y", "m", "w"]);
    expect(list.map((o) => o.selected)).toEqual([true, false, false]);
  });

  it("failing a 1-year plan, the 12-month plan", () => {
    const list = plansList([opt("m", 1, "months"), opt("t", 12, "months")]);
    expect(list.map((o) => [o.id, o.selected])).toEqual([
      ["t", true],
      ["m", false],
    ]);
  });

  it("prefers the 1-year plan to a 12-month plan", () => {
    expect(plansList([opt("t", 12, "months"), opt("y", 1, "years")])[0]!.id).toBe("y");
  });

  it("otherwise keeps the order and selects the first", () => {
    const list = plansList([opt("a", 1, "months"), opt("b", 2, "years")]);
    expect(list.map((o) => [o.id, o.selected])).toEqual([
      ["a", true],
      ["b", false],
    ]);
  });

  it("without an annual plan, the server's defaultSelectedId chooses; an unknown id falls back to the first", () => {
    expect(plansList([opt("a", 1, "months"), opt("b", 6, "weeks")], "b").map((o) => o.selected)).toEqual([false, true]);
    expect(plansList([opt("a", 1, "months"), opt("b", 6, "weeks")], "zzz").map((o) => o.selected)).toEqual([
      true,
      false,
    ]);
    expect(plansList([opt("a", 1, "months"), opt("y", 1, "years")], "a")[0]!.id).toBe("y");
  });

  it("exactly one selected, never mutating the input; empty stays empty", () => {
    const input = [
      { ...opt("a", 1, "months"), selected: true },
      { ...opt("b", 1, "months"), selected: true },
    ];
    const list = plansList(input);
    expect(list.filter((o) => o.selected)).toHaveLength(1);
    expect(input[1]!.selected).toBe(true);
    expect(plansList([])).toEqual([]);
  });
});

describe("normalisePaymentOptionsResponse", () => {
  it("an answer without payment_options is 'Invalid response format'", () => {
    expect(normalisePaymentOptionsResponse(null)).toEqual({ ok: false, error: PAYMENT_MESSAGES.invalid });
    expect(normalisePaymentOptionsResponse({ payment_options: "x" })).toEqual({
      ok: false,
      error: "Invalid response format",
    });
  });

  it("prices_in_cents defaults to true; false keeps dollars", () => {
    const cents = normalisePaymentOptionsResponse({ payment_options: [{ id: "a", price: 1499 }] });
    expect(cents.ok && cents.plans[0]!.price).toBe(14.99);
    expect(cents.ok && cents.info.prices_in_cents).toBe(true);
    const dollars = normalisePaymentOptionsResponse({
      payment_options: [{ id: "a", price: 14.99 }],
      prices_in_cents: false,
    });
    expect(dollars.ok && dollars.plans[0]!.price).toBe(14.99);
  });
});

describe("buildPaymentOptions (the server's answer from published pricing)", () => {
  const now = Date.UTC(2026, 10, 21);
  it("monthly (1 month) and annual (1 year) options in cents, annual selected by default", () => {
    const r = buildPaymentOptions(
      APP,
      { monthlyPrice: 1499, annualPrice: 9900, annualDurationUnit: "years" },
      { now, paymentProcessor: "local" },
    );
    expect(r.prices_in_cents).toBe(true);
    expect(
      r.payment_options.map((o) => [o.id, o.price, o.duration, o.durationUnit, o.isRecurring, o.paymentProcessor]),
    ).toEqual([
      [`${APP.id}:month`, 1499, 1, "months", true, "local"],
      [`${APP.id}:year`, 9900, 1, "years", true, "local"],
    ]);
    expect(r.defaultSelectedId).toBe(`${APP.id}:year`);
    expect(r.transformation_date).toBe("2027-01-02");
    const n = normalisePaymentOptionsResponse(r);
    expect(n.ok && n.plans.map((p) => [p.id, p.price, p.monthlyPrice, p.selected])).toEqual([
      [`${APP.id}:year`, 99, 8.25, true],
      [`${APP.id}:month`, 14.99, 14.99, false],
    ]);
  });

  it("annualDurationUnit 'months' makes the annual option 12 months (still first)", () => {
    const r = buildPaymentOptions(
      APP,
      { monthlyPrice: 1499, annualPrice: 9900, annualDurationUnit: "months" },
      { now, paymentProcessor: "stripe" },
    );
    expect(r.payment_options[1]).toMatchObject({ duration: 12, durationUnit: "months" });
    const n = normalisePaymentOptionsResponse(r);
    expect(n.ok && n.plans[0]!.id).toBe(`${APP.id}:year`);
  });

  it("leaves out a plan without a price; no prices, no options", () => {
    expect(
      buildPaymentOptions(
        APP,
        { monthlyPrice: 1499, annualPrice: null, annualDurationUnit: "years" },
        { now, paymentProcessor: "local" },
      ).payment_options,
    ).toHaveLength(1);
    const none = buildPaymentOptions(
      APP,
      { monthlyPrice: null, annualPrice: 0, annualDurationUnit: "years" },
      { now, paymentProcessor: "local" },
    );
    expect(none.payment_options).toEqual([]);
    expect(none.defaultSelectedId).toBeNull();
  });
});

describe("price option ids", () => {
  it("round-trip and refuse anything else", () => {
    expect(parsePriceOptionId(priceOptionId(APP.id, "year"))).toEqual({ appId: APP.id, interval: "year" });
    expect(parsePriceOptionId("studio_pro_year")).toBeNull();
    expect(parsePriceOptionId(`${APP.id}:week`)).toBeNull();
  });
  it("planPriceCents reads the published pricing only when positive", () => {
    const pricing = { monthlyPrice: 1499, annualPrice: null, annualDurationUnit: "years" as const };
    expect(planPriceCents(pricing, "month")).toBe(1499);
    expect(planPriceCents(pricing, "year")).toBeNull();
    expect(planPriceCents(null, "month")).toBeNull();
  });
});

describe("markHeldPlan (?user_id= of the caller)", () => {
  const now = Date.UTC(2026, 10, 21);
  const options = buildPaymentOptions(
    APP,
    { monthlyPrice: 1499, annualPrice: 9900, annualDurationUnit: "years" },
    { now, paymentProcessor: "local" },
  );
  it("marks and selects the plan the user holds, and says until when", () => {
    const r = markHeldPlan(options, APP.id, { interval: "month", currentPeriodEnd: Date.UTC(2026, 11, 21) });
    expect(r.payment_options.map((o) => [o.id, o.isCurrentPlan])).toEqual([
      [`${APP.id}:month`, true],
      [`${APP.id}:year`, false],
    ]);
    expect(r.defaultSelectedId).toBe(`${APP.id}:month`);
    expect(r.current_plan).toEqual({ id: `${APP.id}:month`, current_period_end: "2026-12-21T00:00:00.000Z" });
  });
  it("changes nothing but current_plan: null for a user without a plan", () => {
    expect(markHeldPlan(options, APP.id, null)).toEqual({ ...options, current_plan: null });
  });
  it("names a held plan no longer on sale without marking another", () => {
    const annualOnly = buildPaymentOptions(
      APP,
      { monthlyPrice: null, annualPrice: 9900, annualDurationUnit: "years" },
      { now, paymentProcessor: "local" },
    );
    const r = markHeldPlan(annualOnly, APP.id, { interval: "month", currentPeriodEnd: now });
    expect(r.payment_options.every((o) => !o.isCurrentPlan)).toBe(true);
    expect(r.defaultSelectedId).toBe(`${APP.id}:year`);
    expect(r.current_plan?.id).toBe(`${APP.id}:month`);
  });
});
