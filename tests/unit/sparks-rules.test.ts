import { describe, expect, it } from "vitest";
import { enrolledPlanStatus } from "~/features/apps/rules";
import { comingSoonRefusal, waitlistListOf } from "~/features/catalog/rules";
import { pageOf, parseSparkCursor, sparksHref } from "~/features/sparks/rules";

describe("sparks paging", () => {
  const rows = ["a", "b", "c", "d"].map((id) => ({ id }));
  it("takes a page and names the next page by its last row", () => {
    expect(pageOf(rows, 3, (r) => r.id)).toEqual({ items: rows.slice(0, 3), nextCursor: "c" });
    expect(pageOf(rows, 4, (r) => r.id)).toEqual({ items: rows, nextCursor: null });
    expect(pageOf([], 4, (r: { id: string }) => r.id)).toEqual({ items: [], nextCursor: null });
  });
  it("reads a cursor only when it is an id", () => {
    expect(parseSparkCursor("0f3e-12ab")).toBe("0f3e-12ab");
    expect(parseSparkCursor("' OR 1=1")).toBeNull();
    expect(parseSparkCursor("")).toBeNull();
    expect(parseSparkCursor("x".repeat(65))).toBeNull();
    expect(sparksHref(null)).toBe("/v2/sparks");
    expect(sparksHref("ab-1")).toBe("/v2/sparks?cursor=ab-1");
  });
});

describe("coming soon", () => {
  it("refuses in words, naming what is coming soon", () => {
    expect(comingSoonRefusal([{ title: "Open", comingSoon: false }])).toBeNull();
    expect(comingSoonRefusal([{ title: "Soon", comingSoon: true }])).toBe(
      '"Soon" is coming soon and can\'t be bought yet. Join the waitlist on its page to hear when it opens.',
    );
    expect(
      comingSoonRefusal([
        { title: "A", comingSoon: true },
        { title: "B", comingSoon: true },
      ]),
    ).toContain('"A" and "B" are coming soon');
  });
  it("names a class's list by id and a collection's by slug", () => {
    expect(waitlistListOf({ kind: "class", id: "p1" })).toBe("class:p1");
    expect(waitlistListOf({ kind: "collection", id: "c1", slug: "shelf" })).toBe("collection:shelf");
  });
});

describe("enrolled apps", () => {
  it("words a plan's status", () => {
    expect(enrolledPlanStatus("completed")).toBe("plan ready");
    expect(enrolledPlanStatus("pending")).toBe("plan pending");
    expect(enrolledPlanStatus("failed")).toBe("plan failed");
    expect(enrolledPlanStatus(null)).toBe("no plan");
  });
});
