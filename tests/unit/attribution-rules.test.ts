import { describe, expect, it } from "vitest";
import { syncAttribution } from "~/features/attribution/browser";
import {
  ATTRIBUTION_MAX_AGE_MS,
  afterClearing,
  buildAttribution,
  carriesAttribution,
  eventAttribution,
  isExpired,
  landingPageOf,
  leadSourceInfo,
  paymentAttribution,
  profileAttribution,
  purgeableKeys,
  resolveAttribution,
  type Attribution,
} from "~/features/attribution/rules";
import { parseAttribution } from "~/features/attribution/schema";
import { paymentInfo } from "~/features/checkout/rules";

const NOW = Date.parse("2026-03-01T12:00:00.000Z");
const DAY = 86_400_000;
const q = (s: string) => new URLSearchParams(s);

describe("capture", () => {
  it("counts the spec's keys, not others, and not blank ones", () => {
    for (const key of [
      "utm_source",
      "utm_medium",
      "utm_term",
      "utm_campaign",
      "utm_content",
      "ref",
      "code",
      "source",
      "friend",
      "aaCampaign",
    ]) {
      expect(carriesAttribution(q(`${key}=x`)), key).toBe(true);
    }
    expect(carriesAttribution(q("p=vip&slug=music&auth=Login&utm_other=1"))).toBe(false);
    expect(carriesAttribution(q("utm_source=&ref=%20"))).toBe(false);
  });

  it("builds the record: every key carried, slug and p alongside, the landing page and an ISO timestamp", () => {
    const record = buildAttribution(
      q(
        "utm_source=newsletter&utm_campaign=spring&ref=%20alice%20&friend=bob&aaCampaign=student&p=vip&slug=music&other=1",
      ),
      "/classes?utm_source=newsletter",
      NOW,
    );
    expect(record).toEqual({
      utm_source: "newsletter",
      utm_campaign: "spring",
      ref: "alice",
      friend: "bob",
      aaCampaign: "student",
      p: "vip",
      slug: "music",
      landingPage: "/classes?utm_source=newsletter",
      timestamp: "2026-03-01T12:00:00.000Z",
    });
    expect(parseAttribution(JSON.stringify(record))).toEqual(record);
  });

  it("caps long values so the cookie stays small", () => {
    const record = buildAttribution(q(`utm_source=${"x".repeat(500)}`), `/${"y".repeat(900)}`, NOW);
    expect(record.utm_source).toHaveLength(100);
    expect(record.landingPage.length).toBeLessThanOrEqual(300);
  });

  it("names the page a single-fetch data request loads, without Remix's parameters", () => {
    expect(landingPageOf(new URL("http://x/classes.data?utm_source=a&_routes=root,routes/classes"))).toBe(
      "/classes?utm_source=a",
    );
    expect(landingPageOf(new URL("http://x/_root.data?ref=z"))).toBe("/?ref=z");
    expect(landingPageOf(new URL("http://x/school/music"))).toBe("/school/music");
  });
});

describe("first touch and the 30-day purge", () => {
  const stored = (ageMs: number): Attribution => ({
    utm_source: "first",
    landingPage: "/",
    timestamp: new Date(NOW - ageMs).toISOString(),
  });

  it("starts a record when none is stored", () => {
    expect(resolveAttribution(null, q("utm_source=new"), "/?utm_source=new", NOW)).toMatchObject({
      change: "start",
      record: { utm_source: "new", landingPage: "/?utm_source=new" },
    });
  });

  it("keeps the stored record (first touch) while it is 30 days old or younger, whatever the new landing carries", () => {
    expect(resolveAttribution(stored(29 * DAY), q("utm_source=second"), "/", NOW)).toEqual({
      change: "none",
      record: stored(29 * DAY),
    });
    expect(
      resolveAttribution(stored(ATTRIBUTION_MAX_AGE_MS), q("utm_source=second"), "/", NOW).record?.utm_source,
    ).toBe("first");
  });

  it("replaces a record older than 30 days when a new landing carries keys", () => {
    expect(resolveAttribution(stored(31 * DAY), q("utm_source=second"), "/", NOW)).toMatchObject({
      change: "start",
      record: { utm_source: "second" },
    });
  });

  it("purges a record older than 30 days when nothing replaces it", () => {
    expect(resolveAttribution(stored(ATTRIBUTION_MAX_AGE_MS + 1), q(""), "/", NOW)).toEqual({
      change: "purge",
      record: null,
    });
    expect(resolveAttribution(null, q("p=vip"), "/", NOW)).toEqual({ change: "none", record: null });
  });

  it("treats unreadable or future timestamps as expired, and unreadable records as none", () => {
    expect(isExpired({ timestamp: "yesterday" }, NOW)).toBe(true);
    expect(isExpired({ timestamp: new Date(NOW + DAY).toISOString() }, NOW)).toBe(true);
    expect(parseAttribution("{not json")).toBeNull();
    expect(parseAttribution({ utm_source: "x" })).toBeNull();
    expect(parseAttribution({ utm_source: 5, landingPage: "/", timestamp: new Date(NOW).toISOString() })).toBeNull();
  });

  it("finds local storage entries to purge: attribution_* older than 30 days or unreadable, nothing else", () => {
    const fresh = JSON.stringify(stored(DAY));
    const old = JSON.stringify(stored(31 * DAY));
    expect(
      purgeableKeys(
        [
          ["attribution_anon_1", fresh],
          ["attribution_anon_2", old],
          ["attribution_u3", "garbage"],
          ["studio_cartitems", "[]"],
          ["noPriceOffer", "true"],
        ],
        NOW,
      ),
    ).toEqual(["attribution_anon_2", "attribution_u3"]);
  });
});

