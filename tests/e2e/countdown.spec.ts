/**
 * Countdowns on a page served from the page cache, which loads the app on first need: with JavaScript
 * they say the time left by the browser's clock from the moment the page loads and tick every second
 * with no press (the page's inline ticker, app/ui/Countdown.tsx), however old the kept copy; React
 * takes over on the first press without the copy's text coming back and without a hydration error.
 * Without JavaScript the server's text stays.
 */
import type { Page } from "@playwright/test";
import { api, classHref, expect, isJs, test, waitForHydration, type ApiProduct } from "./helpers";

const HOUR = 3_600_000;

/** A class running its countdown offer, from the catalogue's API. */
async function classOnOffer(request: Parameters<typeof api>[0]) {
  const { products } = await api<{ products: (ApiProduct & { crossedPriceApplicableFrom: string | null })[] }>(
    request,
    "/api/getMostPopularProducts?limit=24",
  );
  const onOffer = products.find(
    (p) =>
      p.priceInfo.crossedPrice !== null &&
      p.crossedPriceApplicableFrom !== null &&
      Date.parse(p.crossedPriceApplicableFrom) > Date.now(),
  );
  expect(onOffer, "a popular class runs a countdown offer").toBeTruthy();
  return onOffer!;
}

/** Seconds in a last-day countdown's text ("01:59:43"); NaN for any other text. */
function secondsIn(text: string): number {
  const clock = /^(\d\d):(\d\d):(\d\d)$/.exec(text);
  return clock ? (Number(clock[1]) * 60 + Number(clock[2])) * 60 + Number(clock[3]) : NaN;
}

/** The countdown's text and the browser's clock, read at one moment. */
function readCountdown(page: Page) {
  return page.evaluate(() => ({
    text: document.querySelector(".class-hero .offer-note__countdown [data-countdown-end]")?.textContent ?? null,
    now: Date.now(),
  }));
}

/**
 * The page as the cache keeps it: a visit that finds the copy kept ("hit"). A visit that finds none
 * keeps one (a "miss"), so the next finds it.
 */
async function gotoKeptCopy(page: Page, href: string) {
  for (let visit = 1; ; visit++) {
    const response = await page.goto(href, { waitUntil: "load" });
    expect(response?.status()).toBe(200);
    if (response!.headers()["x-shared-page"] === "hit") return response!;
    expect(visit, "a visit after a miss finds the copy it kept").toBe(1);
  }
}

/** The offer countdown's end and text as a page's HTML has them. */
function countdownIn(html: string) {
  const rendered = /class="offer-note__countdown"><span aria-hidden="true" data-countdown-end="(\d+)">([^<]*)</.exec(
    html,
  );
  expect(rendered, "the class page's offer countdown").not.toBeNull();
  return { end: Number(rendered![1]), text: rendered![2] };
}

test("a kept copy's countdown says the time left by the browser's clock and ticks before any press", async ({
  page,
  request,
}, testInfo) => {
  const href = classHref(await classOnOffer(request));
  const countdown = page.locator(".class-hero .offer-note__countdown [aria-hidden]");

  if (!isJs(testInfo.project.name)) {
    // Without JavaScript the copy's text stays; the offer runs for days, and the copy says so in days.
    const { text } = countdownIn(await (await gotoKeptCopy(page, href)).text());
    expect(text).toMatch(/^\d+d \d+h \d+m$/);
    await expect(countdown).toHaveText(text);
    return;
  }

  // The browser's clock is two hours before the offer ends: the copy is days older than this visit,
  // older than a kept copy ever is, so every field of its text is wrong.
  const { end } = countdownIn(await (await request.get(href)).text());
  await page.clock.install({ time: end - 2 * HOUR + 10_000 });
  // Every text the countdown shows, from the start (the copy's is there before the ticker runs).
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { countdownTexts: string[] }).countdownTexts = shown;
    new MutationObserver(() => {
      const text = document.querySelector(".class-hero .offer-note__countdown [data-countdown-end]")?.textContent;
      if (text !== undefined && text !== null && text !== shown[shown.length - 1]) shown.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const scripts: string[] = [];
  page.on("request", (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith("/build/") && pathname.endsWith(".js")) scripts.push(pathname);
  });
  const copy = countdownIn(await (await gotoKeptCopy(page, href)).text());
  expect(copy.end).toBe(end);
  expect(copy.text).toMatch(/^\d+d \d+h \d+m$/);

  // At load: the time left by the browser's clock (within the second the ticker last wrote it).
  const atLoad = await readCountdown(page);
  expect(atLoad.text).toMatch(/^01:59:\d\d$/);
  expect(secondsIn(atLoad.text!)).toBeGreaterThanOrEqual(Math.floor((end - atLoad.now) / 1000));
  expect(secondsIn(atLoad.text!)).toBeLessThanOrEqual((end - atLoad.now) / 1000 + 2);
  // It ticks with no press, and the app has not been asked for.
  await expect(countdown).not.toHaveText(atLoad.text!, { timeout: 2_500 });
  expect(scripts, "the app's scripts, not yet needed").toEqual([]);
  expect(await page.evaluate(() => (window as { __appStarted?: boolean }).__appStarted)).toBeFalsy();

  // The first press loads the app; React takes the countdown over and keeps it right and ticking.
  await waitForHydration(page, testInfo.project.name);
  const hydrated = await readCountdown(page);
  expect(secondsIn(hydrated.text!)).toBeGreaterThanOrEqual(Math.floor((end - hydrated.now) / 1000));
  expect(secondsIn(hydrated.text!)).toBeLessThanOrEqual((end - hydrated.now) / 1000 + 2);
  await expect(countdown).not.toHaveText(hydrated.text!, { timeout: 2_500 });
  // Once the ticker had written, only the browser's clock was shown: the copy's text never came back.
  const shown = await page.evaluate(() => (window as unknown as { countdownTexts: string[] }).countdownTexts);
  const written = shown[0] === copy.text ? shown.slice(1) : shown;
  expect(written.length).toBeGreaterThan(2);
  for (const text of written) expect(text).toMatch(/^01:5\d:\d\d$/);
  // A hydration mismatch or a policy violation (the ticker runs under the page's nonce) would have
  // been a console or page error, on which the `problems` fixture fails the test.
});
