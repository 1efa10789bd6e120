/**
 * A JPEG's pixels, within a Worker's 128 MB, whatever its size:
 * - up to 3.2 megapixels, every pixel, decoded with jpeg-js (a pure-JavaScript baseline and progressive
 *   decoder that runs in a Worker). It needs about 20 MB a megapixel (2048 × 1536 decodes in about
 *   0.6 s within 64 MB; a 12-megapixel photo would need over 200 MB), so it is bounded at that size;
 * - a larger photo (a phone camera's full-size 12-megapixel one, up to 64 megapixels), one pixel per
 *   8×8 block, each its block's mean, with sharpness measured at full resolution in sampled blocks
 *   (`jpeg-blocks.ts`: a few MB, about 0.2 s for 12 megapixels).
 * A file neither reads (arithmetic coding, 12-bit, CMYK, truncated) answers null; callers then state
 * the size only.
 *
 * Both are modules of their own beside the worker (workers/lazy-modules.mjs): only photo analysis loads them.
 */
import { loadOnce } from "~/platform/load-once";
import { imageFacts } from "./measure";

const jpegJs = loadOnce(() => import("jpeg-js"));
const jpegBlocks = loadOnce(() => import("#lazy/jpeg-blocks"));

export const JPEG_MAX_MEGAPIXELS = 3.2;
/** The largest photo read at one eighth of its size (the time to read it grows with its size). */
export const JPEG_REDUCED_MAX_MEGAPIXELS = 64;

export async function decodeJpeg(
  bytes: Uint8Array,
): Promise<{ width: number; height: number; rgb: Uint8Array } | null> {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  // Outside the try: a library that does not load is the worker's failure, not the photo's.
  const { decode } = await jpegJs();
  try {
    const image = decode(bytes, {
      useTArray: true,
      formatAsRGBA: false,
      maxResolutionInMP: JPEG_MAX_MEGAPIXELS,
      maxMemoryUsageInMB: 64,
    });
    return { width: image.width, height: image.height, rgb: image.data };
  } catch {
    // Too large, truncated or an encoding it does not read (arithmetic coding, 12-bit).
    return null;
  }
}

/** A photo read at one eighth of its size: its own size, one pixel per 8×8 block, and its sharpness. */
export interface ReducedJpeg {
  width: number;
  height: number;
  /** The blocks' means: rgb is blocksWide × blocksHigh. */
  blocksWide: number;
  blocksHigh: number;
  rgb: Uint8Array;
  /** The variance of the Laplacian of the brightness at full resolution, in sampled blocks; null when not measured. */
  sharpness: number | null;
}

export async function decodeJpegReduced(bytes: Uint8Array): Promise<ReducedJpeg | null> {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const { decodeJpegBlocks } = await jpegBlocks();
  try {
    const read = decodeJpegBlocks(bytes, { maxMegapixels: JPEG_REDUCED_MAX_MEGAPIXELS });
    return {
      width: read.width,
      height: read.height,
      blocksWide: read.blocksWide,
      blocksHigh: read.blocksHigh,
      rgb: read.rgb,
      sharpness: read.sharpness,
    };
  } catch {
    return null;
  }
}

/**
 * A JPEG's pixels for measuring: every pixel when it is small enough (`reduced` null), else one per
 * block with the photo's own size and sharpness in `reduced`.
 */
export async function jpegPixels(
  bytes: Uint8Array,
): Promise<{ width: number; height: number; rgb: Uint8Array; reduced: ReducedJpeg | null } | null> {
  const facts = imageFacts(bytes);
  if (facts?.format !== "JPEG") return null;
  if (facts.width * facts.height <= JPEG_MAX_MEGAPIXELS * 1_000_000) {
    const whole = await decodeJpeg(bytes);
    if (whole) return { ...whole, reduced: null };
  }
  const reduced = await decodeJpegReduced(bytes);
  return reduced && { width: reduced.blocksWide, height: reduced.blocksHigh, rgb: reduced.rgb, reduced };
}
