// Photos as phones take them (issue 50, item 9): a full-size 12-megapixel JPEG is analysed, not only
// measured for size. jpeg-js would need over 200 MB for one, so a photo over 3.2 megapixels is read at
// one eighth of its size (app/platform/adapters/ai/embedded/jpeg-blocks.ts): each block's mean, and
// sharpness at full resolution in sampled blocks. Checked here: a 12-megapixel photo made with
// jpeg-js's encoder reads right (its size, colours, brightness and sharpness), its peak memory in a
// process of its own, and the reader against jpeg-js's whole decode on the ways cameras and editors
// encode (tests/fixtures/jpeg, made by tests/tools/make-jpeg-fixtures.mjs with libjpeg-turbo's cjpeg).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { decode as decodeWhole, encode as encodeJpeg } from "jpeg-js";
import { afterAll, describe, expect, it } from "vitest";
import { imageStats, statsSentence } from "~/features/activities/image-stats";
import { shrunkSize } from "~/features/activities/shrink-photo";
import { decodeJpeg, decodeJpegReduced, jpegPixels } from "~/platform/adapters/ai/embedded/jpeg";
import { decodeJpegBlocks } from "~/platform/adapters/ai/embedded/jpeg-blocks";
import { FIXTURES, FIXTURE_SIZE } from "../tools/make-jpeg-fixtures.mjs";

const WIDTH = 4032;
const HEIGHT = 3024;
// Each in the middle of the analysis's colour bins (32 levels a channel), so shading keeps it in one.
const RED: [number, number, number] = [208, 48, 48];
const BLUE: [number, number, number] = [48, 80, 208];
const GREEN: [number, number, number] = [48, 176, 80];

const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

/**
 * A phone-sized photo: red top left, blue top right, green below (a quarter, a quarter, a half), with
 * light shading and, when `grain`, a camera's fine grain. Answers its JPEG and its true mean brightness.
 */
function phonePhoto(grain: boolean): { jpeg: Uint8Array; brightness: number } {
  const rgba = new Uint8Array(WIDTH * HEIGHT * 4);
  let seed = 7;
  let sum = 0;
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const base = y < HEIGHT / 2 ? (x < WIDTH / 2 ? RED : BLUE) : GREEN;
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const shade = Math.sin(x / 300) * 5 + Math.cos(y / 250) * 4 + (grain ? ((seed >> 16) % 17) - 8 : 0);
      const i = (y * WIDTH + x) * 4;
      for (let c = 0; c < 3; c++) rgba[i + c] = Math.max(0, Math.min(255, Math.round(base[c]! + shade)));
      rgba[i + 3] = 255;
      sum += luma(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!);
    }
  return {
    jpeg: new Uint8Array(encodeJpeg({ width: WIDTH, height: HEIGHT, data: rgba }, 88).data),
    brightness: sum / (WIDTH * HEIGHT),
  };
}

