// The embedded painter's text and the app screenshots: glyphs are real (ink where letters are, none
// in spaces), lines wrap inside their width, PNGs round-trip through our decoder, and each screen
// shows the app's own colours. SCREENSHOT_DIR=/tmp/shots writes the PNGs to look at.
import { writeFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { newAppFromIdea } from "~/features/apps/defaults";
import { paintScreenshot, screenshotAlt, SCREENSHOT_SIZE } from "~/features/builder/landing/screenshots";
import { generatePlan } from "~/features/plans/generator";
import { Canvas, loadFonts, measureText, textOn, wrapText } from "~/platform/adapters/ai/embedded/canvas";
import { decodePng, encodePng, paintPrompt } from "~/platform/adapters/ai/embedded/png";

// The font is a lazy module (#lazy/fonts): painters load it first, as paintScreenshot does.
await loadFonts();

const ink = (c: Canvas, x0: number, y0: number, x1: number, y1: number) => {
  let dark = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (c.rgb[(y * c.width + x) * 3]! < 128) dark++;
  return dark;
};

describe("the font", () => {
  it("is loaded before any text is measured or drawn, and a painter that forgets is told so", async () => {
    vi.resetModules();
    const fresh = await import("~/platform/adapters/ai/embedded/canvas");
    expect(() => fresh.measureText("Plan", 20)).toThrow("await loadFonts()");
    expect(() => new fresh.Canvas(40, 20, "#ffffff").text("Plan", 0, 0, 12, "#000000")).toThrow("await loadFonts()");
    await fresh.loadFonts();
    expect(fresh.measureText("Plan", 20)).toBeCloseTo(measureText("Plan", 20), 5);
  });
});

describe("text", () => {
  it("draws glyphs where the letters are and nothing in a space", () => {
    const c = new Canvas(200, 40, "#ffffff");
    const w = c.text("Hi  there", 10, 5, 20, "#000000", "bold");
    expect(w).toBeCloseTo(measureText("Hi  there", 20, "bold"), 5);
    const hi = measureText("Hi", 20, "bold");
    const gap = measureText("  ", 20, "bold");
    expect(ink(c, 10, 0, 10 + Math.floor(hi), 40)).toBeGreaterThan(30);
    expect(ink(c, 12 + Math.ceil(hi), 0, 8 + Math.floor(hi + gap), 40)).toBe(0);
    expect(ink(c, 0, 0, 9, 40)).toBe(0);
  });

  it("bold is wider than regular, and size scales the width", () => {
    expect(measureText("Plan", 20, "bold")).toBeGreaterThan(measureText("Plan", 20));
    expect(measureText("Plan", 40)).toBeCloseTo(measureText("Plan", 20) * 2, 5);
  });

  it("wraps inside the width, cuts a long word and ends a cut text with …", () => {
    const lines = wrapText("Train for your first half marathon in under two hours", 16, 120);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(measureText(line, 16)).toBeLessThanOrEqual(120);
    expect(lines.join(" ")).toBe("Train for your first half marathon in under two hours");
    const cut = wrapText("a b c d e f g h i j k l m n o p", 16, 40, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1]!.endsWith("…")).toBe(true);
    for (const line of wrapText("Supercalifragilisticexpialidocious", 16, 60))
      expect(measureText(line, 16)).toBeLessThanOrEqual(60);
  });

  it("picks white text on dark colours and dark text on light ones", () => {
    expect(textOn("#1f6f5c")).toEqual([255, 255, 255]);
    expect(textOn("#f2e641")).toEqual([27, 27, 31]);
  });
});

describe("PNG decoding", () => {
  it("reads back what encodePng and paintPrompt write", async () => {
    const rgb = new Uint8Array(4 * 3 * 3).map((_, i) => (i * 37) % 256);
    expect(await decodePng(await encodePng(4, 3, rgb))).toEqual({ width: 4, height: 3, rgb });
    const painted = await decodePng(await paintPrompt("yoga", 64, 40, ["#336699", "#ffcc00"]));
    expect(painted).toMatchObject({ width: 64, height: 40 });
    expect(await decodePng(new Uint8Array([0xff, 0xd8, 0xff, 0, 1, 2]))).toBeNull();
  });
});

const content = await newAppFromIdea("Half marathon training for busy parents");
const plan = generatePlan({ answers: {}, blueprint: content.blueprint, today: "2026-11-26" });
const shown = { appName: content.name, ...content, plan, hero: null, background: null };

describe("screenshots", () => {
  it.each(["landing", "onboarding", "plan"] as const)("%s: a phone-sized PNG in the app's colours", async (screen) => {
    const png = await paintScreenshot(screen, shown);
    const picture = (await decodePng(png))!;
    expect(picture).toMatchObject(SCREENSHOT_SIZE);
    if (process.env.SCREENSHOT_DIR) writeFileSync(`${process.env.SCREENSHOT_DIR}/${screen}.png`, png);
    // The primary colour is on the screen (the button, the progress bar or the countdown card).
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(content.theme.primaryColor.slice(i, i + 2), 16));
    let primary = 0;
    for (let i = 0; i < picture.rgb.length; i += 3)
      if (
        Math.abs(picture.rgb[i]! - r!) < 3 &&
        Math.abs(picture.rgb[i + 1]! - g!) < 3 &&
        Math.abs(picture.rgb[i + 2]! - b!) < 3
      )
        primary++;
    expect(primary).toBeGreaterThan(1000);
    expect(screenshotAlt(screen, shown)).toContain(content.name);
  });
});
