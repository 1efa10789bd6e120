// Writes tests/fixtures/jpeg/*.jpg: one small picture (203 × 157, an odd size, so blocks and MCUs
// overhang its edges) encoded the ways cameras, phones and editors write JPEGs, with libjpeg-turbo's
// cjpeg (Debian: apt-get install libjpeg-turbo-progs). The unit tests read each with the reduced-scale
// reader (app/platform/adapters/ai/embedded/jpeg-blocks.ts) and compare it with jpeg-js's full decode.
// The files are committed; run `node tests/tools/make-jpeg-fixtures.mjs` to write them again.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const out = fileURLToPath(new URL("../fixtures/jpeg/", import.meta.url));
export const FIXTURE_SIZE = { width: 203, height: 157 };

/**
 * The picture: colours that change slowly (so chroma subsampling loses nothing a block mean would
 * show), fine brightness texture and a few hard brightness edges (so sharpness has something to measure).
 */
export function fixturePixels({ width, height } = FIXTURE_SIZE) {
  const rgb = new Uint8Array(width * height * 3);
  let seed = 12345;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const base = [60 + (140 * x) / width, 80 + (100 * y) / height, 200 - (120 * x) / width];
      const texture = (random() - 0.5) * 36 + ((x >> 4) % 2 === (y >> 4) % 2 ? 25 : -25);
      for (let c = 0; c < 3; c++)
        rgb[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(base[c] + texture)));
    }
  return rgb;
}

export const FIXTURES = {
  "baseline-420.jpg": ["-quality", "88"],
  "baseline-420-restarts.jpg": ["-quality", "88", "-restart", "3B"],
  "baseline-422-optimized.jpg": ["-quality", "80", "-sample", "2x1", "-optimize"],
  "progressive-420.jpg": ["-quality", "88", "-progressive"],
  "progressive-444-restarts.jpg": ["-quality", "92", "-progressive", "-sample", "1x1", "-restart", "2"],
  "progressive-grey.jpg": ["-quality", "90", "-progressive", "-grayscale"],
  "baseline-rgb.jpg": ["-quality", "90", "-rgb"],
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { width, height } = FIXTURE_SIZE;
  const dir = mkdtempSync(join(tmpdir(), "jpeg-fixtures-"));
  const ppm = join(dir, "in.ppm");
  writeFileSync(ppm, Buffer.concat([Buffer.from(`P6\n${width} ${height}\n255\n`), fixturePixels()]));
  mkdirSync(out, { recursive: true });
  for (const [name, args] of Object.entries(FIXTURES)) {
    writeFileSync(join(out, name), execFileSync("cjpeg", [...args, ppm]));
    console.log(`tests/fixtures/jpeg/${name}`);
  }
  rmSync(dir, { recursive: true });
}