describe("local storage mirror", () => {
  class MemoryStorage {
    map = new Map<string, string>();
    get length() {
      return this.map.size;
    }
    key(i: number) {
      return [...this.map.keys()][i] ?? null;
    }
    getItem(k: string) {
      return this.map.get(k) ?? null;
    }
    setItem(k: string, v: string) {
      this.map.set(k, v);
    }
    removeItem(k: string) {
      this.map.delete(k);
    }
  }
  const record: Attribution = {
    utm_source: "newsletter",
    landingPage: "/",
    timestamp: new Date(NOW - DAY).toISOString(),
  };

  it("writes attribution_{id} with the record and purges old entries of other ids", () => {
    const storage = new MemoryStorage();
    storage.setItem(
      "attribution_anon_old",
      JSON.stringify({ ...record, timestamp: new Date(NOW - 40 * DAY).toISOString() }),
    );
    storage.setItem("studio_cartitems", "[]");
    syncAttribution(storage, "anon_1", record, NOW);
    expect(JSON.parse(storage.getItem("attribution_anon_1")!)).toEqual(record);
    expect(storage.getItem("attribution_anon_old")).toBeNull();
    expect(storage.getItem("studio_cartitems")).toBe("[]");
  });

  it("removes this id's entry when the server has none (cleared after a purchase, or purged)", () => {
    const storage = new MemoryStorage();
    storage.setItem("attribution_u1", JSON.stringify(record));
    syncAttribution(storage, "u1", null, NOW);
    expect(storage.getItem("attribution_u1")).toBeNull();
  });
});

describe("the clearing rule (spec 9)", () => {
  it("removes ref, code, friend, utm_*, aaCampaign, source, noPriceOffer, p and slug; keeps the rest", () => {
    const entry = {
      ref: "a",
      code: "b",
      friend: "c",
      utm_source: "d",
      utm_medium: "e",
      utm_term: "f",
      utm_campaign: "g",
      utm_content: "h",
      aaCampaign: "i",
      source: "j",
      noPriceOffer: "true",
      p: "vip",
      slug: "k",
      landingPage: "/",
      timestamp: "t",
      other: "kept",
    };
    expect(afterClearing(entry)).toEqual({ landingPage: "/", timestamp: "t", other: "kept" });
  });
});

describe("what events, payment_info and the profile take", () => {
  const record: Attribution = {
    utm_source: "news",
    utm_medium: "email",
    ref: "alice",
    code: "SPRING",
    friend: "bob",
    aaCampaign: "student",
    source: "ig",
    slug: "music",
    p: "vip",
    landingPage: "/sf-music?utm_source=news",
    timestamp: new Date(NOW).toISOString(),
  };

  it("events get the utm_* fields and slug only", () => {
    expect(eventAttribution(record)).toEqual({ utm_source: "news", utm_medium: "email", slug: "music" });
    expect(eventAttribution(null)).toEqual({});
  });

  it("payment_info takes the stored record when the query does not say (query wins)", () => {
    expect(paymentInfo(q("utm_source=direct"), paymentAttribution(record))).toEqual({
      utm_source: "direct",
      utm_medium: "email",
      referrer: "alice",
      discountCode: "SPRING",
      friend: "bob",
      p: "vip",
    });
  });

  it("the profile gets every key but aaCampaign", () => {
    const profile = profileAttribution(record)!;
    expect(profile).not.toHaveProperty("aaCampaign");
    expect(profile).toMatchObject({
      utm_source: "news",
      ref: "alice",
      code: "SPRING",
      friend: "bob",
      source: "ig",
      landingPage: record.landingPage,
    });
  });

  it("lead source info says whether the landing was a lead page (spec 9 markers) or a checkout initiation", () => {
    expect(leadSourceInfo(record)).toEqual({
      leadSource: "lead page",
      landingPage: record.landingPage,
      utm_source: "news",
      utm_medium: "email",
      ref: "alice",
      source: "ig",
    });
    expect(leadSourceInfo({ ...record, landingPage: "/classes?x=waitlist" }).leadSource).toBe("checkout initiation");
    expect(leadSourceInfo(null, "/join-waitlist")).toEqual({ leadSource: "lead page", landingPage: "/join-waitlist" });
    expect(leadSourceInfo(null)).toEqual({ leadSource: "checkout initiation" });
  });
});
