import { describe, expect, it } from "vitest";
import {
  decideOffer,
  mergeMemory,
  OFFER_COOLDOWN_MS,
  OFFER_SAVE_THROTTLE_MS,
  parseEpoch,
  shouldSaveSighting,
  shownPrice,
  type OfferContext,
  type OfferDecision,
  type OfferFields,
  type OfferMemory,
} from "~/features/offers/rules";

const OFFER = Date.UTC(2030, 0, 31, 12, 0, 0); // the offer ends here
const OLD_OFFER = Date.UTC(2029, 11, 1); // an earlier cycle's end
const NOW = Date.UTC(2030, 0, 20, 8, 0, 0); // before OFFER
const DAY = 86_400_000;

const product = (over: Partial<OfferFields> = {}): OfferFields => ({
  crossedPriceApplicableFrom: OFFER,
  specialOnlyVip: false,
  shouldNotHideDiscount: false,
  ...over,
});
const mem = (over: Partial<OfferMemory> = {}): OfferMemory => ({
  expirationDateSeen: null,
  lastSeenCurrentOffer: null,
  noPriceOffer: false,
  ...over,
});
const ctx = (over: Partial<OfferContext> = {}): OfferContext => ({ now: NOW, isVip: false, ...over });

interface Case {
  name: string;
  product: OfferFields;
  memory: OfferMemory;
  ctx: OfferContext;
  expected: OfferDecision;
}

