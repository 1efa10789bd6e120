/**
 * Media in R2 (simulated locally by wrangler): uploads are checked by their first bytes, not by
 * what the browser claims, stored under unique keys and served from /media/<key>.
 */
import type { AppContext } from "~/platform/context";

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

const SIGNATURES: { type: string; ext: string; test: (b: Uint8Array) => boolean }[] = [
  { type: "image/png", ext: "png", test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { type: "image/jpeg", ext: "jpg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/gif", ext: "gif", test: (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 },
  {
    type: "image/webp",
    ext: "webp",
    test: (b) =>
      b[0] === 0x52 &&
      b[1] === 0x49 &&
      b[2] === 0x46 &&
      b[3] === 0x46 &&
      b[8] === 0x57 &&
      b[9] === 0x45 &&
      b[10] === 0x42 &&
      b[11] === 0x50,
  },
];

/** The image type the bytes really are (PNG, JPEG, GIF or WebP), or null. */
export function sniffImage(bytes: Uint8Array): { type: string; ext: string } | null {
  const match = SIGNATURES.find((s) => bytes.length >= 12 && s.test(bytes));
  return match ? { type: match.type, ext: match.ext } : null;
}

export const MEDIA_PREFIXES = ["profile-photos/", "app-images/"] as const;
export const mediaUrl = (key: string) => `/media/${key}`;

export async function putImage(
  app: AppContext,
  prefix: (typeof MEDIA_PREFIXES)[number],
  owner: string,
  file: File,
): Promise<{ key: string } | { error: string }> {
  if (file.size > IMAGE_MAX_BYTES) return { error: "The photo must be 2 MB or smaller." };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImage(bytes);
  if (!kind) return { error: "The photo must be a PNG, JPEG, GIF or WebP image." };
  const key = `${prefix}${owner}/${crypto.randomUUID()}.${kind.ext}`;
  await app.bindings.MEDIA.put(key, bytes, { httpMetadata: { contentType: kind.type } });
  return { key };
}

export async function deleteMedia(app: AppContext, url: string | null) {
  if (!url?.startsWith("/media/")) return;
  await app.bindings.MEDIA.delete(url.slice("/media/".length));
}

/**
 * Stores an image the product made (an AI picture, a screenshot) under app-images/<owner>/<name>.<ext>
 * and answers its address. `name` is the caller's: a fixed one overwrites (a retried job), a fresh
 * one keeps earlier pictures for the versions that show them.
 */
export async function putGeneratedImage(
  app: AppContext,
  owner: string,
  name: string,
  image: { bytes: Uint8Array; contentType: string },
): Promise<string> {
  const kind = sniffImage(image.bytes);
  if (!kind) throw new Error("The generated file is not a PNG, JPEG, GIF or WebP image");
  const key = `app-images/${owner}/${name}.${kind.ext}`;
  await app.bindings.MEDIA.put(key, image.bytes, { httpMetadata: { contentType: kind.type } });
  return mediaUrl(key);
}
