/**
 * Opens the media a description call names as a ByteSource read in ranges: the app's own upload
 * from R2 (MEDIA binding, ranged gets), or a web address through the safe fetch (HTTP Range
 * requests when the server honours them; else what the first read brought). The container parsers
 * read a few ranges; a transcription or a PDF reads the whole file up to a limit.
 */
import type { AppContext } from "~/platform/context";
import { safeFetch, WebFetchError, type FetchEnv } from "~/platform/adapters/web/safe-fetch.server";
import { ServiceError } from "~/platform/service-error";
import { HEAD_BYTES, type ByteSource } from "./containers";
import { fileNameOf, mediaLocation } from "./sources";

export interface MediaFile extends ByteSource {
  name: string;
  contentType: string;
  /** Where it came from: "upload" (R2) or "web". */
  origin: "upload" | "web";
  /** The whole file, when it is at most maxBytes; else null. */
  readAll(maxBytes: number): Promise<Uint8Array | null>;
}

const WEB_TIMEOUT_MS = 15_000;

function r2Source(app: AppContext, key: string, object: R2Object): MediaFile {
  const size = object.size;
  return {
    name: fileNameOf(key),
    contentType: object.httpMetadata?.contentType ?? "",
    origin: "upload",
    size,
    async read(offset, length) {
      if (offset >= size || length <= 0) return new Uint8Array(0);
      const part = await app.bindings.MEDIA.get(key, { range: { offset, length: Math.min(length, size - offset) } });
      return part ? new Uint8Array(await part.arrayBuffer()) : new Uint8Array(0);
    },
    async readAll(maxBytes) {
      if (size > maxBytes) return null;
      const whole = await app.bindings.MEDIA.get(key);
      return whole ? new Uint8Array(await whole.arrayBuffer()) : null;
    },
  };
}

/** "bytes 0-1023/52345" → 52345; null when the total is unknown or the header is absent. */
export function contentRangeTotal(header: string | null): number | null {
  const total = header ? /\/\s*(\d+)\s*$/.exec(header)?.[1] : undefined;
  return total ? Number(total) : null;
}

async function webSource(env: FetchEnv, url: string): Promise<MediaFile> {
  const first = await safeFetch(env, url, {
    maxBytes: HEAD_BYTES,
    timeoutMs: WEB_TIMEOUT_MS,
    headers: { Range: `bytes=0-${HEAD_BYTES - 1}` },
  });
  const ranged = first.status === 206;
  const length = Number(first.headers.get("Content-Length") ?? NaN);
  const size = ranged
    ? contentRangeTotal(first.headers.get("Content-Range"))
    : !first.truncated
      ? first.bytes.length
      : Number.isFinite(length)
        ? length
        : null;
  const complete = size !== null && first.bytes.length >= size;
  return {
    name: fileNameOf(first.url),
    contentType: first.contentType.split(";")[0].trim(),
    origin: "web",
    size,
    async read(offset, count) {
      if (offset + count <= first.bytes.length || complete) return first.bytes.subarray(offset, offset + count);
      if (!ranged) return first.bytes.subarray(offset, offset + count);
      const part = await safeFetch(env, first.url, {
        maxBytes: count,
        timeoutMs: WEB_TIMEOUT_MS,
        headers: { Range: `bytes=${offset}-${offset + count - 1}` },
      });
      // A server that answers the whole file to a range request: take the range out of it.
      return part.status === 206 ? part.bytes : new Uint8Array(0);
    },
    async readAll(maxBytes) {
      if (complete) return first.bytes;
      if (size !== null && size > maxBytes) return null;
      const whole = await safeFetch(env, first.url, { maxBytes, timeoutMs: WEB_TIMEOUT_MS * 2 });
      return whole.truncated ? null : whole.bytes;
    },
  };
}

/**
 * The media at `raw` for the app: its own upload, or a web address. Forbidden (403) when it points
 * at another app's upload or anything else stored here, invalid (400) when it is no link; not found
 * (404) when the upload is not there; a WebFetchError when a web address cannot be read.
 */
export async function openMedia(app: AppContext, appId: string, raw: string, origin?: string): Promise<MediaFile> {
  const location = mediaLocation(raw, appId, origin);
  if (location.kind === "refused") throw new ServiceError("invalid", location.why);
  if (location.kind === "foreign") throw new ServiceError("forbidden", location.why);
  if (location.kind === "web") return webSource(app.env, location.url);
  const object = await app.bindings.MEDIA.head(location.key);
  if (!object) throw new ServiceError("not-found", "That file is not in this app's media");
  return r2Source(app, location.key, object);
}

export { WebFetchError };