const cases: Case[] = [
  // Rule 1
  {
    name: "1: no crossedPriceApplicableFrom -> no offer, memory untouched",
    product: product({ crossedPriceApplicableFrom: null }),
    memory: mem({ noPriceOffer: true, expirationDateSeen: OLD_OFFER, lastSeenCurrentOffer: NOW - DAY }),
    ctx: ctx(),
    expected: {
      show: false,
      rule: 1,
      recordSighting: false,
      memory: mem({ noPriceOffer: true, expirationDateSeen: OLD_OFFER, lastSeenCurrentOffer: NOW - DAY }),
    },
  },
  {
    name: "1: unparseable date string counts as no date",
    product: product({ crossedPriceApplicableFrom: "not a date" }),
    memory: mem(),
    ctx: ctx({ isVip: true }),
    expected: { show: false, rule: 1, recordSighting: false, memory: mem() },
  },
  {
    name: "1 takes precedence over 2 (specialOnlyVip, not vip, no date keeps noPriceOffer)",
    product: product({ crossedPriceApplicableFrom: null, specialOnlyVip: true }),
    memory: mem({ noPriceOffer: true }),
    ctx: ctx(),
    expected: { show: false, rule: 1, recordSighting: false, memory: mem({ noPriceOffer: true }) },
  },
  // Rule 2
  {
    name: "2: specialOnlyVip and not vip -> no offer, noPriceOffer removed",
    product: product({ specialOnlyVip: true }),
    memory: mem({ noPriceOffer: true, expirationDateSeen: OFFER, lastSeenCurrentOffer: NOW - 1000 }),
    ctx: ctx(),
    expected: {
      show: false,
      rule: 2,
      recordSighting: false,
      memory: mem({ noPriceOffer: false, expirationDateSeen: OFFER, lastSeenCurrentOffer: NOW - 1000 }),
    },
  },
  {
    name: "2 takes precedence over 3 (expired VIP-only offer, not vip)",
    product: product({ specialOnlyVip: true }),
    memory: mem({ noPriceOffer: true }),
    ctx: ctx({ now: OFFER + DAY }),
    expected: { show: false, rule: 2, recordSighting: false, memory: mem({ noPriceOffer: false }) },
  },
  {
    name: "2 passes for vip: proceeds to 6a",
    product: product({ specialOnlyVip: true }),
    memory: mem(),
    ctx: ctx({ isVip: true }),
    expected: {
      show: true,
      rule: "6a",
      recordSighting: true,
      memory: mem({ expirationDateSeen: OFFER, lastSeenCurrentOffer: NOW }),
    },
  },
  {
    name: "2 passes for vip: proceeds to 3 when the offer is over",
    product: product({ specialOnlyVip: true }),
    memory: mem({ noPriceOffer: true }),
    ctx: ctx({ isVip: true, now: OFFER + 1 }),
    expected: { show: false, rule: 3, recordSighting: false, memory: mem({ noPriceOffer: true }) },
  },
  {
    name: "2 passes for vip: proceeds to 4",
    product: product({ specialOnlyVip: true, shouldNotHideDiscount: true }),
    memory: mem({ noPriceOffer: true }),
    ctx: ctx({ isVip: true }),
    expected: { show: true, rule: 4, recordSighting: false, memory: mem({ noPriceOffer: false }) },
  },
  // Rule 3 (code uses `now > offerDate`: the offer is still live at exactly its date)
  {
    name: "3: one ms after the offer date -> no offer, memory untouched",
    product: product(),
    memory: mem({ noPriceOffer: true, expirationDateSeen: OFFER, lastSeenCurrentOffer: NOW }),
    ctx: ctx({ now: OFFER + 1 }),
    expected: {
      show: false,
      rule: 3,
      recordSighting: false,
      memory: mem({ noPriceOffer: true, expirationDateSeen: OFFER, lastSeenCurrentOffer: NOW }),
    },
  },
  {
    name: "3 boundary: now exactly equal to the offer date is NOT past (strict >), offer shown",
    product: product(),
    memory: mem(),
    ctx: ctx({ now: OFFER }),
    expected: {
      show: true,
      rule: "6a",
      recordSighting: true,
      memory: mem({ expirationDateSeen: OFFER, lastSeenCurrentOffer: OFFER }),
    },
  },
  {
    name: "3: ISO-string offer date in the past",
    product: product({ crossedPriceApplicableFrom: new Date(NOW - 1).toISOString() }),
    memory: mem(),
    ctx: ctx(),
    expected: { show: false, rule: 3, recordSighting: false, memory: mem() },
  },
  {
    name: "3 takes precedence over 4",
    product: product({ shouldNotHideDiscount: true }),
    memory: mem({ noPriceOffer: true }),
    ctx: ctx({ now: OFFER + 1 }),
    expected: { show: false, rule: 3, recordSighting: false, memory: mem({ noPriceOffer: true }) },
  },
  // Rule 4
  {
    name: "4: shouldNotHideDiscount -> shown, noPriceOffer cleared, no sighting, dates untouched",
    product: product({ shouldNotHideDiscount: true }),
    memory: mem({ noPriceOffer: true, expirationDateSeen: OLD_OFFER, lastSeenCurrentOffer: NOW - DAY }),
    ctx: ctx(),
    expected: {
      show: true,
      rule: 4,
      recordSighting: false,
      memory: mem({ noPriceOffer: false, expirationDateSeen: OLD_OFFER, lastSeenCurrentOffer: NOW - DAY }),
    },
  },
  {
    name: "4 takes precedence over 5 (user loading)",
    product: product({ shouldNotHideDiscount: true }),
    memory: mem({ noPriceOffer: true }),
    ctx: ctx({ userLoading: true }),
    expected: { show: true, rule: 4, recordSighting: false, memory: mem({ noPriceOffer: false }) },
  },
  // Rule 5
  {
    name: "5: user loading -> no offer, noPriceOffer cleared",
    product: product(),
    memory: mem({ noPriceOffer: true, expirationDateSeen: OFFER, lastSeenCurrentOffer: NOW - 1 }),
    ctx: ctx({ userLoading: true }),
    expected: {
      show: false,
      rule: 5,
      recordSighting: false,
      memory: mem({ noPriceOffer: false, expirationDateSeen: OFFER, lastSeenCurrentOffer: NOW - 1 }),
    },
  },
  {
    name: "5 applies to vip too",
    product: product(),
    memory: mem(),
    ctx: ctx({ userLoading: true, isVip: true }),
    expected: { show: false, rule: 5, recordSighting: false, memory: mem() },
  },
  // Rule 6a
  {
    name: "6a: nothing remembered -> both set, sighting recorded, shown",
    product: product(),
    memory: mem(),
    ctx: ctx(),
    expected: {
      show: true,
      rule: "6a",
      recordSighting: true,
      memory: mem({ expirationDateSeen: OFFER, lastSeenCurrentOffer: NOW }),
    },
  },
  {
    name: "6a: ISO-string offer date stored as epoch ms",
    product: product({ crossedPriceApplicableFrom: new Date(OFFER).toISOString() }),
    memory: mem(),
    ctx: ctx({ userLoading: false }),
    expected: {
      show: true,
      rule: "6a",
      recordSighting: true,
      memory: mem({ expirationDateSeen: OFFER, lastSeenCurrentOffer: NOW }),
    },
  },
  // Rule 6b
  {
    name: "6b: same offer already seen -> last-seen refreshed, recorded, shown",
    product: product(),
    memory: mem({ expirationDateSeen: OFFER, lastSeenCurrentOffer: NOW - 5 * DAY }),
    ctx: ctx(),
    expected: {
      show: true,
      rule: "6b",
      recordSighting: true,
      memory: mem({ expirationDateSeen: OFFER, lastSeenCurrentOffer: NOW }),
    },
  },
  {
    name: "6b: only expirationDateSeen present and equal to the offer",
    product: product(),
    memory: mem({ expirationDateSeen: OFFER }),
    ctx: ctx(),
    expected: {
      show: true,
      rule: "6b",
      recordSighting: true,
      memory: mem({ expirationDateSeen: OFFER, lastSeenCurrentOffer: NOW }),
    },
  },
  {
    name: "6b: a leftover noPriceOffer marker is cleared when the offer shows",
    product: product(),
    memory: mem({ expirationDateSeen: OFFER, lastSeenCurrentOffer: NOW - DAY, noPriceOffer: true }),
    ctx: ctx(),
    expected: {
      show: true,
      rule: "6b",
      recordSighting: true,
      memory: mem({ expirationDateSeen: OFFER, lastSeenCurrentOffer: NOW, noPriceOffer: false }),
    },
  },
  // Rule 6c
  {
    name: "6c: other offer seen 1 day ago, not vip -> cooldown, noPriceOffer true",
    product: product(),
    memory: mem({ expirationDateSeen: OLD_OFFER, lastSeenCurrentOffer: NOW - DAY }),
    ctx: ctx(),
    expected: {
      show: false,
      rule: "6c",
      recordSighting: false,
      memory: mem({ noPriceOffer: true, expirationDateSeen: OLD_OFFER, lastSeenCurrentOffer: NOW - DAY }),
    },
  },
  {
    name: "6c boundary: one ms less than 26 days -> still in cooldown",
    product: product(),
    memory: mem({ expirationDateSeen: OLD_OFFER, lastSeenCurrentOffer: NOW - (OFFER_COOLDOWN_MS - 1) }),
    ctx: ctx(),
    expected: {
      show: false,
      rule: "6c",
      recordSighting: false,
      memory: mem({
        noPriceOffer: true,
        expirationDateSeen: OLD_OFFER,
        lastSeenCurrentOffer: NOW - (OFFER_COOLDOWN_MS - 1),
      }),
    },
  },
  {
    name: "6c: only lastSeenCurrentOffer present, within cooldown",
    product: product(),
    memory: mem({ lastSeenCurrentOffer: NOW - 1000 }),
    ctx: ctx(),
    expected: {
      show: false,
      rule: "6c",
      recordSighting: false,
      memory: mem({ noPriceOffer: true, lastSeenCurrentOffer: NOW - 1000 }),
    },
  },
  // Rule 6d
  {
    name: "6d boundary: exactly 26 days since last seen -> cooldown over, shown",
    product: product(),
    memory: mem({ noPriceOffer: true, expirationDateSeen: OLD_OFFER, lastSeenCurrentOffer: NOW - OFFER_COOLDOWN_MS }),
    ctx: ctx(),
    expected: {
      show: true,
      rule: "6d",
      recordSighting: true,
      memory: mem({ noPriceOffer: false, expirationDateSeen: OFFER, lastSeenCurrentOffer: NOW }),
    },
  },
  {
    name: "6d: vip bypasses the cooldown",
    product: product(),
    memory: mem({ noPriceOffer: true, expirationDateSeen: OLD_OFFER, lastSeenCurrentOffer: NOW - 1 }),
    ctx: ctx({ isVip: true }),
    expected: {
      show: true,
      rule: "6d",
      recordSighting: true,
      memory: mem({ noPriceOffer: false, expirationDateSeen: OFFER, lastSeenCurrentOffer: NOW }),
    },
  },
  {
    name: "6d: only expirationDateSeen present (a different offer) -> no cooldown possible",
    product: product(),
    memory: mem({ noPriceOffer: true, expirationDateSeen: OLD_OFFER }),
    ctx: ctx(),
    expected: {
      show: true,
      rule: "6d",
      recordSighting: true,
      memory: mem({ noPriceOffer: false, expirationDateSeen: OFFER, lastSeenCurrentOffer: NOW }),
    },
  },
  {
    name: "6d: only lastSeenCurrentOffer present, older than 26 days",
    product: product(),
    memory: mem({ lastSeenCurrentOffer: NOW - OFFER_COOLDOWN_MS - DAY }),
    ctx: ctx(),
    expected: {
      show: true,
      rule: "6d",
      recordSighting: true,
      memory: mem({ expirationDateSeen: OFFER, lastSeenCurrentOffer: NOW }),
    },
  },
];

