import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { identifyProfile } from "~/features/analytics/identify.server";
import { ingestBatch } from "~/features/analytics/ingest.server";
import { BODY_MAX_BYTES, batchSchema } from "~/features/analytics/schema";
import { jsonError } from "~/http/api.server";
import { placeOf } from "~/http/location.server";
import { visitorOf } from "~/http/visitor.server";

/**
 * POST /api/data: the analytics proxy (spec 7), standard batched uploads from our pages' batcher.
 * Its answers are the proxy's own ({success, error, details?}), not the API's error body.
 */
const answer = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
const problem = (status: 400 | 405 | 413 | 415, error: string, details?: unknown) =>
  answer(status, { success: false, error, ...(details ? { details } : {}) });

/** sendBeacon posts a string as text/plain; fetch as application/json. Nothing else is a batch. */
function acceptsType(contentType: string | null): boolean {
  if (!contentType) return true;
  const type = contentType.split(";")[0].trim().toLowerCase();
  return type === "application/json" || type === "text/plain";
}

async function readBatch(request: Request): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  if (!acceptsType(request.headers.get("Content-Type")))
    return { ok: false, response: problem(415, "Send the batch as application/json or text/plain") };
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > BODY_MAX_BYTES)
    return { ok: false, response: problem(413, `A batch is at most ${BODY_MAX_BYTES} bytes`) };
  const bytes = await request.arrayBuffer();
  if (bytes.byteLength > BODY_MAX_BYTES)
    return { ok: false, response: problem(413, `A batch is at most ${BODY_MAX_BYTES} bytes`) };
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch {
    return { ok: false, response: problem(400, "The body is not JSON") };
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return problem(405, "Method not allowed");
  const read = await readBatch(request);
  if (!read.ok) return read.response;
  const parsed = batchSchema.safeParse(read.value);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 10).map((i) => ({ field: i.path.join("."), message: i.message }));
    return problem(400, `Invalid batch: ${issues[0].field ? `${issues[0].field}: ` : ""}${issues[0].message}`, issues);
  }
  // Who the events belong to is decided here, never by the client: the signed-in user (session
  // cookie or bearer token) and the anonymous id of the visitor's cookie.
  const { user, anonymousId } = await visitorOf(context.app, request, { bearer: true });
  const outcome = await ingestBatch(context.app, { userId: user?.id ?? null, anonymousId }, parsed.data.batch);
  if (outcome.identifyTraits && user)
    await identifyProfile(context.app, user.id, placeOf(request, outcome.identifyTraits));
  return answer(200, {
    success: true,
    received: outcome.received,
    stored: outcome.stored,
    duplicates: outcome.duplicates,
    identified: Boolean(outcome.identifyTraits && user),
    ignored: outcome.ignored,
  });
}

export const loader = () => jsonError(405, "Method not allowed");
