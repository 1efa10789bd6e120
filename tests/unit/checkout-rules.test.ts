import { describe, expect, it } from "vitest";
import {
  allocateTotal,
  CARD_MESSAGES,
  cardBrand,
  DISCOUNT_MESSAGES,
  discountProblem,
  luhnValid,
  parseExpiry,
  paymentInfo,
  purchaseType,
  testCardOutcome,
} from "~/features/checkout/rules";
import { seededRandom } from "../tools/seeded-random.mjs";

describe("luhnValid", () => {
  it.each([
    "4242424242424242",
    "4000000000000002",
    "4000000000009995",
    "5555555555554444",
    "378282246310005",
    "6011111111111117",
    "00079927398713",
  ])("accepts %s", (n) => {
    expect(luhnValid(n)).toBe(true);
  });
  it.each(["4242424242424241", "4000000000000001", "1234567812345678", "00079927398710"])(
    "rejects the bad checksum %s",
    (n) => {
      expect(luhnValid(n)).toBe(false);
    },
  );
  it("needs 12 to 19 digits and nothing else", () => {
    expect(luhnValid("00000000000")).toBe(false); // 11 digits (checksum 0)
    expect(luhnValid("000000000000")).toBe(true); // 12
    expect(luhnValid("0000000000000000000")).toBe(true); // 19
    expect(luhnValid("00000000000000000000")).toBe(false); // 20
    expect(luhnValid("4242 4242 4242 4242")).toBe(false);
    expect(luhnValid("4242-4242-4242-4242")).toBe(false);
    expect(luhnValid("")).toBe(false);
    expect(luhnValid("42424242424242a2")).toBe(false);
  });
});

describe("cardBrand", () => {
  it.each([
    ["4242424242424242", "visa"],
    ["5555555555554444", "mastercard"],
    ["5105105105105100", "mastercard"],
    ["2223003122003222", "mastercard"],
    ["378282246310005", "amex"],
    ["371449635398431", "amex"],
    ["6011111111111117", "discover"],
    ["6500000000000002", "discover"],
    ["3056930009020004", "unknown"],
    ["5000000000000000", "unknown"],
    ["6100000000000000", "unknown"],
    ["", "unknown"],
  ] as const)("%s -> %s", (n, brand) => {
    expect(cardBrand(n)).toBe(brand);
  });
});

describe("parseExpiry", () => {
  it("reads MM/YY and M / YYYY", () => {
    expect(parseExpiry("12/30")).toEqual({ expMonth: 12, expYear: 2030 });
    expect(parseExpiry("1 / 2031")).toEqual({ expMonth: 1, expYear: 2031 });
    expect(parseExpiry(" 07/29 ")).toEqual({ expMonth: 7, expYear: 2029 });
    expect(parseExpiry("01/00")).toEqual({ expMonth: 1, expYear: 2000 });
  });
  it.each(["13/30", "00/30", "0/30", "abc", "", "12/3", "12/030", "12-30", "1230", "12/30/1", "/30", "123/30"])(
    "rejects %j",
    (raw) => {
      expect(parseExpiry(raw)).toBeNull();
    },
  );
});

