/**
 * A small raster painter for the embedded default's composed images (the app screenshots): RGB
 * pixels, anti-aliased rounded rectangles and circles, pictures drawn scaled to cover a box, and
 * real text from an embedded font (./font-data.ts, DejaVu Sans rasterised at 32 px, 4-bit coverage),
 * scaled down by area sampling so it reads at 1x. No canvas API exists in workerd, hence this.
 * The result is encoded by ./png.ts.
 *
 * The font (about 16 KB gzip) is a module of its own beside the worker (`#lazy/fonts`,
 * workers/lazy-modules.mjs): only requests that paint load it, with `await loadFonts()` before any text.
 */
import { loadOnce } from "~/platform/load-once";
import type * as FontData from "./font-data";
import { encodePng, hexToRgb } from "./png";

export type Rgb = [number, number, number];
export type Weight = "regular" | "bold";

interface Glyph {
  advance: number;
  left: number;
  top: number;
  w: number;
  h: number;
  coverage: Float32Array;
}
interface Face {
  ascent: number;
  descent: number;
  glyphs: Map<number, Glyph>;
}

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

const fontData = loadOnce(() => import("#lazy/fonts"));
let font: typeof FontData | null = null;
/** Loads the font (once per isolate): painters await it before they measure or draw text. */
export async function loadFonts(): Promise<void> {
  font = await fontData();
}
function loadedFont(): typeof FontData {
  if (!font) throw new Error("canvas: the font is not loaded (await loadFonts() before drawing text)");
  return font;
}

const faces = new Map<Weight, Face>();
/** The face, unpacked on first use (once per isolate). */
function faceOf(weight: Weight): Face {
  const cached = faces.get(weight);
  if (cached) return cached;
  const { BOLD, REGULAR } = loadedFont();
  const source = weight === "bold" ? BOLD : REGULAR;
  const bytes = decodeBase64(source.data);
  const glyphs = new Map<number, Glyph>();
  for (const [code, advance, left, top, w, h, offset] of source.glyphs) {
    const coverage = new Float32Array(w * h);
    for (let i = 0; i < w * h; i++) {
      const byte = bytes[offset + (i >> 1)] ?? 0;
      coverage[i] = ((i & 1 ? byte & 15 : byte >> 4) * 17) / 255;
    }
    glyphs.set(code, { advance, left, top, w, h, coverage });
  }
  const face = { ascent: source.ascent, descent: source.descent, glyphs };
  faces.set(weight, face);
  return face;
}

/** Characters the font lacks are drawn as their nearest ASCII (quotes, dashes) or a '?'. */
const FALLBACK: Record<string, string> = { "‘": "'", "—": "–", "·": "•", é: "e", è: "e", à: "a", ü: "u", ö: "o" };
function glyphOf(face: Face, ch: string): Glyph {
  return (
    face.glyphs.get(ch.codePointAt(0) ?? 63) ??
    face.glyphs.get((FALLBACK[ch] ?? "?").codePointAt(0)!) ??
    face.glyphs.get(63)!
  );
}

/** The width of `text` at `size` px; `tracking` is extra space after every character, in px. */
export function measureText(text: string, size: number, weight: Weight = "regular", tracking = 0): number {
  const face = faceOf(weight);
  let width = 0;
  let count = 0;
  for (const ch of text) {
    width += glyphOf(face, ch).advance;
    count++;
  }
  return (width * size) / loadedFont().FONT_SIZE + tracking * Math.max(0, count - 1);
}

/** Catmull-Rom weights of the four samples around a point `t` (0–1) past the second. */
function cubicWeights(t: number): [number, number, number, number] {
  const t2 = t * t;
  const t3 = t2 * t;
  return [(-t3 + 2 * t2 - t) / 2, (3 * t3 - 5 * t2 + 2) / 2, (-3 * t3 + 4 * t2 + t) / 2, (t3 - t2) / 2];
}

/**
 * A glyph's coverage at (x, y) in its own pixels, interpolated (Catmull-Rom) between its sixteen
 * nearest pixels: text drawn larger than the font's size then has smooth curves rather than blocks.
 */
function smoothCoverage(g: Glyph, x: number, y: number): number {
  const fx = x - 0.5;
  const fy = y - 0.5;
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const wx = cubicWeights(fx - x0);
  const wy = cubicWeights(fy - y0);
  let sum = 0;
  for (let j = 0; j < 4; j++) {
    const py = y0 - 1 + j;
    if (py < 0 || py >= g.h) continue;
    let row = 0;
    for (let i = 0; i < 4; i++) {
      const px = x0 - 1 + i;
      if (px >= 0 && px < g.w) row += g.coverage[py * g.w + px]! * wx[i]!;
    }
    sum += row * wy[j]!;
  }
  return sum;
}

