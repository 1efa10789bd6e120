import { describe, expect, it } from "vitest";
import {
  browseHref,
  browseTitle,
  ftsQuery,
  isKnownView,
  parseCommaList,
  parseView,
  totalValueCents,
} from "~/features/catalog/rules";

describe("parseView", () => {
  it("accepts the view names as written, in any case, URL-decoded", () => {
    expect(parseView("New releases")).toBe("New releases");
    expect(parseView("new RELEASES")).toBe("New releases");
    expect(parseView(decodeURIComponent("Top%20rated"))).toBe("Top rated");
    expect(parseView("collections")).toBe("Collections");
  });
  it("falls back to All classes", () => {
    expect(parseView(null)).toBe("All classes");
    expect(parseView("")).toBe("All classes");
    expect(parseView("bestsellers")).toBe("All classes");
    expect(isKnownView("bestsellers")).toBe(false);
    expect(isKnownView(" top rated ")).toBe(true);
  });
});

describe("browseTitle", () => {
  const base = { category: null, count: 12, productName: "Studio" };
  it("words each view as the spec does", () => {
    expect(browseTitle({ ...base, view: "All classes" })).toBe("Explore Studio classes");
    expect(browseTitle({ ...base, view: "New releases" })).toBe("New Classes (12)");
    expect(browseTitle({ ...base, view: "Top rated" })).toBe("Top Rated Classes");
    expect(browseTitle({ ...base, view: "Collections" })).toBe("Collections");
  });
  it("names the category with its count when one is chosen", () => {
    expect(browseTitle({ ...base, view: "All classes", category: "Guitar", count: 7 })).toBe("Guitar Classes (7)");
    expect(browseTitle({ ...base, view: "Top rated", category: "Piano", count: 3 })).toBe("Piano Classes (3)");
  });
  it("uses the configured product name", () => {
    expect(browseTitle({ ...base, view: "All classes", productName: "Encore" })).toBe("Explore Encore classes");
  });
});

describe("parseCommaList", () => {
  it("trims, drops empties and duplicates", () => {
    expect(parseCommaList(" jazz, ,Rock,jazz ")).toEqual(["jazz", "Rock"]);
    expect(parseCommaList(undefined)).toEqual([]);
  });
});

describe("ftsQuery", () => {
  it("keeps only words, as quoted prefix terms", () => {
    expect(ftsQuery("jazz piano")).toBe('"jazz"* "piano"*');
    expect(ftsQuery('bass" OR 1=1 --')).toBe('"bass"* "OR"* "1"* "1"*');
    expect(ftsQuery("  ***  ")).toBeNull();
    expect(ftsQuery("café")).toBe('"café"*');
  });
});

describe("browseHref", () => {
  it("keeps only the filters that are set", () => {
    expect(browseHref({})).toBe("/classes");
    expect(browseHref({ view: "New releases", topics: ["a", "b"], cursor: "x" })).toBe(
      "/classes?view=New+releases&topics=a%2Cb&cursor=x",
    );
  });
});

describe("totalValueCents", () => {
  it("sums regular prices", () => {
    expect(
      totalValueCents([
        { priceCents: 4900, crossedPriceCents: 7900 },
        { priceCents: 2900, crossedPriceCents: null },
      ]),
    ).toBe(10800);
  });
});