describe("testCardOutcome", () => {
  const now = new Date(Date.UTC(2030, 4, 15, 12)); // 15 May 2030
  const future = { expMonth: 12, expYear: 2035 };

  it("4242 4242 4242 4242 succeeds as visa ending 4242", () => {
    expect(testCardOutcome({ number: "4242 4242 4242 4242", ...future }, now)).toEqual({
      ok: true,
      brand: "visa",
      last4: "4242",
    });
    expect(testCardOutcome({ number: "4242-4242-4242-4242", ...future }, now)).toEqual({
      ok: true,
      brand: "visa",
      last4: "4242",
    });
  });
  it("other success numbers give their brand and last 4", () => {
    expect(testCardOutcome({ number: "5555 5555 5555 4444", ...future }, now)).toEqual({
      ok: true,
      brand: "mastercard",
      last4: "4444",
    });
    expect(testCardOutcome({ number: "3782 822463 10005", ...future }, now)).toEqual({
      ok: true,
      brand: "amex",
      last4: "0005",
    });
  });
  it("4000 0000 0000 0002 is declined", () => {
    expect(testCardOutcome({ number: "4000 0000 0000 0002", ...future }, now)).toEqual({
      ok: false,
      message: "Your card was declined.",
      field: null,
    });
  });
  it("4000 0000 0000 9995 has insufficient funds", () => {
    expect(testCardOutcome({ number: "4000 0000 0000 9995", ...future }, now)).toEqual({
      ok: false,
      message: CARD_MESSAGES.insufficientFunds,
      field: null,
    });
  });
  it("a Luhn-invalid number is an invalid number, on the number field", () => {
    expect(testCardOutcome({ number: "4242 4242 4242 4241", ...future }, now)).toEqual({
      ok: false,
      message: CARD_MESSAGES.invalidNumber,
      field: "number",
    });
    expect(testCardOutcome({ number: "", ...future }, now)).toEqual({
      ok: false,
      message: CARD_MESSAGES.invalidNumber,
      field: "number",
    });
  });
  it("the number is checked before the expiry", () => {
    expect(testCardOutcome({ number: "1234", expMonth: 1, expYear: 2000 }, now)).toMatchObject({ field: "number" });
  });
  it("an expired card is expired, on the expiry field", () => {
    expect(testCardOutcome({ number: "4242424242424242", expMonth: 4, expYear: 2030 }, now)).toEqual({
      ok: false,
      message: CARD_MESSAGES.expired,
      field: "expiry",
    });
    expect(testCardOutcome({ number: "4000000000000002", expMonth: 12, expYear: 2029 }, now)).toEqual({
      ok: false,
      message: CARD_MESSAGES.expired,
      field: "expiry",
    });
  });
  it("a card is good through the end of its expiry month (UTC)", () => {
    const card = { number: "4242424242424242", expMonth: 5, expYear: 2030 };
    expect(testCardOutcome(card, now).ok).toBe(true);
    expect(testCardOutcome(card, new Date(Date.UTC(2030, 5, 1) - 1)).ok).toBe(true);
    expect(testCardOutcome(card, new Date(Date.UTC(2030, 5, 1)))).toMatchObject({ ok: false, field: "expiry" });
    // December rolls into January of the next year
    expect(testCardOutcome({ ...card, expMonth: 12 }, new Date(Date.UTC(2030, 11, 31, 23, 59))).ok).toBe(true);
    expect(testCardOutcome({ ...card, expMonth: 12 }, new Date(Date.UTC(2031, 0, 1))).ok).toBe(false);
  });
  it("a Luhn-valid number that is not a test card is declined with the test-card hint", () => {
    expect(luhnValid("4111111111111111")).toBe(true);
    expect(testCardOutcome({ number: "4111 1111 1111 1111", ...future }, now)).toEqual({
      ok: false,
      message: CARD_MESSAGES.notTestCard,
      field: null,
    });
    expect(CARD_MESSAGES.notTestCard).toContain("4242 4242 4242 4242");
  });
});

describe("allocateTotal", () => {
  it("empty list", () => {
    expect(allocateTotal([], 0)).toEqual([]);
    expect(allocateTotal([], 500)).toEqual([]);
  });
  it("proportional shares, rounding left on the last line", () => {
    expect(allocateTotal([1000, 3000], 2000)).toEqual([500, 1500]);
    expect(allocateTotal([100, 100, 100], 100)).toEqual([33, 33, 34]);
    expect(allocateTotal([1000], 750)).toEqual([750]);
    expect(allocateTotal([500, 500], 1000)).toEqual([500, 500]);
    expect(allocateTotal([500, 500], 0)).toEqual([0, 0]);
  });
  it("zero subtotal: everything on the last line", () => {
    expect(allocateTotal([0, 0, 0], 0)).toEqual([0, 0, 0]);
    expect(allocateTotal([0, 0], 300)).toEqual([0, 300]);
    expect(allocateTotal([0], 5)).toEqual([5]);
  });
  it("property: integer shares, never negative, summing exactly to the total, each near its proportion", () => {
    const rand = seededRandom(0xc0ffee);
    const int = (max: number) => Math.floor(rand() * (max + 1));
    for (let run = 0; run < 1000; run++) {
      const n = 1 + int(9);
      const prices = Array.from({ length: n }, () => (rand() < 0.15 ? 0 : int(50_000)));
      const subtotal = prices.reduce((a, b) => a + b, 0);
      const total = int(subtotal); // what is left after discount and credit: 0..subtotal
      const shares = allocateTotal(prices, total);
      const context = JSON.stringify({ prices, total, shares });
      expect(shares.length, context).toBe(n);
      expect(
        shares.reduce((a, b) => a + b, 0),
        context,
      ).toBe(total);
      for (let i = 0; i < n; i++) {
        expect(Number.isInteger(shares[i]), context).toBe(true);
        expect(shares[i], context).toBeGreaterThanOrEqual(0);
        if (subtotal > 0) {
          const exact = (prices[i] * total) / subtotal;
          // every line is within a cent of its proportion; the last absorbs < n cents of rounding
          expect(Math.abs(shares[i] - exact), context).toBeLessThan(i === n - 1 ? n : 1);
        }
      }
    }
  });
});

