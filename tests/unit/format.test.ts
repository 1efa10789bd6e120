import { describe, expect, it } from "vitest";
import {
  clockText,
  dateText,
  durationText,
  formatCents,
  relativeTime,
  slugWithId,
  sumCents,
  uuidFromSlug,
} from "~/platform/format";

describe("durationText", () => {
  it.each([
    [0, "Less than 1 minute"],
    [59, "Less than 1 minute"],
    [60, "Less than 1 minute"],
    [61, "1 minute"],
    [119, "1 minute"],
    [120, "2 minutes"],
    [3599, "59 minutes"],
    [3600, "1+ hour"],
    [7199, "1+ hour"],
    [7200, "2+ hours"],
    [36000, "10+ hours"],
  ])("%i seconds is %s", (seconds, text) => {
    expect(durationText(seconds)).toBe(text);
  });
});

describe("formatCents", () => {
  it("shows cents as USD in en-US", () => {
    expect(formatCents(4900)).toBe("$49.00");
    expect(formatCents(123456)).toBe("$1,234.56");
    expect(formatCents(0)).toBe("$0.00");
  });
  it("can drop zero cents for marketing copy", () => {
    expect(formatCents(2900, { dropZeroCents: true })).toBe("$29");
    expect(formatCents(2950, { dropZeroCents: true })).toBe("$29.50");
  });
  it("sums cents as integers", () => {
    expect(sumCents([1999, 2999, 1])).toBe(4999);
    expect(formatCents(sumCents([10, 20]))).toBe("$0.30");
  });
});

describe("relativeTime", () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  it.each([
    [now - 30_000, "30 seconds ago"],
    [now - 5 * 60_000, "5 minutes ago"],
    [now - 3 * 3_600_000, "3 hours ago"],
    [now - 2 * 86_400_000, "2 days ago"],
    [now - 29 * 86_400_000, "29 days ago"],
    [now - 30 * 86_400_000, "last month"],
    [now - 95 * 86_400_000, "3 months ago"],
    [now - 365 * 86_400_000, "last year"],
    [now - 3 * 365 * 86_400_000, "3 years ago"],
    [now + 2 * 3_600_000, "in 2 hours"],
  ])("%i is %s", (then, text) => {
    expect(relativeTime(then, now)).toBe(text);
  });
});

describe("uuidFromSlug", () => {
  it("reformats the 32-hex id at the end of a slug", () => {
    expect(uuidFromSlug("intro-to-chords-0f8fad5bd9cb469fa16570867728950e")).toBe(
      "0f8fad5b-d9cb-469f-a165-70867728950e",
    );
    expect(uuidFromSlug("0F8FAD5BD9CB469FA16570867728950E")).toBe("0f8fad5b-d9cb-469f-a165-70867728950e");
  });
  it("returns null when there is no id", () => {
    expect(uuidFromSlug("intro-to-chords")).toBeNull();
    expect(uuidFromSlug("intro-0f8fad5bd9cb469fa16570867728950")).toBeNull();
    expect(uuidFromSlug("intro0f8fad5bd9cb469fa16570867728950e")).toBeNull();
  });
  it("round-trips with slugWithId", () => {
    const id = "0f8fad5b-d9cb-469f-a165-70867728950e";
    expect(slugWithId("Intro to Chords!", id)).toBe("intro-to-chords-0f8fad5bd9cb469fa16570867728950e");
    expect(uuidFromSlug(slugWithId("Café Rhythms", id))).toBe(id);
  });
});

describe("clockText and dateText", () => {
  it("formats lesson lengths", () => {
    expect(clockText(754)).toBe("12:34");
    expect(clockText(3725)).toBe("1:02:05");
  });
  it("formats dates in the visitor's zone", () => {
    const ms = Date.UTC(2026, 10, 21, 2, 0, 0);
    expect(dateText(ms)).toBe("Nov 21, 2026");
    expect(dateText(ms, "America/Los_Angeles")).toBe("Nov 20, 2026");
  });
});
