import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { MEDIA_PREFIXES } from "~/platform/adapters/storage/media.server";

/** GET /media/<key>: an uploaded file from R2. Keys are unique per upload, so browsers may keep them for good. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  if (!MEDIA_PREFIXES.some((prefix) => key.startsWith(prefix)) || key.includes(".."))
    return new Response("Not found", { status: 404 });
  const object = await context.app.bindings.MEDIA.get(key);
  if (!object) return new Response("Not found", { status: 404 });
  return new Response(object.body, {
    headers: {
      "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      ETag: object.httpEtag,
    },
  });
}
