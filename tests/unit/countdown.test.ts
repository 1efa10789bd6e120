// The countdown's text (countdownText), the page's ticker (COUNTDOWN_TICKER, run here in a bare script
// context with a made-up page and clock) and the attribute the server renders for the ticker.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { Countdown, COUNTDOWN_TICKER, countdownText } from "~/ui/Countdown";

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;

type Element = { textContent: string; parentNode: { hidden: boolean }; getAttribute: (name: string) => string | null };

/** Runs the ticker once on a page holding countdowns that end at `ends`, at `now`; the clock and timers are the test's. */
function runTicker(ends: number[], now: number) {
  const clock = { now };
  const elements: Element[] = ends.map((end) => ({
    textContent: "served",
    parentNode: { hidden: false },
    getAttribute: (name) => (name === "data-countdown-end" ? String(end) : null),
  }));
  const timers: { tick: () => void; cleared: boolean }[] = [];
  const window: Record<string, unknown> = {};
  const selectors: string[] = [];
  runInNewContext(COUNTDOWN_TICKER, {
    window,
    Date: { now: () => clock.now },
    document: {
      querySelectorAll: (selector: string) => (selectors.push(selector), elements),
    },
    setInterval: (tick: () => void, ms: number) => {
      expect(ms).toBe(SECOND);
      return timers.push({ tick, cleared: false }) - 1;
    },
    clearInterval: (id: number) => (timers[id].cleared = true),
  });
  return { clock, elements, timers, window, selectors };
}

describe("countdownText", () => {
  it("shows days while more than a day is left, then a clock, then nothing", () => {
    expect(countdownText(((6 * 24 + 23) * 60 + 12) * 60_000 + 5_000)).toBe("6d 23h 12m");
    expect(countdownText((2 * 3600 + 11 * 60 + 5) * 1000)).toBe("02:11:05");
    expect(countdownText(999)).toBe("00:00:00");
    expect(countdownText(0)).toBe("");
    expect(countdownText(-5)).toBe("");
  });
});

describe("the page's countdown ticker", () => {
  it("is a few hundred bytes", () => {
    expect(COUNTDOWN_TICKER.length).toBeLessThan(700);
  });

  it("writes what countdownText says, for every kind of time left", () => {
    const now = Date.UTC(2025, 5, 1, 12);
    const lefts = [
      -DAY,
      -1,
      0,
      1,
      999,
      SECOND,
      59 * SECOND + 999,
      HOUR - 1,
      HOUR,
      DAY - 1,
      DAY,
      DAY + 1,
      7 * DAY,
      40 * DAY + 5 * HOUR + 7 * 60 * SECOND + 999,
    ];
    // …and a spread of others, from a fixed seed.
    let seed = 7;
    for (let i = 0; i < 500; i++) {
      seed = (seed * 48271) % 2147483647;
      lefts.push(seed % (3 * DAY));
    }
    const { elements } = runTicker(
      lefts.map((left) => now + left),
      now,
    );
    expect(elements.map((e) => e.textContent)).toEqual(lefts.map((left) => countdownText(left)));
  });

  it("corrects the served text at once, ticks every second by the browser's clock, and stops when told", () => {
    const now = Date.UTC(2025, 5, 1, 12);
    const { clock, elements, timers, window, selectors } = runTicker([now + 2 * HOUR], now);
    expect(selectors).toEqual(["[data-countdown-end]"]);
    expect(elements[0].textContent).toBe("02:00:00");
    expect(timers).toHaveLength(1);
    clock.now += SECOND;
    timers[0].tick();
    expect(elements[0].textContent).toBe("01:59:59");
    clock.now += 90 * SECOND;
    timers[0].tick();
    expect(elements[0].textContent).toBe("01:58:29");
    // The countdowns React runs stop it.
    (window.__stopCountdownTicker as () => void)();
    expect(timers[0].cleared).toBe(true);
  });

  it("empties and hides a countdown past its end, as Countdown renders nothing then", () => {
    const now = Date.UTC(2025, 5, 1, 12);
    const { clock, elements, timers } = runTicker([now + 1500], now);
    expect(elements[0].textContent).toBe("00:00:01");
    expect(elements[0].parentNode.hidden).toBe(false);
    clock.now += 2 * SECOND;
    timers[0].tick();
    expect(elements[0].textContent).toBe("");
    expect(elements[0].parentNode.hidden).toBe(true);
  });

  it("on a page without a countdown, looks once and keeps no timer", () => {
    const { timers, window } = runTicker([], Date.now());
    expect(timers).toEqual([]);
    expect(window.__stopCountdownTicker).toBeUndefined();
  });
});

describe("Countdown on the server", () => {
  it("renders the time left at the render's time, with the end the ticker reads", () => {
    const now = Date.UTC(2025, 5, 1, 12);
    const until = new Date(now + 3 * DAY + 4 * HOUR + 5 * 60 * SECOND).toISOString();
    const html = renderToString(createElement(Countdown, { until, now, className: "offer-note__countdown" }));
    expect(html).toContain(`data-countdown-end="${Date.parse(until)}">3d 4h 5m</span>`);
    expect(html).toContain(`<time dateTime="${until}" class="offer-note__countdown">`);
  });

  it("renders nothing once the end has passed", () => {
    const now = Date.UTC(2025, 5, 1, 12);
    expect(renderToString(createElement(Countdown, { until: new Date(now).toISOString(), now }))).toBe("");
  });
});