describe("decideOffer", () => {
  it("uses the 26-day cooldown constant", () => {
    expect(OFFER_COOLDOWN_MS).toBe(26 * DAY);
    expect(OFFER_COOLDOWN_MS).toBe(2_246_400_000);
  });

  it.each(cases)("$name", ({ product: p, memory, ctx: c, expected }) => {
    const before = structuredClone(memory);
    const decision = decideOffer(p, memory, c);
    expect(decision).toEqual(expected);
    // The input memory is never mutated.
    expect(memory).toEqual(before);
  });

  it("covers every rule in the table", () => {
    const rules = new Set(cases.map((c) => c.expected.rule));
    for (const rule of [1, 2, 3, 4, 5, "6a", "6b", "6c", "6d"] as const)
      expect(rules.has(rule), `rule ${rule}`).toBe(true);
  });
});

describe("mergeMemory", () => {
  const cookies = { expirationDateSeen: 1000, lastSeenCurrentOffer: 5000, noPriceOffer: true };

  it("keeps the cookies when there is no stored info", () => {
    expect(mergeMemory(cookies, undefined)).toEqual(cookies);
    expect(mergeMemory(cookies, {})).toEqual(cookies);
  });
  it("takes the user's value where it is larger", () => {
    expect(mergeMemory(cookies, { expirationDateSeen: 2000, lastSeenCurrentOffer: 6000 })).toEqual({
      expirationDateSeen: 2000,
      lastSeenCurrentOffer: 6000,
      noPriceOffer: true,
    });
  });
  it("keeps the cookie where it is larger or equal", () => {
    expect(mergeMemory(cookies, { expirationDateSeen: 999, lastSeenCurrentOffer: 5000 })).toEqual(cookies);
  });
  it("mixes per field", () => {
    expect(mergeMemory(cookies, { expirationDateSeen: 500, lastSeenCurrentOffer: 9000 })).toEqual({
      expirationDateSeen: 1000,
      lastSeenCurrentOffer: 9000,
      noPriceOffer: true,
    });
  });
  it("takes the user's value where the cookie is missing", () => {
    const empty = { expirationDateSeen: null, lastSeenCurrentOffer: null, noPriceOffer: false };
    expect(mergeMemory(empty, { expirationDateSeen: 7, lastSeenCurrentOffer: 0 })).toEqual({
      expirationDateSeen: 7,
      lastSeenCurrentOffer: 0,
      noPriceOffer: false,
    });
    expect(mergeMemory(empty, { lastSeenCurrentOffer: 42 })).toEqual({
      expirationDateSeen: null,
      lastSeenCurrentOffer: 42,
      noPriceOffer: false,
    });
  });
  it("noPriceOffer always comes from the cookie", () => {
    expect(mergeMemory({ ...cookies, noPriceOffer: false }, { expirationDateSeen: 1 }).noPriceOffer).toBe(false);
  });
});

