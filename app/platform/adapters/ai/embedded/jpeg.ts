/**
 * Decodes a JPEG (what phones take) to RGB pixels with jpeg-js, a pure-JavaScript baseline and
 * progressive decoder that runs in a Worker. Bounded: a photo over 24 megapixels, or one needing more
 * than 96 MB, is not decoded (a Worker has 128 MB), and a file it cannot read answers null; callers
 * then state the size only.
 */
import { decode } from "jpeg-js";

export const JPEG_MAX_MEGAPIXELS = 24;

export function decodeJpeg(bytes: Uint8Array): { width: number; height: number; rgb: Uint8Array } | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  try {
    const image = decode(bytes, {
      useTArray: true,
      formatAsRGBA: false,
      maxResolutionInMP: JPEG_MAX_MEGAPIXELS,
      maxMemoryUsageInMB: 96,
    });
    return { width: image.width, height: image.height, rgb: image.data };
  } catch {
    // Too large, truncated or an encoding it does not read (arithmetic coding, 12-bit).
    return null;
  }
}
