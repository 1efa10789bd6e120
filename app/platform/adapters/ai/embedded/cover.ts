/**
 * The embedded default's pictures when no model draws them: a designed cover. The words the caller
 * gives (a title, and a short subtitle and kicker when it has them) are set in type on a composition
 * of flat geometric shapes in the theme's colours: a field of the primary colour, shapes in the
 * accent and background colours, and text in whichever of white or near-black reads best on the
 * field (the field is deepened until it does). The same words give the same cover; other words
 * another arrangement of shapes. The text keeps to a safe area, so a cover cropped to 16:9 (a
 * dashboard thumbnail) or shown small still reads.
 *
 * Pure and fast: tens of milliseconds at 960 px (every shape is measured only within its own bounds).
 * Drawn by ./canvas.ts, which loads the font (`#lazy/fonts`) on the first cover.
 */
import { Canvas, loadFonts, luminance, measureText, mixRgb, rgbOf, textOn, wrapText, type Rgb } from "./canvas";
import type { CoverWords } from "../provider";
import { hashOf, seededRandom } from "./random";

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** The WCAG contrast ratio of two colours (1–21). */
export function contrastOf(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

interface CoverPalette {
  /** The field behind the words: the primary colour, deepened (or lightened) until the text reads on it. */
  field: Rgb;
  /** A second tone of the field, for the gradient and the shapes' shadows. */
  deep: Rgb;
  accent: Rgb;
  /** The theme's background colour: the light shapes. */
  paper: Rgb;
  text: Rgb;
  /** The subtitle: the text's colour softened towards the field, as far as it still reads (4.5:1). */
  soft: Rgb;
  /** The kicker: the accent where it reads on the field as small text does (4.5:1), else the text's colour. */
  kicker: Rgb;
  /** The rule under the title: the accent where it stands out (3:1), else the text's colour. */
  mark: Rgb;
}

const DEFAULT_PALETTE = ["#1f6f5c", "#f2a541", "#faf7f2"];

/** The cover's colours from the theme's (#rrggbb: primary, accent, background). */
export function coverPalette(palette: readonly string[]): CoverPalette {
  const [primary, accent, background] = [0, 1, 2].map((i) => rgbOf(palette[i] ?? DEFAULT_PALETTE[i]!)) as [
    Rgb,
    Rgb,
    Rgb,
  ];
  // The text first, then a field it reads on at 4.5:1 (normal text's level; the title is large).
  const text = textOn(primary);
  let field = primary;
  const away = text[0] > 128 ? BLACK : WHITE;
  for (let t = 0.08; contrastOf(field, text) < 4.5 && t <= 0.8; t += 0.08) field = mixRgb(primary, away, t);
  const deep = mixRgb(field, away, 0.22);
  // Shapes must stand apart from the field: an accent too close to it is pushed towards the paper or the ink.
  let shape = accent;
  for (let t = 0.15; contrastOf(shape, field) < 1.6 && t <= 0.9; t += 0.15) shape = mixRgb(accent, text, t);
  let paper = background;
  // A background too close to the field (a light theme's cream on a pale primary): a darker tone of the field.
  if (contrastOf(paper, field) < 1.4) paper = mixRgb(field, text, 0.28);
  const soft = [0.15, 0.1, 0.05].map((t) => mixRgb(text, field, t)).find((c) => contrastOf(c, field) >= 4.5) ?? text;
  const kicker = contrastOf(shape, field) >= 4.5 ? shape : text;
  const mark = contrastOf(shape, field) >= 3 ? shape : text;
  return { field, deep, accent: shape, paper, text, soft, kicker, mark };
}

type Distance = (x: number, y: number) => number;
type Bounds = [x0: number, y0: number, x1: number, y1: number];

/**
 * Fills the pixels of a shape given by its signed distance (negative inside), anti-aliased over one
 * pixel, within `bounds` (keep them tight: every pixel in them is measured).
 */
function fill(canvas: Canvas, [x0, y0, x1, y1]: Bounds, distance: Distance, colour: Rgb, opacity = 1) {
  const { rgb, width } = canvas;
  for (let py = Math.max(0, Math.floor(y0)); py < Math.min(canvas.height, Math.ceil(y1)); py++)
    for (let px = Math.max(0, Math.floor(x0)); px < Math.min(width, Math.ceil(x1)); px++) {
      const coverage = Math.min(1, Math.max(0, 0.5 - distance(px + 0.5, py + 0.5))) * opacity;
      if (coverage >= 1) {
        const at = (py * width + px) * 3;
        rgb[at] = colour[0];
        rgb[at + 1] = colour[1];
        rgb[at + 2] = colour[2];
      } else if (coverage > 0) canvas.blend(px, py, colour, coverage);
    }
}

const circle =
  (cx: number, cy: number, r: number): Distance =>
  (x, y) =>
    Math.hypot(x - cx, y - cy) - r;
const box =
  (bx: number, by: number, bw: number, bh: number): Distance =>
  (x, y) => {
    const qx = Math.abs(x - (bx + bw / 2)) - bw / 2;
    const qy = Math.abs(y - (by + bh / 2)) - bh / 2;
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0);
  };
