// loadOnce (platform/load-once): what the worker loads on first need is loaded once and kept; a failed
// load is forgotten so the next call tries again; no promise is shared between calls.
import { describe, expect, it } from "vitest";
import { loadOnce } from "~/platform/load-once";

describe("loadOnce", () => {
  it("keeps the first value: later calls do not load again", async () => {
    let loads = 0;
    const get = loadOnce(async () => ({ n: ++loads }));
    const first = await get();
    expect(await get()).toBe(first);
    expect(loads).toBe(1);
  });

  it("forgets a failed load: the next call tries again and keeps what it gets", async () => {
    let loads = 0;
    const get = loadOnce(async () => {
      loads++;
      if (loads === 1) throw new Error("network hiccup");
      return "loaded";
    });
    await expect(get()).rejects.toThrow("network hiccup");
    expect(await get()).toBe("loaded");
    expect(await get()).toBe("loaded");
    expect(loads).toBe(2);
  });

  it("calls made while the first load is on its way each get their own promise, and the first value", async () => {
    let loads = 0;
    const get = loadOnce(async () => ({ n: ++loads }));
    const a = get();
    const b = get();
    // Never the same promise object: in workerd a promise made in one request and awaited in another can hang.
    expect(a).not.toBe(b);
    const [x, y] = await Promise.all([a, b]);
    expect(y).toBe(x);
    expect(await get()).toBe(x);
  });
});
