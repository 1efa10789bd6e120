/**
 * The one way the server fetches a URL a creator gave (link previews, media descriptions, the
 * online-video service): every hop is checked by ./addresses.ts before it is sent, and
 * - only http(s), to public hosts (the allow-list of local stand-ins applies in development and
 *   the tests only: production fails closed and ignores LINK_FETCH_ALLOW);
 * - redirects are followed by hand, at most MAX_REDIRECTS, each new address checked again (a
 *   public page cannot bounce the fetch to a loopback port);
 * - one deadline for the whole fetch, body included;
 * - the body is read as a stream and cut at maxBytes (the rest is never downloaded).
 */
import { isDevelopment, type Env } from "~/platform/env";
import { parseAllowList, urlRefusal, type AllowEntry } from "./addresses";

export const MAX_REDIRECTS = 5;
export const DEFAULT_TIMEOUT_MS = 8_000;
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
const USER_AGENT = "StudioLinkReader/1.0 (+https://studio.example/link-reader)";

export type FetchFailure = "refused" | "timeout" | "status" | "network" | "redirects";

/** Why a fetch gave nothing usable, in words a creator can act on (the message) and a kind. */
export class WebFetchError extends Error {
  constructor(
    readonly kind: FetchFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "WebFetchError";
  }
}

export type FetchEnv = Pick<Env, "ENVIRONMENT" | "LINK_FETCH_ALLOW">;

/** The stand-ins this deploy may reach despite the address rule: none in production. */
export function allowedStandIns(env: FetchEnv): AllowEntry[] {
  if (!isDevelopment(env)) return [];
  return parseAllowList(env.LINK_FETCH_ALLOW);
}

/** The URL as a URL when a fetch may go there; else a WebFetchError "refused" saying why. */
export function checkedUrl(env: FetchEnv, raw: string | URL, base?: string | URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new WebFetchError("refused", "That is not a valid link");
  }
  const why = urlRefusal(url, allowedStandIns(env));
  if (why) throw new WebFetchError("refused", `That link cannot be read: ${why}`);
  url.hash = "";
  return url;
}

export interface SafeFetchOptions {
  /** Bytes of the body kept; the rest is not downloaded and `truncated` says so. */
  maxBytes?: number;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Statuses answered rather than thrown (2xx always are). */
  acceptStatus?: (status: number) => boolean;
}

export interface FetchedBody {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  headers: Headers;
  contentType: string;
  bytes: Uint8Array<ArrayBuffer>;
  truncated: boolean;
}

/** Reads at most maxBytes of a body, then cancels the rest of the stream. */
async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number) {
  if (!body) return { bytes: new Uint8Array(new ArrayBuffer(0)), truncated: false };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - size;
    if (value.byteLength >= room) {
      chunks.push(value.subarray(0, room));
      size += room;
      truncated = value.byteLength > room;
      // Even when this chunk fitted exactly, more may follow: cancel and say nothing of it.
      const next = truncated ? null : await reader.read();
      if (next && !next.done && next.value.byteLength > 0) truncated = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { bytes, truncated };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** GET a URL a creator gave, by the rules above. Throws WebFetchError for every way it can fail. */
export async function safeFetch(env: FetchEnv, raw: string, options: SafeFetchOptions = {}): Promise<FetchedBody> {
  const { maxBytes = DEFAULT_MAX_BYTES, timeoutMs = DEFAULT_TIMEOUT_MS, headers = {}, acceptStatus } = options;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let url = checkedUrl(env, raw);
  try {
    for (let hop = 0; ; hop++) {
      let response: Response;
      try {
        response = await fetch(url.toString(), {
          method: "GET",
          redirect: "manual",
          signal: controller.signal,
          headers: { "User-Agent": USER_AGENT, Accept: "*/*", ...headers },
        });
      } catch (error) {
        if (controller.signal.aborted) throw new WebFetchError("timeout", "The link took too long to answer");
        // The runtime's own words ("internal error; reference = …") help no creator: logged, not shown.
        console.warn("safe fetch: no answer from", url.host, String(error).slice(0, 200));
        throw new WebFetchError("network", `${url.host} could not be reached. Check the address, or try again later`);
      }
      if (REDIRECTS.has(response.status)) {
        const location = response.headers.get("Location");
        await response.body?.cancel().catch(() => undefined);
        if (!location) throw new WebFetchError("status", "The link redirected without saying where", response.status);
        if (hop >= MAX_REDIRECTS) throw new WebFetchError("redirects", "The link redirected too many times");
        url = checkedUrl(env, location, url);
        continue;
      }
      const ok = (response.status >= 200 && response.status < 300) || acceptStatus?.(response.status);
      if (!ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new WebFetchError("status", `The link answered ${response.status}`, response.status);
      }
      const body = await readCapped(response.body, maxBytes).catch((error: unknown) => {
        if (controller.signal.aborted) throw new WebFetchError("timeout", "The link took too long to answer");
        console.warn("safe fetch: the answer broke off from", url.host, String(error).slice(0, 200));
        throw new WebFetchError("network", `${url.host} stopped answering part way. Try again later`);
      });
      return {
        url: url.toString(),
        status: response.status,
        headers: response.headers,
        contentType: (response.headers.get("Content-Type") ?? "").toLowerCase(),
        ...body,
      };
    }
  } finally {
    clearTimeout(timer);
  }
}