describe("paymentInfo", () => {
  it("takes keys from the query, renaming ref and code", () => {
    const q = new URLSearchParams("ref=alice&code=SPRING&utm_source=news&p=vip&ignored=1");
    expect(paymentInfo(q, {})).toEqual({ referrer: "alice", discountCode: "SPRING", utm_source: "news", p: "vip" });
  });
  it("falls back to stored values, the query winning", () => {
    const q = new URLSearchParams("ref=fromQuery");
    const stored = { ref: "fromStore", utm_campaign: "summer", noPriceOffer: "true", friend: "bob" };
    expect(paymentInfo(q, stored)).toEqual({
      referrer: "fromQuery",
      utm_campaign: "summer",
      noPriceOffer: "true",
      friend: "bob",
    });
  });
  it("stored keys use the query name, not the field name", () => {
    expect(paymentInfo(new URLSearchParams(), { code: "X1", discountCode: "NOPE", referrer: "NOPE" })).toEqual({
      discountCode: "X1",
    });
  });
  it("drops empty, blank, null and undefined values; trims", () => {
    const stored = {
      sessionSlug: "",
      schoolSlug: "   ",
      utm_term: null,
      utm_content: undefined,
      utm_medium: "  cpc  ",
    };
    expect(paymentInfo(new URLSearchParams(), stored)).toEqual({ utm_medium: "cpc" });
  });
  it("caps values at 200 characters", () => {
    const long = "x".repeat(500);
    const out = paymentInfo(new URLSearchParams({ sessionSlug: long }), { schoolSlug: "y".repeat(200) });
    expect(out.sessionSlug).toBe("x".repeat(200));
    expect(out.schoolSlug).toHaveLength(200);
  });
  it("extends the base", () => {
    expect(paymentInfo(new URLSearchParams("p=vip"), {}, { orderId: "o1" })).toEqual({ orderId: "o1", p: "vip" });
    // an empty value does not remove a base entry
    expect(paymentInfo(new URLSearchParams(), {}, { friend: "base" })).toEqual({ friend: "base" });
  });
});

describe("purchaseType", () => {
  it("any subscription makes it a subscription purchase", () => {
    expect(purchaseType(["subscription"])).toBe("Subscription Purchase");
    expect(purchaseType(["class", "subscription", "collection"])).toBe("Subscription Purchase");
  });
  it("all classes is a class purchase", () => {
    expect(purchaseType(["class"])).toBe("Purchased Class");
    expect(purchaseType(["class", "class"])).toBe("Purchased Class");
  });
  it("otherwise a product purchase", () => {
    expect(purchaseType(["collection"])).toBe("Purchased Product");
    expect(purchaseType(["class", "collection"])).toBe("Purchased Product");
    expect(purchaseType([])).toBe("Purchased Product");
  });
});

describe("discountProblem", () => {
  const now = 1_900_000_000_000;
  const ok = { expiresAt: null, maxRedemptions: null, redemptions: 0 };
  it("unknown code", () => {
    expect(discountProblem(null, now)).toBe(DISCOUNT_MESSAGES.unknown);
  });
  it("expired at exactly expiresAt, fine one ms before", () => {
    expect(discountProblem({ ...ok, expiresAt: now }, now)).toBe(DISCOUNT_MESSAGES.expired);
    expect(discountProblem({ ...ok, expiresAt: now - 1 }, now)).toBe(DISCOUNT_MESSAGES.expired);
    expect(discountProblem({ ...ok, expiresAt: now + 1 }, now)).toBeNull();
  });
  it("used up at the maximum", () => {
    expect(discountProblem({ ...ok, maxRedemptions: 5, redemptions: 5 }, now)).toBe(DISCOUNT_MESSAGES.usedUp);
    expect(discountProblem({ ...ok, maxRedemptions: 5, redemptions: 6 }, now)).toBe(DISCOUNT_MESSAGES.usedUp);
    expect(discountProblem({ ...ok, maxRedemptions: 0, redemptions: 0 }, now)).toBe(DISCOUNT_MESSAGES.usedUp);
    expect(discountProblem({ ...ok, maxRedemptions: 5, redemptions: 4 }, now)).toBeNull();
  });
  it("expiry is reported before redemptions", () => {
    expect(discountProblem({ expiresAt: now, maxRedemptions: 1, redemptions: 1 }, now)).toBe(DISCOUNT_MESSAGES.expired);
  });
  it("fine: no limits", () => {
    expect(discountProblem(ok, now)).toBeNull();
    expect(discountProblem({ ...ok, redemptions: 1_000_000 }, now)).toBeNull();
  });
  it("the uses other buyers hold count against the limit", () => {
    expect(discountProblem({ ...ok, maxRedemptions: 5, redemptions: 4 }, now, { taken: 5, mine: 0 })).toBe(
      DISCOUNT_MESSAGES.usedUp,
    );
    expect(discountProblem({ ...ok, maxRedemptions: 5, redemptions: 4 }, now, { taken: 4, mine: 0 })).toBeNull();
  });
  it("a per-buyer limit: refused once this buyer has redeemed it that often", () => {
    const perUser = { ...ok, maxRedemptionsPerUser: 1 };
    expect(discountProblem(perUser, now, { taken: 3, mine: 0 })).toBeNull();
    expect(discountProblem(perUser, now, { taken: 3, mine: 1 })).toBe(DISCOUNT_MESSAGES.perUser);
    expect(discountProblem({ ...perUser, maxRedemptionsPerUser: null }, now, { taken: 3, mine: 9 })).toBeNull();
  });
});

describe("paymentInfo with blank query values", () => {
  it("falls back to what was stored when the query has the key but no value", () => {
    expect(paymentInfo(new URLSearchParams("ref=&code=%20"), { ref: "alice", code: "SAVE10" })).toEqual({
      referrer: "alice",
      discountCode: "SAVE10",
    });
  });
});
