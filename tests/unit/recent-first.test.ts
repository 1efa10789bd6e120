// The rule the isolate's small memories share (app/platform/recent-first.ts): the most recently set
// entries stay, up to the limit; the least recently set goes first.
import { describe, expect, it } from "vitest";
import { setMostRecent } from "~/platform/recent-first";

describe("a memory that keeps its most recent entries", () => {
  it("drops the least recently set entry beyond its limit; setting one again makes it the most recent", () => {
    const memory = new Map<string, number>();
    setMostRecent(memory, "a", 1, 2);
    setMostRecent(memory, "b", 2, 2);
    setMostRecent(memory, "a", 3, 2);
    setMostRecent(memory, "c", 4, 2);
    expect([...memory]).toEqual([
      ["a", 3],
      ["c", 4],
    ]);
  });
});
