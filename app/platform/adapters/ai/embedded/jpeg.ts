/**
 * Decodes a JPEG to RGB pixels with jpeg-js, a pure-JavaScript baseline and progressive decoder that
 * runs in a Worker. Bounded, since a Worker has 128 MB: jpeg-js needs about 20 MB a megapixel (2048 ×
 * 1536 decodes in about 0.6 s within 64 MB; a 12-megapixel photo needs over 200 MB), so a
 * photo over 3.2 megapixels is not decoded, and neither is a file it cannot read; callers then state
 * the size only.
 *
 * jpeg-js is a module of its own beside the worker (workers/lazy-modules.mjs): only photo analysis loads it.
 */
import { loadOnce } from "~/platform/load-once";

const jpegJs = loadOnce(() => import("jpeg-js"));

export const JPEG_MAX_MEGAPIXELS = 3.2;

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
