/**
 * What a photo's pixels say, measured without a model: how bright it is, its dominant colours and
 * how sharp it is (the variance of the Laplacian of its brightness, the usual focus measure). The
 * embedded analysis reports these for an uploaded image. Pure: it takes decoded RGB pixels, or a
 * large photo's pixels at a reduced scale with its own size and sharpness measured at full resolution.
 */

export interface ImageStats {
  width: number;
  height: number;
  /** Mean luma, 0 (black) to 255 (white). */
  brightness: number;
  brightnessWord: "very dark" | "dark" | "balanced" | "bright" | "very bright";
  /** Up to three colours, most common first, with their share of the picture (0–1). */
  dominant: { hex: string; name: string; share: number }[];
  /** Variance of the Laplacian over the brightness; higher is sharper. */
  sharpness: number;
  sharpnessWord: "blurry" | "soft" | "sharp";
}

/** The most pixels looked at: a large photo is sampled on a grid, which keeps the measures stable. */
const MAX_SAMPLES = 256;

const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

const NAMED: { name: string; rgb: [number, number, number] }[] = [
  { name: "black", rgb: [0, 0, 0] },
  { name: "white", rgb: [255, 255, 255] },
  { name: "grey", rgb: [128, 128, 128] },
  { name: "light grey", rgb: [200, 200, 200] },
  { name: "dark grey", rgb: [64, 64, 64] },
  { name: "red", rgb: [220, 30, 30] },
  { name: "dark red", rgb: [128, 0, 0] },
  { name: "orange", rgb: [255, 140, 0] },
  { name: "yellow", rgb: [240, 220, 30] },
  { name: "olive", rgb: [128, 128, 0] },
  { name: "green", rgb: [40, 170, 60] },
  { name: "dark green", rgb: [0, 90, 30] },
  { name: "teal", rgb: [0, 128, 128] },
  { name: "cyan", rgb: [0, 220, 230] },
  { name: "sky blue", rgb: [120, 190, 240] },
  { name: "blue", rgb: [30, 70, 220] },
  { name: "navy", rgb: [0, 0, 110] },
  { name: "purple", rgb: [120, 40, 160] },
  { name: "pink", rgb: [240, 130, 180] },
  { name: "magenta", rgb: [220, 0, 220] },
  { name: "brown", rgb: [130, 80, 40] },
  { name: "beige", rgb: [230, 210, 170] },
];

/** The nearest common colour name (by distance in RGB, weighted toward how eyes see it). */
export function colourName(r: number, g: number, b: number): string {
  let best = NAMED[0]!;
  let bestDistance = Infinity;
  for (const named of NAMED) {
    const [nr, ng, nb] = named.rgb;
    const d = 2 * (r - nr) ** 2 + 4 * (g - ng) ** 2 + 3 * (b - nb) ** 2;
    if (d < bestDistance) {
      bestDistance = d;
      best = named;
    }
  }
  return best.name;
}

const hex = (r: number, g: number, b: number) =>
  `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;

/** A photo read at a reduced scale: its own size, and its sharpness measured at full resolution (null: not measured there). */
export interface FullSize {
  width: number;
  height: number;
  sharpness: number | null;
}

/**
 * The measures of `width` × `height` RGB pixels. With `fullSize`, the pixels are a reduced copy of the
 * photo (a large JPEG's block means): brightness and colours come from them, the size is the photo's,
 * and so is the sharpness when it was measured at full resolution (else the reduced copy's, a rough one:
 * a copy's edges say little of focus).
 */
export function imageStats(width: number, height: number, rgb: Uint8Array, fullSize?: FullSize): ImageStats {
  const stepX = Math.max(1, Math.floor(width / MAX_SAMPLES));
  const stepY = Math.max(1, Math.floor(height / MAX_SAMPLES));
  const at = (x: number, y: number) => {
    const i = (y * width + x) * 3;
    return luma(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!);
  };
  let lumaSum = 0;
  let samples = 0;
  // Colours in 3-bit-per-channel bins (512), each bin's mean kept for an exact hex.
  const bins = new Map<number, { n: number; r: number; g: number; b: number }>();
  for (let y = 0; y < height; y += stepY) {
    for (let x = 0; x < width; x += stepX) {
      const i = (y * width + x) * 3;
      const r = rgb[i]!;
      const g = rgb[i + 1]!;
      const b = rgb[i + 2]!;
      lumaSum += luma(r, g, b);
      samples++;
      const key = ((r >> 5) << 6) | ((g >> 5) << 3) | (b >> 5);
      const bin = bins.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
      bin.n++;
      bin.r += r;
      bin.g += g;
      bin.b += b;
      bins.set(key, bin);
    }
  }
  // The Laplacian at sampled pixels, from their true neighbours (a grid of neighbours would blur it).
  let lapSum = 0;
  let lapSq = 0;
  let lapN = 0;
  for (let y = 1; y < height - 1; y += stepY) {
    for (let x = 1; x < width - 1; x += stepX) {
      const v = at(x - 1, y) + at(x + 1, y) + at(x, y - 1) + at(x, y + 1) - 4 * at(x, y);
      lapSum += v;
      lapSq += v * v;
      lapN++;
    }
  }
  const brightness = samples ? lumaSum / samples : 0;
  const sharpness = fullSize?.sharpness ?? (lapN ? lapSq / lapN - (lapSum / lapN) ** 2 : 0);
  const dominant = [...bins.values()]
    .sort((a, b) => b.n - a.n)
    .slice(0, 3)
    .filter((bin) => bin.n / samples >= 0.05)
    .map((bin) => {
      const [r, g, b] = [bin.r / bin.n, bin.g / bin.n, bin.b / bin.n];
      return { hex: hex(r, g, b), name: colourName(r, g, b), share: Math.round((bin.n / samples) * 100) / 100 };
    });
  return {
    width: fullSize?.width ?? width,
    height: fullSize?.height ?? height,
    brightness: Math.round(brightness),
    brightnessWord:
      brightness < 40
        ? "very dark"
        : brightness < 90
          ? "dark"
          : brightness < 170
            ? "balanced"
            : brightness < 220
              ? "bright"
              : "very bright",
    dominant,
    sharpness: Math.round(sharpness),
    sharpnessWord: sharpness < 20 ? "blurry" : sharpness < 150 ? "soft" : "sharp",
  };
}

/** The stats as one or two plain sentences. */
export function statsSentence(s: ImageStats): string {
  const colours = s.dominant.map((c) => `${c.name} (${Math.round(c.share * 100)}%)`).join(", ");
  return (
    `${s.width} × ${s.height} pixels, ${s.brightnessWord} (brightness ${s.brightness}/255), ` +
    `${s.sharpnessWord} (sharpness ${s.sharpness})` +
    (colours ? `; mostly ${colours}.` : ".")
  );
}