/** `text` broken into lines no wider than `maxWidth` (a word longer than a line is cut), at most `maxLines` (the last ends in '…'). */
export function wrapText(
  text: string,
  size: number,
  maxWidth: number,
  maxLines = 99,
  weight: Weight = "regular",
): string[] {
  const words = text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (measureText(candidate, size, weight) <= maxWidth || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
    while (measureText(line, size, weight) > maxWidth && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && measureText(line.slice(0, cut), size, weight) > maxWidth) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last && measureText(`${last}…`, size, weight) > maxWidth) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.trimEnd()}…`;
  return kept;
}

export const rgbOf = (colour: string | Rgb): Rgb => (typeof colour === "string" ? hexToRgb(colour) : colour);

/** Relative luminance (WCAG), for picking readable text on a colour. */
export function luminance(colour: string | Rgb): number {
  const [r, g, b] = rgbOf(colour).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** White or near-black, whichever reads better on `background`. */
export const textOn = (background: string | Rgb): Rgb =>
  1.05 / (luminance(background) + 0.05) >= (luminance(background) + 0.05) / 0.06 ? [255, 255, 255] : [27, 27, 31];

export const mixRgb = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

/** Decoded RGB pixels of a picture. */
export interface Picture {
  width: number;
  height: number;
  rgb: Uint8Array;
}

export class Canvas {
  readonly rgb: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: string | Rgb = "#ffffff",
  ) {
    this.rgb = new Uint8Array(width * height * 3);
    const [r, g, b] = rgbOf(background);
    for (let i = 0; i < width * height; i++) {
      this.rgb[i * 3] = r;
      this.rgb[i * 3 + 1] = g;
      this.rgb[i * 3 + 2] = b;
    }
  }

  /** Blends `colour` into one pixel with coverage `alpha` (0–1). */
  blend(x: number, y: number, colour: Rgb, alpha: number) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || alpha <= 0) return;
    const at = (y * this.width + x) * 3;
    const a = Math.min(1, alpha);
    this.rgb[at] = this.rgb[at]! + (colour[0] - this.rgb[at]!) * a;
    this.rgb[at + 1] = this.rgb[at + 1]! + (colour[1] - this.rgb[at + 1]!) * a;
    this.rgb[at + 2] = this.rgb[at + 2]! + (colour[2] - this.rgb[at + 2]!) * a;
  }

  /**
   * A rectangle with rounded corners (radius r), anti-aliased at its edge; `opacity` below 1 tints.
   * `clip` keeps the shape inside another rounded box (a screen's corners).
   */
  roundRect(x: number, y: number, w: number, h: number, r: number, colour: string | Rgb, opacity = 1) {
    const c = rgbOf(colour);
    const radius = Math.max(0, Math.min(r, w / 2, h / 2));
    for (let py = Math.max(0, Math.floor(y)); py < Math.min(this.height, Math.ceil(y + h)); py++) {
      for (let px = Math.max(0, Math.floor(x)); px < Math.min(this.width, Math.ceil(x + w)); px++) {
        const cx = px + 0.5;
        const cy = py + 0.5;
        // Distance outside the rounded box (negative inside): one pixel of falloff is the anti-aliasing.
        const qx = Math.abs(cx - (x + w / 2)) - (w / 2 - radius);
        const qy = Math.abs(cy - (y + h / 2)) - (h / 2 - radius);
        const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
        const coverage = Math.min(1, Math.max(0, 0.5 - outside));
        if (coverage > 0) this.blend(px, py, c, coverage * opacity);
      }
    }
  }

  /** A rounded outline `stroke` px wide. */
  roundRectOutline(x: number, y: number, w: number, h: number, r: number, stroke: number, colour: string | Rgb) {
    const c = rgbOf(colour);
    const radius = Math.max(0, Math.min(r, w / 2, h / 2));
    for (let py = Math.max(0, Math.floor(y)); py < Math.min(this.height, Math.ceil(y + h)); py++) {
      for (let px = Math.max(0, Math.floor(x)); px < Math.min(this.width, Math.ceil(x + w)); px++) {
        const qx = Math.abs(px + 0.5 - (x + w / 2)) - (w / 2 - radius);
        const qy = Math.abs(py + 0.5 - (y + h / 2)) - (h / 2 - radius);
        const d = Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
        const coverage = Math.min(1, Math.max(0, 0.5 - d)) * Math.min(1, Math.max(0, 0.5 + d + stroke));
        if (coverage > 0) this.blend(px, py, c, coverage);
      }
    }
  }

  circle(cx: number, cy: number, r: number, colour: string | Rgb, opacity = 1) {
    this.roundRect(cx - r, cy - r, r * 2, r * 2, r, colour, opacity);
  }

  /** A vertical gradient between two colours over a box. */
  gradient(x: number, y: number, w: number, h: number, top: string | Rgb, bottom: string | Rgb) {
    const a = rgbOf(top);
    const b = rgbOf(bottom);
    for (let py = Math.max(0, y); py < Math.min(this.height, y + h); py++) {
      const c = mixRgb(a, b, (py - y) / Math.max(1, h - 1));
      for (let px = Math.max(0, x); px < Math.min(this.width, x + w); px++) this.blend(px, py, c, 1);
    }
  }

  /**
   * Draws `picture` scaled to cover the box (cropped to its middle), with the box's corners rounded
   * by `radius`. Each pixel averages the picture's pixels under it (a box filter), so shrinking stays smooth.
   */
  drawPicture(picture: Picture, x: number, y: number, w: number, h: number, radius = 0) {
    const scale = Math.max(w / picture.width, h / picture.height);
    const sx0 = (picture.width - w / scale) / 2;
    const sy0 = (picture.height - h / scale) / 2;
    const step = 1 / scale;
    const samples = Math.max(1, Math.min(4, Math.ceil(step)));
    for (let py = 0; py < h; py++) {
      for (let px = 0; px < w; px++) {
        let r = 0;
        let g = 0;
        let b = 0;
        for (let j = 0; j < samples; j++)
          for (let i = 0; i < samples; i++) {
            const sx = Math.min(picture.width - 1, Math.floor(sx0 + (px + (i + 0.5) / samples) * step));
            const sy = Math.min(picture.height - 1, Math.floor(sy0 + (py + (j + 0.5) / samples) * step));
            const at = (sy * picture.width + sx) * 3;
            r += picture.rgb[at]!;
            g += picture.rgb[at + 1]!;
            b += picture.rgb[at + 2]!;
          }
        const n = samples * samples;
        let coverage = 1;
        if (radius > 0) {
          const qx = Math.abs(px + 0.5 - w / 2) - (w / 2 - radius);
          const qy = Math.abs(py + 0.5 - h / 2) - (h / 2 - radius);
          const d = Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
          coverage = Math.min(1, Math.max(0, 0.5 - d));
        }
        this.blend(Math.round(x) + px, Math.round(y) + py, [r / n, g / n, b / n], coverage);
      }
    }
  }

  /**
   * Draws one line of text with its top at `y` (the line box is size × 1.2 tall); answers its width.
   * At or below the font's size each pixel's coverage is the glyph's coverage sampled on a sub-pixel
   * grid over the pixel. Larger, the coverage is interpolated and its edge sharpened back to about a
   * pixel, so a title at two or three times the font's size keeps clean outlines.
   * `tracking` is extra space after every character, in px (spaced capitals).
   */
  text(
    text: string,
    x: number,
    y: number,
    size: number,
    colour: string | Rgb,
    weight: Weight = "regular",
    tracking = 0,
  ): number {
    const face = faceOf(weight);
    const c = rgbOf(colour);
    const scale = size / loadedFont().FONT_SIZE;
    // The line box: the font's ascent and descent, centred in size × 1.2.
    const lineTop = y + (size * 1.2 - (face.ascent + face.descent) * scale) / 2;
    const n = Math.max(2, Math.min(5, Math.ceil(2 / scale)));
    const large = scale > 1.15;
    let pen = x;
    for (const ch of text) {
      const g = glyphOf(face, ch);
      if (g.w > 0) {
        const gx = pen + g.left * scale;
        const gy = lineTop + g.top * scale;
        const x0 = Math.floor(gx - (large ? scale : 0));
        const y0 = Math.floor(gy - (large ? scale : 0));
        const x1 = Math.ceil(gx + (g.w + (large ? 1 : 0)) * scale);
        const y1 = Math.ceil(gy + (g.h + (large ? 1 : 0)) * scale);
        for (let py = y0; py < y1; py++) {
          for (let px = x0; px < x1; px++) {
            let coverage: number;
            if (large) {
              const raw = smoothCoverage(g, (px + 0.5 - gx) / scale, (py + 0.5 - gy) / scale);
              // The interpolated edge is `scale` pixels wide: steepen it around half coverage, to about
              // a pixel and a half (any sharper shows the 32 px outline's steps).
              coverage = Math.min(1, Math.max(0, (raw - 0.5) * scale * 0.65 + 0.5));
            } else {
              let sum = 0;
              for (let j = 0; j < n; j++) {
                const sy = Math.floor((py + (j + 0.5) / n - gy) / scale);
                if (sy < 0 || sy >= g.h) continue;
                for (let i = 0; i < n; i++) {
                  const sx = Math.floor((px + (i + 0.5) / n - gx) / scale);
                  if (sx >= 0 && sx < g.w) sum += g.coverage[sy * g.w + sx]!;
                }
              }
              coverage = sum / (n * n);
            }
            if (coverage > 0) this.blend(px, py, c, coverage);
          }
        }
      }
      pen += g.advance * scale + tracking;
    }
    return pen - x - (text.length > 0 ? tracking : 0);
  }

  /** Lines of text from `y`, `lineHeight` apart; answers the y below the last line. */
  lines(
    lines: string[],
    x: number,
    y: number,
    size: number,
    colour: string | Rgb,
    weight: Weight = "regular",
    lineHeight = size * 1.3,
  ): number {
    lines.forEach((line, i) => this.text(line, x, y + i * lineHeight, size, colour, weight));
    return y + lines.length * lineHeight;
  }

  /** Text centred on `cx`. */
  centredText(text: string, cx: number, y: number, size: number, colour: string | Rgb, weight: Weight = "regular") {
    this.text(text, cx - measureText(text, size, weight) / 2, y, size, colour, weight);
  }

  png(): Promise<Uint8Array> {
    return encodePng(this.width, this.height, this.rgb);
  }
}