const work = mkdtempSync(join(tmpdir(), "jpeg-large-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Encoding a 12-megapixel JPEG in plain JavaScript takes a second or more on a shared two-core machine.
describe("a phone's full-size photo (4032 × 3024 JPEG)", { timeout: 120_000 }, () => {
  const grainy = phonePhoto(true);

  it("is analysed, not only measured: its own size, its three colours in their shares, its brightness and sharpness", async () => {
    // The whole decode stays bounded (jpeg-js would need over 200 MB): it refuses the photo.
    expect(await decodeJpeg(grainy.jpeg)).toBeNull();
    const pixels = (await jpegPixels(grainy.jpeg))!;
    expect(pixels).toMatchObject({ width: WIDTH / 8, height: HEIGHT / 8, reduced: { width: WIDTH, height: HEIGHT } });
    const stats = imageStats(pixels.width, pixels.height, pixels.rgb, pixels.reduced!);
    expect(stats).toMatchObject({ width: WIDTH, height: HEIGHT, brightnessWord: "balanced" });
    expect(Math.abs(stats.brightness - grainy.brightness)).toBeLessThanOrEqual(2);
    expect(stats.dominant.map((c) => c.name)).toEqual(["green", "red", "blue"]);
    const shares = stats.dominant.map((c) => c.share);
    expect(Math.abs(shares[0]! - 0.5)).toBeLessThanOrEqual(0.03);
    expect(Math.abs(shares[1]! - 0.25)).toBeLessThanOrEqual(0.03);
    expect(Math.abs(shares[2]! - 0.25)).toBeLessThanOrEqual(0.03);
    // The grain is real detail at full resolution: not blurry.
    expect(stats.sharpnessWord).not.toBe("blurry");
    expect(statsSentence(stats)).toMatch(
      /^4032 × 3024 pixels, balanced \(brightness \d+\/255\), (soft|sharp) .*; mostly green \(5\d%\), red \(2\d%\), blue \(2\d%\)\.$/,
    );
  });

  it("a smooth photo of the same size reads blurry: its sharpness is measured at full resolution, not on the reduced copy", async () => {
    const smooth = phonePhoto(false);
    const pixels = (await jpegPixels(smooth.jpeg))!;
    const stats = imageStats(pixels.width, pixels.height, pixels.rgb, pixels.reduced!);
    expect(stats.sharpnessWord).toBe("blurry");
    expect(stats.dominant.map((c) => c.name)).toEqual(["green", "red", "blue"]);
  });

  it("peaks at a small part of a Worker's 128 MB (measured in a process of its own)", async () => {
    // The reader bundled as the build bundles it, run in a fresh Node process (tests/tools/jpeg-memory.mjs):
    // its peak resident memory over what the process held before reading, the file already read.
    const module = join(work, "jpeg-blocks.mjs");
    await build({
      entryPoints: [fileURLToPath(new URL("../../app/platform/adapters/ai/embedded/jpeg-blocks.ts", import.meta.url))],
      bundle: true,
      format: "esm",
      outfile: module,
      logLevel: "silent",
    });
    const photo = join(work, "photo.jpg");
    writeFileSync(photo, grainy.jpeg);
    const script = fileURLToPath(new URL("../tools/jpeg-memory.mjs", import.meta.url));
    const measured = JSON.parse(execFileSync(process.execPath, [script, module, photo], { encoding: "utf8" })) as {
      peak: number;
      kept: number;
      width: number;
      blocksWide: number;
    };
    expect(measured).toMatchObject({ width: WIDTH, blocksWide: WIDTH / 8 });
    const MB = 1024 * 1024;
    // A whole decode's RGB alone is 36 MB (RGBA 48 MB); this stays under 32 MB at its peak (about 10–20 MB here).
    expect(measured.peak / MB, `peak ${(measured.peak / MB).toFixed(1)} MB`).toBeLessThan(32);
    expect(measured.kept / MB, `kept ${(measured.kept / MB).toFixed(1)} MB`).toBeLessThan(8);
  });
});

describe("the reduced reader against jpeg-js's whole decode (tests/fixtures/jpeg, made by cjpeg)", () => {
  const { width, height } = FIXTURE_SIZE;
  const fixture = (name: string) =>
    new Uint8Array(readFileSync(fileURLToPath(new URL(`../fixtures/jpeg/${name}`, import.meta.url))));

  it.each(Object.keys(FIXTURES))("%s: each block's mean, and the sharpness inside the blocks", (name) => {
    const bytes = fixture(name);
    const read = decodeJpegBlocks(bytes);
    expect(read).toMatchObject({ width, height, blocksWide: Math.ceil(width / 8), blocksHigh: Math.ceil(height / 8) });
    expect(read.progressive).toBe(name.startsWith("progressive"));
    // jpeg-js takes three components without an Adobe marker as YCbCr; the RGB file says otherwise.
    const whole = decodeWhole(bytes, {
      useTArray: true,
      formatAsRGBA: false,
      ...(name.includes("rgb") && { colorTransform: false }),
    });
    const pixel = (x: number, y: number, c: number) => whole.data[(y * width + x) * 3 + c]!;
    // A subsampled colour is averaged over a wider block than the brightness: a few levels apart.
    const tolerance = /420|422/.test(name) ? 6 : 2;
    let worst = 0;
    for (let by = 0; by < Math.floor(height / 8); by++)
      for (let bx = 0; bx < Math.floor(width / 8); bx++)
        for (let c = 0; c < 3; c++) {
          let sum = 0;
          for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) sum += pixel(bx * 8 + x, by * 8 + y, c);
          worst = Math.max(worst, Math.abs(sum / 64 - read.rgb[(by * read.blocksWide + bx) * 3 + c]!));
        }
    expect(worst).toBeLessThanOrEqual(tolerance);

    if (name.includes("rgb")) {
      // Red, green and blue planes have no brightness plane to measure at full resolution.
      expect(read.sharpness).toBeNull();
      return;
    }
    // The Laplacian of the whole decode's brightness at the same inner pixels (every whole block is sampled at this size).
    const bright = (x: number, y: number) => luma(pixel(x, y, 0), pixel(x, y, 1), pixel(x, y, 2));
    let sum = 0;
    let squares = 0;
    let n = 0;
    for (let by = 0; by < Math.floor(height / 8); by++)
      for (let bx = 0; bx < Math.floor(width / 8); bx++)
        for (let y = by * 8 + 1; y < by * 8 + 7; y++)
          for (let x = bx * 8 + 1; x < bx * 8 + 7; x++) {
            const v = bright(x - 1, y) + bright(x + 1, y) + bright(x, y - 1) + bright(x, y + 1) - 4 * bright(x, y);
            sum += v;
            squares += v * v;
            n++;
          }
    const expected = squares / n - (sum / n) ** 2;
    expect(Math.abs(read.sharpness! - expected) / expected).toBeLessThan(0.05);
  });

  it("answers null for a cut-short file, baseline or progressive, and for a file that is not a JPEG", async () => {
    for (const name of ["baseline-420.jpg", "progressive-420.jpg"]) {
      const bytes = fixture(name);
      expect(await decodeJpegReduced(bytes.slice(0, Math.floor(bytes.length * 0.6)))).toBeNull();
      expect(await decodeJpegReduced(bytes.slice(0, 300))).toBeNull();
    }
    expect(await decodeJpegReduced(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(await jpegPixels(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });

  it("a small JPEG is still decoded whole (every pixel)", async () => {
    const pixels = (await jpegPixels(fixture("baseline-420.jpg")))!;
    expect(pixels).toMatchObject({ width, height, reduced: null });
    expect(pixels.rgb.length).toBe(width * height * 3);
  });
});

describe("with JavaScript, the browser sends a phone's photo smaller (features/activities/shrink-photo)", () => {
  it("at most 2048 pixels on its long side, its shape kept; a photo that small already is sent as it is", () => {
    expect(shrunkSize(4032, 3024)).toEqual({ width: 2048, height: 1536 });
    expect(shrunkSize(3024, 4032)).toEqual({ width: 1536, height: 2048 });
    expect(shrunkSize(8000, 1000)).toEqual({ width: 2048, height: 256 });
    expect(shrunkSize(2048, 1536)).toBeNull();
    expect(shrunkSize(640, 480)).toBeNull();
  });
});
