// The hydration guard (platform/hydration-guard, used by entry.client): until the page has hydrated, the
// events React 18 would hydrate synchronously for stop at the window.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { EVENTS_REACT_HYDRATES_FOR, holdEventsUntilHydrated } from "~/platform/hydration-guard";

const dispatched = (target: EventTarget, name: string) => {
  const event = new Event(name, { bubbles: true });
  target.dispatchEvent(event);
  return event;
};

describe("holdEventsUntilHydrated", () => {
  it("stops each of those events until released, and no other", () => {
    const target = new EventTarget();
    const release = holdEventsUntilHydrated(target as unknown as Window);
    for (const name of EVENTS_REACT_HYDRATES_FOR) expect(dispatched(target, name).cancelBubble, name).toBe(true);
    // Focus, scrolling and errors are React's to queue (or nobody's): they pass.
    for (const name of ["focusin", "scroll", "error", "pointermove"])
      expect(dispatched(target, name).cancelBubble, name).toBe(false);

    release();
    for (const name of EVENTS_REACT_HYDRATES_FOR) expect(dispatched(target, name).cancelBubble, name).toBe(false);
    expect(() => release()).not.toThrow();
  });

  it("holds the same events as the installed react-dom hydrates for", () => {
    // React's list (discreteReplayableEvents): after an upgrade of react-dom, this says whether it changed.
    const require = createRequire(import.meta.url);
    const file = join(dirname(require.resolve("react-dom/package.json")), "cjs", "react-dom.development.js");
    const source = readFileSync(file, "utf8");
    const list = /var discreteReplayableEvents = \[([^\]]*)\]/.exec(source)?.[1];
    expect(list, "react-dom's discreteReplayableEvents").toBeTruthy();
    const names = [...list!.matchAll(/'([^']+)'/g)].map((match) => match[1]);
    expect([...EVENTS_REACT_HYDRATES_FOR]).toEqual(names);
  });
});
