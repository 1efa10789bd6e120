/**
 * Media in R2 (simulated locally by wrangler): uploads are checked by their first bytes, not by
 * what the browser claims, stored under unique keys and served from /media/<key>. Profile photos
 * and landing images take images (putImage); an app's media library takes images, audio, video and
 * PDF (putAppMedia, under app-media/{appId}/), each within its size limit (./sniff.ts).
 */
import type { AppContext } from "~/platform/context";
import { sniffMedia, SNIFF_BYTES, uploadProblem, type Sniffed } from "./sniff";

export { MEDIA_MAX_BYTES, MAX_UPLOAD_REQUEST_BYTES, sniffMedia, uploadMessages, type Sniffed } from "./sniff";

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

export const MEDIA_PREFIXES = ["profile-photos/", "app-images/", "app-media/", "user-media/"] as const;
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

export interface StoredMedia extends Sniffed {
  key: string;
  url: string;
  size: number;
}

/** The R2 key prefix of an app's media library: every upload of the app lives under it. */
export const appMediaPrefix = (appId: string) => `app-media/${appId}/`;

/**
 * Stores a file in the app's media library when its bytes are an image, audio, video or PDF within
 * the kind's size limit; else the reason, in words, and nothing is stored. Only the first bytes are
 * read to sniff; the file itself goes to R2 as it is.
 */
export const putAppMedia = (app: AppContext, appId: string, file: Blob | Uint8Array) =>
  putSniffed(app, appMediaPrefix(appId), file);

/** Stores the file under `prefix` when its bytes are a kind we take within its size limit; else why not. */
async function putSniffed(
  app: AppContext,
  prefix: string,
  file: Blob | Uint8Array,
): Promise<StoredMedia | { error: string }> {
  const size = file instanceof Uint8Array ? file.byteLength : file.size;
  const head =
    file instanceof Uint8Array
      ? file.subarray(0, SNIFF_BYTES)
      : new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const sniffed = sniffMedia(head);
  const problem = uploadProblem(sniffed, size);
  if (problem || !sniffed) return { error: problem ?? "" };
  const key = `${prefix}${crypto.randomUUID()}.${sniffed.ext}`;
  // A Blob goes as it is (no second copy of a large video in memory).
  await app.bindings.MEDIA.put(key, file, {
    httpMetadata: { contentType: sniffed.contentType },
  });
  return { ...sniffed, key, url: mediaUrl(key), size };
}

/** The R2 key prefix of an app end user's own uploads (activities, issue 14): user-media/{appId}/{userId}/. */
export const userMediaKeyPrefix = (appId: string, userId: string) => `user-media/${appId}/${userId}/`;

/**
 * Stores an end user's file (an activity upload, or a picture an AI card made for them) under
 * user-media/{appId}/{userId}/ when its bytes are an image, audio, video or PDF within the kind's
 * size limit; else the reason, in words, and nothing is stored.
 */
export const putUserMedia = (app: AppContext, appId: string, userId: string, file: Blob | Uint8Array) =>
  putSniffed(app, userMediaKeyPrefix(appId, userId), file);

/** The stored type and size of a /media/ url's object, or null when there is no such object. */
export async function storedMediaInfo(
  app: AppContext,
  url: string,
): Promise<{ key: string; contentType: string; size: number } | null> {
  if (!url.startsWith("/media/")) return null;
  const key = url.slice("/media/".length);
  if (key.includes("..")) return null;
  const head = await app.bindings.MEDIA.head(key);
  if (!head) return null;
  return { key, contentType: head.httpMetadata?.contentType ?? "application/octet-stream", size: head.size };
}

export async function deleteMedia(app: AppContext, url: string | null) {
  if (!url?.startsWith("/media/")) return;
  await app.bindings.MEDIA.delete(url.slice("/media/".length));
}

/**
 * A copy of an image of the app's media library (app-media/{appId}/…) where landing pages take
 * pictures from (app-images/{appId}/{id}.{ext}, as the landing editor stores an upload): answers its
 * address, or why not (not this app's, not an image, over the landing image's 2 MB).
 */
export async function copyLibraryImage(
  app: AppContext,
  appId: string,
  url: string,
): Promise<{ url: string } | { error: string }> {
  const prefix = `/media/${appMediaPrefix(appId)}`;
  const key = url.startsWith(prefix) && !url.includes("..") ? url.slice("/media/".length) : null;
  const object = key ? await app.bindings.MEDIA.get(key) : null;
  if (!object) return { error: "That photo is not in this app’s media library." };
  if (object.size > IMAGE_MAX_BYTES) return { error: "A landing page photo must be 2 MB or smaller." };
  const bytes = new Uint8Array(await object.arrayBuffer());
  const kind = sniffImage(bytes);
  if (!kind) return { error: "That file is not a PNG, JPEG, GIF or WebP image." };
  const copy = `app-images/${appId}/${crypto.randomUUID()}.${kind.ext}`;
  await app.bindings.MEDIA.put(copy, bytes, { httpMetadata: { contentType: kind.type } });
  return { url: mediaUrl(copy) };
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