describe("parseEpoch", () => {
  it("reads digit strings", () => {
    expect(parseEpoch("1700000000000")).toBe(1_700_000_000_000);
    expect(parseEpoch("0")).toBe(0);
    expect(parseEpoch("999999999999999")).toBe(999_999_999_999_999);
  });
  it.each([
    undefined,
    null,
    "",
    " 123",
    "123 ",
    "-5",
    "1.5",
    "1e12",
    "abc",
    "12abc",
    "0x10",
    "1234567890123456",
    "NaN",
    "Infinity",
  ])("rejects %j", (raw) => {
    expect(parseEpoch(raw as string | null | undefined)).toBeNull();
  });
});

describe("shownPrice", () => {
  const ends = Date.UTC(2030, 0, 31, 12);

  it("offer shown and crossed price higher: pays price, regular struck, end date as ISO", () => {
    expect(shownPrice({ price: 1999, crossedPrice: 4999 }, true, ends)).toEqual({
      price: 1999,
      crossedPrice: 4999,
      offerEndsAt: "2030-01-31T12:00:00.000Z",
    });
    expect(shownPrice({ price: 1999, crossedPrice: 4999 }, true, "2030-01-31T12:00:00Z")).toEqual({
      price: 1999,
      crossedPrice: 4999,
      offerEndsAt: "2030-01-31T12:00:00.000Z",
    });
  });
  it("offer shown with an unreadable end date: no offerEndsAt, still struck", () => {
    expect(shownPrice({ price: 1999, crossedPrice: 4999 }, true, null)).toEqual({
      price: 1999,
      crossedPrice: 4999,
      offerEndsAt: null,
    });
    expect(shownPrice({ price: 1999, crossedPrice: 4999 }, true, "garbage")).toEqual({
      price: 1999,
      crossedPrice: 4999,
      offerEndsAt: null,
    });
  });
  it("no offer: the regular (crossed) price, nothing struck", () => {
    expect(shownPrice({ price: 1999, crossedPrice: 4999 }, false, ends)).toEqual({
      price: 4999,
      crossedPrice: null,
      offerEndsAt: null,
    });
  });
  it("no crossed price: price either way", () => {
    expect(shownPrice({ price: 1999, crossedPrice: null }, false, ends)).toEqual({
      price: 1999,
      crossedPrice: null,
      offerEndsAt: null,
    });
    expect(shownPrice({ price: 1999, crossedPrice: null }, true, ends)).toEqual({
      price: 1999,
      crossedPrice: null,
      offerEndsAt: null,
    });
  });
  it("crossed price not higher than price: nothing struck", () => {
    expect(shownPrice({ price: 1999, crossedPrice: 1999 }, true, ends)).toEqual({
      price: 1999,
      crossedPrice: null,
      offerEndsAt: null,
    });
    expect(shownPrice({ price: 1999, crossedPrice: 999 }, true, ends)).toEqual({
      price: 1999,
      crossedPrice: null,
      offerEndsAt: null,
    });
    expect(shownPrice({ price: 1999, crossedPrice: 999 }, false, ends)).toEqual({
      price: 999,
      crossedPrice: null,
      offerEndsAt: null,
    });
  });
});

describe("shouldSaveSighting", () => {
  const now = 1_700_000_000_000;
  it("uses a 5-minute throttle", () => {
    expect(OFFER_SAVE_THROTTLE_MS).toBe(300_000);
  });
  it("saves when never saved", () => {
    expect(shouldSaveSighting(null, now)).toBe(true);
    expect(shouldSaveSighting(undefined, now)).toBe(true);
  });
  it("saves at exactly 5 minutes and later, not before", () => {
    expect(shouldSaveSighting(now - 300_000, now)).toBe(true);
    expect(shouldSaveSighting(now - 300_001, now)).toBe(true);
    expect(shouldSaveSighting(now - 299_999, now)).toBe(false);
    expect(shouldSaveSighting(now, now)).toBe(false);
  });
});