/** Rings of `width` around (cx, cy) at each of `radii`. */
const rings =
  (cx: number, cy: number, radii: number[], width: number): Distance =>
  (x, y) => {
    const d = Math.hypot(x - cx, y - cy);
    let nearest = Infinity;
    for (const r of radii) nearest = Math.min(nearest, Math.abs(d - r));
    return nearest - width / 2;
  };
const both =
  (a: Distance, b: Distance): Distance =>
  (x, y) =>
    Math.max(a(x, y), b(x, y));
const either =
  (a: Distance, b: Distance): Distance =>
  (x, y) =>
    Math.min(a(x, y), b(x, y));
/** The half-plane on the left of the line from (ax, ay) to (bx, by). */
const side =
  (ax: number, ay: number, bx: number, by: number): Distance =>
  (x, y) => {
    const length = Math.hypot(bx - ax, by - ay) || 1;
    return ((x - ax) * (by - ay) - (y - ay) * (bx - ax)) / length;
  };

interface Area {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The part of `bounds` inside `area`. */
const within = (area: Area, [x0, y0, x1, y1]: Bounds): Bounds => [
  Math.max(area.x, x0),
  Math.max(area.y, y0),
  Math.min(area.x + area.w, x1),
  Math.min(area.y + area.h, y1),
];
const around = (cx: number, cy: number, r: number): Bounds => [cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1];

/**
 * A grid of square tiles, each one flat figure (a quarter or half disc, a disc, a triangle, rings,
 * stripes) in the accent, paper or deep tone on a tile of another: the Bauhaus poster's grammar.
 */
function tiles(canvas: Canvas, area: Area, p: CoverPalette, random: () => number) {
  // Two tiles across the short side, as many as fit along the long one.
  const size = Math.floor(Math.min(area.w, area.h) / 2);
  const cols = Math.max(1, Math.floor(area.w / size + 0.01));
  const rows = Math.max(1, Math.floor(area.h / size + 0.01));
  const left = Math.round(area.x + (area.w - cols * size) / 2);
  const top = Math.round(area.y + (area.h - rows * size) / 2);
  const tones: Rgb[] = [p.accent, p.paper, p.deep, p.field];
  for (let row = 0; row < rows; row++)
    for (let col = 0; col < cols; col++) {
      const x = left + col * size;
      const y = top + row * size;
      const cell = box(x, y, size, size);
      const bounds: Bounds = [x, y, x + size, y + size];
      const ground = tones[Math.floor(random() * tones.length)]!;
      let figure = tones[Math.floor(random() * tones.length)]!;
      if (figure === ground) figure = ground === p.accent ? p.paper : p.accent;
      fill(canvas, bounds, cell, ground);
      const corner = Math.floor(random() * 4);
      const [cx, cy] = [x + (corner % 2) * size, y + Math.floor(corner / 2) * size];
      switch (Math.floor(random() * 6)) {
        case 0: // a quarter disc from a corner
          fill(canvas, bounds, both(cell, circle(cx, cy, size)), figure);
          break;
        case 1: {
          // a half disc standing on one edge
          const [ex, ey] =
            corner < 2 ? [x + size / 2, corner === 0 ? y + size : y] : [corner === 2 ? x : x + size, y + size / 2];
          fill(canvas, bounds, both(cell, circle(ex, ey, size / 2)), figure);
          break;
        }
        case 2: // a disc in the middle
          fill(canvas, bounds, circle(x + size / 2, y + size / 2, size * 0.36), figure);
          break;
        case 3: // half the tile, cut on a diagonal
          fill(
            canvas,
            bounds,
            both(cell, corner % 2 ? side(x, y, x + size, y + size) : side(x + size, y, x, y + size)),
            figure,
          );
          break;
        case 4: // rings around a corner
          fill(
            canvas,
            bounds,
            both(
              cell,
              rings(
                cx,
                cy,
                [0.25, 0.5, 0.75, 1].map((k) => k * size),
                size * 0.09,
              ),
            ),
            figure,
          );
          break;
        default: // stripes across the tile
          for (let i = 0; i < 4; i++) {
            const sy = y + (i + 0.25) * (size / 4);
            fill(canvas, [x, sy - 1, x + size, sy + size / 8 + 1], box(x, sy, size, size / 8), figure);
          }
      }
    }
}

/**
 * A large disc of the accent with the lower half cut by bands of the field (a sunset), rings of the
 * paper tone around it that stay clear of the words' side, and a few dots.
 */
function sun(canvas: Canvas, area: Area, p: CoverPalette, random: () => number) {
  let r = Math.min(area.w, area.h) * (0.34 + random() * 0.1);
  const cx = area.x + area.w * (0.45 + random() * 0.25);
  let cy = area.y + area.h * (0.35 + random() * 0.3);
  // The disc, its rings and dots may run off the picture's edge, never across the edge it shares with the words.
  const inner = {
    left: area.x > 0,
    top: area.y > 0,
    right: area.x + area.w < canvas.width,
    bottom: area.y + area.h < canvas.height,
  };
  if (inner.bottom) cy = Math.min(cy, area.y + area.h - r - 4);
  if (inner.top) cy = Math.max(cy, area.y + r + 4);
  const roomAt = (x: number, y: number) =>
    Math.min(
      inner.left ? x - area.x : Infinity,
      inner.right ? area.x + area.w - x : Infinity,
      inner.top ? y - area.y : Infinity,
      inner.bottom ? area.y + area.h - y : Infinity,
    ) - 2;
  const room = roomAt(cx, cy);
  // Room for the disc and at least two rings.
  r = Math.max(4, Math.min(r, room / 1.6));
  const radii = [1, 2, 3, 4].map((i) => r + i * r * 0.28).filter((radius) => radius < room);
  const stroke = Math.max(2, r * 0.05);
  if (radii.length)
    fill(canvas, within(area, around(cx, cy, radii.at(-1)! + stroke)), rings(cx, cy, radii, stroke), p.paper, 0.4);
  const disc = circle(cx, cy, r);
  fill(canvas, within(area, around(cx, cy, r)), disc, p.accent);
  for (let k = 0; k < 4; k++) {
    const y = cy + r * (0.12 + k * 0.22);
    const h = r * (0.035 + k * 0.03);
    fill(
      canvas,
      within(area, [cx - r - 1, y - 1, cx + r + 1, y + h + 1]),
      both(disc, box(cx - r, y, r * 2, h)),
      p.field,
    );
  }
  const dots = 3 + Math.floor(random() * 3);
  for (let i = 0; i < dots; i++) {
    const angle = random() * Math.PI * 2;
    const d = r * (1.3 + random() * 0.9);
    const [dx, dy, dr] = [cx + Math.cos(angle) * d, cy + Math.sin(angle) * d, r * 0.07];
    if (roomAt(dx, dy) > dr) fill(canvas, within(area, around(dx, dy, dr)), circle(dx, dy, dr), p.paper);
  }
}

/** Arches standing on the area's foot, nested in alternating tones, beside a small disc. */
function arches(canvas: Canvas, area: Area, p: CoverPalette, random: () => number) {
  const count = 2 + Math.floor(random() * 2);
  const width = area.w / count;
  const foot = area.y + area.h;
  const tones: Rgb[] = random() < 0.5 ? [p.accent, p.paper, p.deep] : [p.paper, p.accent, p.deep];
  for (let i = 0; i < count; i++) {
    const cx = area.x + width * (i + 0.5);
    const outer = width / 2;
    const tall = area.h * (0.55 + random() * 0.35);
    const legs = Math.max(0, tall - outer);
    // One arch: a column of the arch's width topped by a half disc, nested three times.
    for (let k = 0; k < 3; k++) {
      const r = outer * (1 - k * 0.3);
      const shape = either(circle(cx, foot - legs, r), box(cx - r, foot - legs, r * 2, legs + 1));
      fill(
        canvas,
        within(area, [cx - r - 1, foot - legs - r - 1, cx + r + 1, foot]),
        shape,
        tones[(i + k) % tones.length]!,
      );
    }
  }
  const r = Math.min(area.w, area.h) * 0.09;
  const [dx, dy] = [area.x + area.w * (0.15 + random() * 0.7), area.y + r * 1.6];
  fill(canvas, within(area, around(dx, dy, r)), circle(dx, dy, r), p.accent);
}

const MOTIFS = [tiles, sun, arches];

/** The words set in type within `area`: kicker, title (as large as fits in two or three lines), a rule, subtitle. */
function words(canvas: Canvas, area: Area, cover: CoverWords, p: CoverPalette, scale: number) {
  const title = cover.title.replace(/\s+/g, " ").trim() || "Untitled";
  const kicker = cover.kicker?.replace(/\s+/g, " ").trim().toUpperCase() ?? "";
  const subtitle = cover.subtitle?.replace(/\s+/g, " ").trim() ?? "";
  let kickerSize = Math.max(9, Math.round(scale * 0.034));
  const subtitleSize = Math.max(10, Math.round(scale * 0.046));
  // The largest title size whose lines fit the width in two lines (three for a long title), and no
  // larger than two and a half times the font's own 32 px.
  let size = Math.min(80, Math.round(scale * 0.15));
  const least = Math.max(12, Math.round(scale * 0.07));
  let lines = wrapText(title, size, area.w, 99, "bold");
  while (size > least && (lines.length > 2 || lines.some((l) => measureText(l, size, "bold") > area.w))) {
    size = Math.max(least, Math.round(size * 0.92));
    lines = wrapText(title, size, area.w, 99, "bold");
    if (lines.length === 3 && size <= scale * 0.1) break;
  }
  lines = wrapText(title, size, area.w, 3, "bold");
  const lineHeight = size * 1.08;
  const subtitleLines = subtitle ? wrapText(subtitle, subtitleSize, area.w * 0.92, 2) : [];
  const gap = Math.round(scale * 0.03);
  const height =
    (kicker ? kickerSize * 1.2 + gap : 0) +
    lines.length * lineHeight +
    gap * 1.6 +
    (subtitleLines.length ? subtitleLines.length * subtitleSize * 1.3 : 0);
  let y = area.y + Math.max(0, (area.h - height) / 2);
  if (kicker) {
    // Spaced capitals; a long kicker is spaced less, then set smaller, then cut.
    const least = Math.max(9, Math.round(kickerSize * 0.8));
    let tracking = kickerSize * 0.16;
    const fits = () => measureText(kicker, kickerSize, "bold", tracking) <= area.w;
    if (!fits()) tracking = kickerSize * 0.08;
    while (!fits() && kickerSize > least) {
      kickerSize -= 1;
      tracking = kickerSize * 0.08;
    }
    let shown = kicker;
    while (shown.length > 1 && measureText(shown, kickerSize, "bold", tracking) > area.w)
      shown = `${shown.slice(0, -2).trimEnd()}…`;
    canvas.text(shown, area.x, y, kickerSize, p.kicker, "bold", tracking);
    y += kickerSize * 1.2 + gap;
  }
  lines.forEach((line, i) => canvas.text(line, area.x - size * 0.04, y + i * lineHeight, size, p.text, "bold"));
  // Below the last line's descenders.
  y += lines.length * lineHeight + size * 0.16 + gap * 0.3;
  canvas.roundRect(area.x, y, Math.max(16, scale * 0.09), Math.max(3, scale * 0.012), scale * 0.006, p.mark);
  y += gap * 1.1;
  canvas.lines(subtitleLines, area.x, y, subtitleSize, p.soft, "regular", subtitleSize * 1.3);
}

/**
 * Paints a designed cover of `width` × `height` for the words, in the palette's colours
 * (#rrggbb: primary, accent, background); answers the PNG.
 */
export async function paintCover(
  cover: CoverWords,
  width: number,
  height: number,
  palette: readonly string[],
): Promise<Uint8Array> {
  await loadFonts();
  return coverCanvas(cover, width, height, palette).png();
}

/** The cover's pixels (./paintCover encodes them); the font must be loaded. */
export function coverCanvas(cover: CoverWords, width: number, height: number, palette: readonly string[]): Canvas {
  const p = coverPalette(palette);
  const random = seededRandom(
    hashOf([cover.kicker ?? "", cover.title, cover.subtitle ?? "", cover.variant ?? ""].join("\n")),
  );
  const canvas = new Canvas(width, height, p.field);
  // A quiet gradient, top to bottom, from the field to its deeper tone.
  canvas.gradient(0, 0, width, height, p.field, mixRgb(p.field, p.deep, 0.6));
  const wide = width >= height * 1.15;
  // The margin keeps everything inside a 16:9 crop of a wider picture, and off the edge of a smaller one.
  const margin = Math.round(Math.min(width, height) * 0.09 + Math.max(0, width - height * (16 / 9)) / 2);
  const scale = wide ? height : Math.min(width * 0.62, height * 0.62);
  // Wide: the words on the left, the shapes on the right. Square or tall: the shapes above the words
  // (more of the height in a tall picture, whose words need less of it).
  const split = height > width * 1.3 ? 0.56 : 0.46;
  const text: Area = wide
    ? { x: margin, y: margin, w: width * 0.56 - margin, h: height - margin * 2 }
    : { x: margin, y: height * (split + 0.04), w: width - margin * 2, h: height * (0.96 - split) - margin * 0.8 };
  const art: Area = wide
    ? { x: width * 0.6, y: 0, w: width * 0.4, h: height }
    : { x: 0, y: 0, w: width, h: height * split };
  const motif = MOTIFS[Math.floor(random() * MOTIFS.length)]!;
  motif(canvas, art, p, random);
  words(canvas, text, cover, p, scale);
  return canvas;
}
