import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { MEDIA_PREFIXES } from "~/platform/adapters/storage/media.server";
import { byteRange } from "~/platform/adapters/storage/range";

/**
 * GET /media/<key>: an uploaded file from R2, with its stored type (sniffed at upload). Keys are
 * unique per upload, so browsers may keep them for good. Audio and video players seek with Range
 * requests: one byte range answers 206 with its Content-Range, an unsatisfiable one 416.
 */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  if (!MEDIA_PREFIXES.some((prefix) => key.startsWith(prefix)) || key.includes(".."))
    return new Response("Not found", { status: 404 });
  const bucket = context.app.bindings.MEDIA;
  const rangeHeader = request.headers.get("Range");
  let range: { offset: number; length: number } | null = null;
  let size: number | null = null;
  if (rangeHeader) {
    const head = await bucket.head(key);
    if (!head) return new Response("Not found", { status: 404 });
    size = head.size;
    const wanted = byteRange(rangeHeader, size);
    if (wanted === "unsatisfiable")
      return new Response("Range not satisfiable", {
        status: 416,
        headers: { "Content-Range": `bytes */${size}`, "Accept-Ranges": "bytes" },
      });
    range = wanted;
  }
  const object = await bucket.get(key, range ? { range } : undefined);
  if (!object) return new Response("Not found", { status: 404 });
  const headers = new Headers({
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Accept-Ranges": "bytes",
    ETag: object.httpEtag,
  });
  if (range && size !== null) {
    headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${size}`);
    headers.set("Content-Length", String(range.length));
    return new Response(object.body, { status: 206, headers });
  }
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}
